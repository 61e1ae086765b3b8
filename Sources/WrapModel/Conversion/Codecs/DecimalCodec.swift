import Foundation

/// A `Decimal` read from the number's own text, so `0.1` is exactly 0.1 (never through `Double`);
/// numeric strings are accepted too. Written as an exact decimal number.
struct DecimalCodec: WrapValueCodec {
    var expectedDescription: String { "decimal number" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Decimal? {
        guard let text = stored.numberText ?? stored.string else { return nil }
        return Self.parse(text)
    }

    func encode(_ value: Decimal, context: WrapEncodingContext) -> Any? { value.isNaN ? nil : value }

    /// The whole of `text` as a decimal (`"1e-7"`, `"-0.10"`); nil when any of it is not a number.
    static func parse(_ text: String) -> Decimal? {
        let scanner = Scanner(string: text)
        scanner.locale = Locale(identifier: "en_US_POSIX")
        guard let value = scanner.scanDecimal(), scanner.isAtEnd, !value.isNaN else { return nil }
        return value
    }
}
