import WrapModelJSON
/// Integers as they are, other numbers rounded, numeric strings parsed; out of range gives nil.
struct IntCodec: WrapValueCodec {
    var expectedDescription: String { "integer" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Int? {
        if let value = stored.raw.int { return value }
        NumericText.reportOutOfRange(stored, expected: "integer in Int's range", context: context)
        return nil
    }

    func encode(_ value: Int, context: WrapEncodingContext) -> Any? { value }
}
