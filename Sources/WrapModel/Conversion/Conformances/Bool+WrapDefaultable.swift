extension Bool: WrapDefaultable {
    /// `false`.
    public static var wrapDefaultValue: Bool { false }
}
