extension String: WrapCodable {
    /// Strings only.
    public static var wrapCodec: some WrapValueCodec<String> { StringCodec() }
}
