/// Helpers for numbers written as strings.
enum NumericText {
    /// `string` without surrounding spaces (`" 42 "` reads as 42, as the `Int` codec reads it).
    static func trimmed(_ string: String) -> String {
        String(string.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }

    /// Reports `stored` when it is a number the codec's type cannot hold, naming the range, so
    /// `validate()` says "expected integer in Int's range, found number" rather than "expected
    /// integer, found number". Other values are left to the property's own report. (The number's
    /// text is not quoted: parsed JSON and Foundation values spell the same number differently.)
    static func reportOutOfRange(_ stored: WrapStoredValue, expected: String, context: WrapDecodingContext) {
        guard stored.numberText != nil else { return }
        context.report(.wrongType(expected: expected, found: stored.raw.typeDescription))
    }
}
