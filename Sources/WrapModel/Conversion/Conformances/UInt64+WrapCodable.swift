extension UInt64: WrapCodable {
    /// Non-negative integers read exactly from the number's text, up to 18446744073709551615.
    public static var wrapCodec: some WrapValueCodec<UInt64> { UInt64Codec() }
}
