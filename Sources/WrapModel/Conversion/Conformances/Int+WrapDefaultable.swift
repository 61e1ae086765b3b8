extension Int: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: Int { 0 }
}
