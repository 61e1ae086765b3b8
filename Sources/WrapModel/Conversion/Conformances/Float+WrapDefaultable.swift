extension Float: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: Float { 0 }
}
