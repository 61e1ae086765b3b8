import WrapModelJSON
/// Booleans, numbers and yes/no-style strings in; written as `output` says.
struct BoolCodec: WrapValueCodec {
    var output: WrapPropertyBoolOutputType = .boolean

    var expectedDescription: String { "boolean" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Bool? {
        // A JSON `true` or `false` is read from the tape without materialising it.
        if case .json(let node) = stored.raw, let value = node.boolValue { return value }
        return NumberReading.bool(stored.raw.any)
    }

    func encode(_ value: Bool, context: WrapEncodingContext) -> Any? { output.output(value) }
}
