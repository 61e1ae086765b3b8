extension Int64: WrapCodable {
    /// Integers read exactly from the number's text (beyond `Int` where `Int` is 32-bit).
    public static var wrapCodec: some WrapValueCodec<Int64> { Int64Codec() }
}
