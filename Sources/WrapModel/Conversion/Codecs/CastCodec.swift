/// `as? T` in, the value itself out: a `WrapProperty<T>` created without a codec.
struct CastCodec<T>: WrapValueCodec {
    var expectedDescription: String { String(describing: T.self) }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> T? { stored.raw.any as? T }

    func encode(_ value: T, context: WrapEncodingContext) -> Any? { OptionalFlattening.flattened(value) }

    func isNoValue(_ value: T) -> Bool { OptionalFlattening.flattened(value) == nil }
}
