extension Int: WrapCodable {
    /// Integers as they are, other numbers rounded, numeric strings parsed.
    public static var wrapCodec: some WrapValueCodec<Int> { IntCodec() }
}
