import Foundation

/// The package's own JSON reader and writer, for data outside a model.
///
/// ```swift
/// let value = try WrapJSON.parse(body)                      // [String: Any], [Any], String, Int, Double, Bool or NSNull
/// let bytes = try WrapJSON.data(from: value, options: [.sortedKeys])
/// ```
/// Objects become `[String: Any]`, arrays `[Any]`, integers that fit `Int` become `Int`, larger
/// integers up to `UInt64.max` an unsigned `NSNumber` (as `JSONSerialization` reads them), other
/// numbers `Double`, and `null` becomes `NSNull`. It is several times faster than
/// `JSONSerialization` on Linux. The parser is strict RFC 8259 (no byte-order mark, no trailing
/// commas).
///
/// What it writes is standard JSON that `JSONSerialization` reads, and this parser reads it back
/// exactly: every double to the bit, `-0.0` with its sign, integers up to `UInt64.max`, strings
/// unchanged. `JSONSerialization` itself is not that exact on Linux: it may read some doubles one
/// or two units in the last place off, reads `-0.0` as the integer `0`, and strips a leading
/// U+FEFF from strings.
public enum WrapJSON {
    /// Parses UTF-8 JSON whose root may be any value.
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)`` with the byte offset of the problem.
    /// - Parameter data: UTF-8 JSON.
    public static func parse(_ data: Data) throws(WrapModelError) -> Any {
        try JSONInput.value(from: data)
    }

    /// Writes `value` as UTF-8 JSON. Only `prettyPrinted` and `sortedKeys` of `options` apply.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` for values without a JSON form.
    /// - Parameters:
    ///   - value: A JSON value: `[String: Any]`, `[Any]`, a string, a number, a `Bool` or `NSNull`.
    ///   - options: Only `.prettyPrinted` and `.sortedKeys` apply. Defaults to `[]`.
    public static func data(from value: Any, options: WrapOutputOptions = []) throws(WrapModelError) -> Data {
        try JSONOutput.data(value, options: options)
    }
}
