import WrapModelJSON
/// Strings only; other types do not convert.
struct StringCodec: WrapValueCodec {
    var expectedDescription: String { "string" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> String? {
        if case .json(let node) = stored.raw { return node.stringValue }
        return NativeValue.string(stored.raw.any)
    }

    func encode(_ value: String, context: WrapEncodingContext) -> Any? { value }
}
