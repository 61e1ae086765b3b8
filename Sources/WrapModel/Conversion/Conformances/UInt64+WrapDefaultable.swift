extension UInt64: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: UInt64 { 0 }
}
