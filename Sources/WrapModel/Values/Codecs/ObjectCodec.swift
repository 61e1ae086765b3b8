import WrapModelJSON
/// A nested object as a `[String: Any]`, untouched.
struct ObjectCodec: WrapValueCodec {
    var expectedDescription: String { "object" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> [String: Any]? { NativeValue.object(stored.raw.any) }

    func encode(_ value: [String: Any], context: WrapEncodingContext) -> Any? { value }
}
