extension Optional: WrapDefaultable {
    /// `nil`.
    public static var wrapDefaultValue: Wrapped? { nil }
}
