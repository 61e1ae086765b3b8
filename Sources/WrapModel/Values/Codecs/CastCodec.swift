import WrapModelJSON
/// `as? T` in, the value itself out: a `WrapProperty<T>` created without a codec. Numbers convert
/// as a bridged `NSNumber` converts (see `NumberBridging`), so a model reads the same whether its
/// data came from `JSONSerialization`, from bytes or from a stored copy.
struct CastCodec<T>: WrapValueCodec {
    var expectedDescription: String { String(describing: T.self) }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> T? {
        NumberBridging.cast(stored.raw.any, to: T.self)
    }

    func encode(_ value: T, context: WrapEncodingContext) -> Any? { OptionalFlattening.flattened(value) }

    func isNoValue(_ value: T) -> Bool { OptionalFlattening.flattened(value) == nil }
}
