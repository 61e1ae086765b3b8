import WrapModelJSON
/// Booleans, numbers and yes/no-style strings in; written as `output` says.
struct BoolCodec: WrapValueCodec {
    var output: WrapPropertyBoolOutputType = .boolean

    var expectedDescription: String { "boolean" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Bool? { NumberReading.bool(stored.raw.any) }

    func encode(_ value: Bool, context: WrapEncodingContext) -> Any? { output.output(value) }
}
