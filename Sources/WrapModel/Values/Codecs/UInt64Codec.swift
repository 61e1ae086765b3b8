/// A `UInt64` from non-negative integers (exactly, from the number's text, up to 18446744073709551615),
/// integral doubles in range and numeric strings.
struct UInt64Codec: WrapValueCodec {
    var expectedDescription: String { "unsigned 64-bit integer" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> UInt64? {
        if let text = stored.numberText ?? stored.string.map(NumericText.trimmed) {
            if let exact = UInt64(text) { return exact }
            if let double = Double(text), double.isFinite, double == double.rounded(), let value = UInt64(exactly: double) {
                return value
            }
        }
        NumericText.reportOutOfRange(stored, expected: "integer in UInt64's range", context: context)
        return nil
    }

    /// As an `Int` up to `Int.max`; beyond it as the `UInt64`, which the JSON and property-list writers print exactly.
    func encode(_ value: UInt64, context: WrapEncodingContext) -> Any? { Int(exactly: value) ?? value }
}
