extension Float: WrapCodable {
    /// Any number `Float` can hold, or numeric string; written in the `Float`'s shortest form.
    public static var wrapCodec: some WrapValueCodec<Float> { FloatCodec() }
}
