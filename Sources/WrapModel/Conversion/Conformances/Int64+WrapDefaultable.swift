extension Int64: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: Int64 { 0 }
}
