/// Codecs whose output runs user code: named transformers (alone or optional). Merge patches and
/// `hasChanges` do not compare what such a codec writes, so as not to run it.
protocol UserTransformingCodec {}

extension TransformerCodec: UserTransformingCodec {}

extension WrapOptionalCodec: UserTransformingCodec where Wrapped: UserTransformingCodec {}
