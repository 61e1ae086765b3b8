import Foundation

/// Why a model could not be created, read or written.
///
/// ```swift
/// do { let c = try Customer(parsing: body, strict: true) }
/// catch { print(error) }   // invalid value at address.zip: expected string, found integer
/// ```
///
/// Not frozen: later versions may add cases, so a `switch` over it should end with `default:`.
public enum WrapModelError: Error, Equatable, CustomStringConvertible {
    /// The input is not valid JSON; `offset` is the byte offset where reading stopped, when known.
    case malformedJSON(reason: String, offset: Int?)
    /// The input is valid but its root is not an object; `found` names what it is. For an array
    /// the message names the call that reads one, `[Model](parsing:)`.
    case notAnObject(found: String)
    /// A value in the data is invalid (thrown in strict mode).
    case invalidValue(WrapModelIssue)
    /// A file could not be read (missing, unreadable or corrupt); `reason` says which.
    case unreadable(URL, reason: String)
    /// A file could not be written; the previous file, if any, is left as it was. `reason` says
    /// why in words, e.g. "permission denied".
    case unwritable(URL, reason: String)
    /// The input is not a valid property list.
    case malformedPropertyList(reason: String)
    /// A value cannot be written in the requested format (e.g. a NaN in JSON); `keyPath` says where.
    case unencodable(keyPath: String, found: String)
    /// The data's version is newer than the model type knows how to read.
    case unsupportedVersion(found: Int, current: Int)

    /// A one-line message naming the key path (`<root>` for the model's own level) and what was found.
    public var description: String {
        switch self {
        case .malformedJSON(let reason, let offset):
            return offset.map { "malformed JSON at byte \($0): \(reason)" } ?? "malformed JSON: \(reason)"
        case .notAnObject(let found) where found == "array":
            return "expected a JSON object at the root, found array (read an array of models with [Model](parsing:))"
        case .notAnObject(let found):
            return "expected a JSON object at the root, found \(found)"
        case .invalidValue(let issue):
            return "invalid value at \(issue)"
        case .unreadable(let url, let reason):
            return "cannot read \(url.path): \(reason)"
        case .unwritable(let url, let reason):
            return "\(reason) writing \(url.path)"
        case .malformedPropertyList(let reason):
            return "malformed property list: \(reason)"
        case .unencodable(let keyPath, let found):
            return "cannot encode \(found) at \(WrapModelIssue.displayed(keyPath))"
        case .unsupportedVersion(let found, let current):
            return "data version \(found) is newer than the newest known version \(current)"
        }
    }
}

extension WrapModelError: LocalizedError {
    /// The one-line message of ``description``, so that `error.localizedDescription` (what an
    /// alert or a log shows of any `Error`) says what went wrong and where.
    public var errorDescription: String? { description }
}
