extension Double: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: Double { 0 }
}
