/// Helpers for numbers written as strings.
enum NumericText {
    /// `string` without surrounding spaces (`" 42 "` reads as 42, as the `Int` codec reads it).
    static func trimmed(_ string: String) -> String {
        String(string.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
