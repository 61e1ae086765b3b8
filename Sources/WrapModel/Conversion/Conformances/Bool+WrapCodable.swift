extension Bool: WrapCodable {
    /// Booleans, numbers and yes/no-style strings; written as `true`/`false`.
    public static var wrapCodec: some WrapValueCodec<Bool> { BoolCodec() }
}
