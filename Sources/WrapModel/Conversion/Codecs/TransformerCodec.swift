import WrapModelJSON
/// A value converted by a named transformer of ``WrapValueTransformers``, looked up on each
/// conversion (so a transformer registered after the model was declared is found).
struct TransformerCodec<T>: WrapValueCodec {
    let name: String

    var expectedDescription: String { "\(String(describing: T.self)) from transformer \"\(name)\"" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> T? {
        guard let transformer = WrapValueTransformers.transformer(named: name) else {
            context.report(.unknownTransformer(name))
            return nil
        }
        guard let forwarded = transformer.forward(stored.raw.any).flatMap(OptionalFlattening.flattened),
              !NativeValue.isNull(forwarded) else { return nil }
        // As the generic properties cast: an NSDecimalNumber for a Double is the Double nearest
        // its digits, not Linux Foundation's inexact `doubleValue`.
        return NumberBridging.cast(forwarded, to: T.self)
    }

    func encode(_ value: T, context: WrapEncodingContext) -> Any? {
        guard let plain = OptionalFlattening.flattened(value),
              let transformer = WrapValueTransformers.transformer(named: name) else { return nil }
        guard let reverse = transformer.reverse else { return plain }
        return reverse(plain).flatMap(OptionalFlattening.flattened)
    }

    func isNoValue(_ value: T) -> Bool { OptionalFlattening.flattened(value) == nil }
}
