extension Dictionary: WrapDefaultable {
    /// `[:]`.
    public static var wrapDefaultValue: [Key: Value] { [:] }
}
