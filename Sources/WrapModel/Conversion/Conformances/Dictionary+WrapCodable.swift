extension Dictionary: WrapCodable where Key == String, Value: WrapCodable {
    /// Member by member; members that do not convert are left out (and reported).
    public static var wrapCodec: WrapDictionaryCodec<Value.WrapCodec> { WrapDictionaryCodec(Value.wrapCodec) }
}
