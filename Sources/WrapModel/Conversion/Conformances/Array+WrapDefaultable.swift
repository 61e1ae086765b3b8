extension Array: WrapDefaultable {
    /// `[]`.
    public static var wrapDefaultValue: [Element] { [] }
}
