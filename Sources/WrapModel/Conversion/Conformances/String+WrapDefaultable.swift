extension String: WrapDefaultable {
    /// `""`.
    public static var wrapDefaultValue: String { "" }
}
