import WrapModelJSON
/// Any number or numeric string, as a `Double`.
struct DoubleCodec: WrapValueCodec {
    var expectedDescription: String { "number" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Double? {
        NumberReading.double(stored.raw.any)
    }

    func encode(_ value: Double, context: WrapEncodingContext) -> Any? { value }
}
