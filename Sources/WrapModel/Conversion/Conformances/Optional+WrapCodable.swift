extension Optional: WrapCodable where Wrapped: WrapCodable {
    /// The wrapped type's codec; nil when the data has no value.
    public static var wrapCodec: WrapOptionalCodec<Wrapped.WrapCodec> { WrapOptionalCodec(Wrapped.wrapCodec) }
}
