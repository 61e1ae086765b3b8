extension Double: WrapCodable {
    /// Any number or numeric string.
    public static var wrapCodec: some WrapValueCodec<Double> { DoubleCodec() }
}
