import WrapModelJSON
/// Any number or numeric string, as a `Double`.
struct DoubleCodec: WrapValueCodec {
    var expectedDescription: String { "number" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Double? {
        // A JSON number is read straight from its text: the value converting its materialised form
        // gives (both round the exact value once), without boxing it.
        if case .json(let node) = stored.raw, let value = node.doubleValue { return value }
        return NumberReading.double(stored.raw.any)
    }

    func encode(_ value: Double, context: WrapEncodingContext) -> Any? { value }
}
