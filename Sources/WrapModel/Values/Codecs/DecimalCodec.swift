import Foundation

/// A `Decimal` read from the number's own text, so `0.1` is exactly 0.1 (never through `Double`);
/// numeric strings are accepted too. Written as an exact decimal number.
struct DecimalCodec: WrapValueCodec {
    var expectedDescription: String { "decimal number" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Decimal? {
        guard let text = stored.numberText ?? stored.string else { return nil }
        return WrapStoredValue.decimal(parsing: text)
    }

    func encode(_ value: Decimal, context: WrapEncodingContext) -> Any? { value.isNaN ? nil : value }
}
