/// How a byte stream frames the JSON values that become models.
///
/// ```swift
/// Status.models(streaming: bytes)                                   // [ {...}, {...}, ... ]
/// Status.models(streaming: bytes, format: .array(at: "statuses"))   // {"statuses": [ ... ], ...}
/// Event.models(streaming: bytes, format: .jsonLines)                // one document per line
/// ```
/// Server-sent events have their own call, `events(streaming:)`, because each event carries a
/// name and an id beside its model.
public struct WrapStreamFormat: Sendable, Equatable, CustomStringConvertible {
    enum Framing: Equatable {
        case array(path: [String])
        case jsonLines
    }

    let framing: Framing

    /// The elements of a top-level JSON array, one model per element.
    public static let array = WrapStreamFormat(framing: .array(path: []))

    /// The elements of the array at `keyPath` in the root object (period-delimited, as property
    /// keys are: `"data.items"`). The members around the array are read past without being kept:
    /// their brackets and strings are followed, so that memory stays bounded however large they
    /// are, but their contents are not checked as the elements' are.
    /// - Parameter keyPath: Period-delimited path of the value in the model's data.
    public static func array(at keyPath: String) -> WrapStreamFormat {
        WrapStreamFormat(framing: .array(path: keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)))
    }

    /// JSON Lines (also called NDJSON): one JSON document per line, lines ending in LF or CRLF.
    /// Lines holding only whitespace are passed over; the last line needs no line end.
    public static let jsonLines = WrapStreamFormat(framing: .jsonLines)

    public var description: String {
        switch framing {
        case .array(let path): return path.isEmpty ? "array" : "array(at: \"\(path.joined(separator: "."))\")"
        case .jsonLines: return "jsonLines"
        }
    }
}
