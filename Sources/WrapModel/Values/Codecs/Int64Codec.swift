/// An `Int64` from integers (exactly, from the number's text), integral doubles in range and
/// numeric strings.
struct Int64Codec: WrapValueCodec {
    var expectedDescription: String { "64-bit integer" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Int64? {
        if let text = stored.numberText ?? stored.string.map(NumericText.trimmed) {
            if let exact = Int64(text) { return exact }
            if let double = Double(text), double.isFinite, double == double.rounded(), let value = Int64(exactly: double) {
                return value
            }
        }
        NumericText.reportOutOfRange(stored, expected: "integer in Int64's range", context: context)
        return nil
    }

    /// As an `Int` where it fits (every writer and Codable know `Int`); only wider values stay `Int64`.
    func encode(_ value: Int64, context: WrapEncodingContext) -> Any? { Int(exactly: value) ?? value }
}
