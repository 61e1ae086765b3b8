import WrapModelFormats

/// Why a stream of models ended early, and where.
///
/// Every element before ``elementIndex`` was delivered. ``offset`` counts bytes from the start of
/// the stream, so the position can be found in a saved copy of it:
/// `stream element 3 at byte 1207: malformed JSON at byte 41 of the element: unexpected character '}'`.
public struct WrapStreamError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// The element's bytes were framed but do not give a model; the error is the one
        /// `init(parsing:)` throws for those bytes, with offsets counted from the element's start.
        case badElement(WrapModelError)
        /// The bytes between elements are not what the format allows: garbage after an element,
        /// a trailing comma, a missing opening bracket, data after the end of the array.
        case malformedStream(reason: String)
        /// An element, an SSE line or an event's data grew beyond
        /// ``WrapStreamOptions/maxElementBytes``.
        case elementTooLarge(limit: Int)
        /// Nesting deeper than 512 containers, refused as soon as it is read.
        case nestingTooDeep(limit: Int)
        /// The stream ended inside an element, or before its array was closed.
        case truncated
        /// `format: .array(at:)` found no array at the key path; `found` is what was there
        /// (`"nothing"` when the key path is absent).
        case arrayNotFound(keyPath: String, found: String)
        /// The source threw this error.
        case sourceFailed(any Error)
        /// The iterating task was cancelled; the source was released.
        case cancelled

        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.badElement(let a), .badElement(let b)): return a == b
            case (.malformedStream(let a), .malformedStream(let b)): return a == b
            case (.elementTooLarge(let a), .elementTooLarge(let b)): return a == b
            case (.nestingTooDeep(let a), .nestingTooDeep(let b)): return a == b
            case (.truncated, .truncated), (.cancelled, .cancelled): return true
            case (.arrayNotFound(let a, let x), .arrayNotFound(let b, let y)): return a == b && x == y
            // Errors in general are not equatable: same type and same description.
            case (.sourceFailed(let a), .sourceFailed(let b)):
                return type(of: a) == type(of: b) && String(describing: a) == String(describing: b)
            default: return false
            }
        }
    }

    /// The index of the element that failed (or would have come next), counted from 0 over
    /// every element framed, skipped ones included.
    public let elementIndex: Int
    /// The byte offset in the stream, from its first byte: where the problem was found (for
    /// ``Kind/badElement(_:)`` with an offset, the element's start plus that offset; for
    /// ``Kind/elementTooLarge(limit:)``, the element's start).
    public let offset: Int
    /// What went wrong.
    public let kind: Kind

    /// Creates an error; streams create these, tests may too.
    /// - Parameters:
    ///   - elementIndex: The index of the element the error is in.
    ///   - offset: The byte offset from the start of the stream.
    ///   - kind: What went wrong.
    public init(elementIndex: Int, offset: Int, kind: Kind) {
        self.elementIndex = elementIndex
        self.offset = offset
        self.kind = kind
    }

    public var description: String {
        let place = "stream element \(elementIndex) at byte \(offset)"
        switch kind {
        case .badElement(let error):
            if case .malformedJSON(let reason, let inner?) = error {
                return "\(place): malformed JSON at byte \(inner) of the element: \(reason)"
            }
            return "\(place): \(error)"
        case .malformedStream(let reason): return "\(place): \(reason)"
        case .elementTooLarge(let limit): return "\(place): element larger than \(limit) bytes"
        case .nestingTooDeep(let limit): return "\(place): nesting deeper than \(limit)"
        case .truncated: return "\(place): the stream ended inside an element"
        case .arrayNotFound(let keyPath, let found): return "\(place): expected an array at \(keyPath), found \(found)"
        case .sourceFailed(let error): return "\(place): the source failed: \(error)"
        case .cancelled: return "\(place): cancelled"
        }
    }
}

extension WrapStreamError {
    /// A framing failure as the error a user sees: the same kind, element index and offset.
    init(_ error: StreamFramingError) {
        let kind: Kind
        switch error.kind {
        case .malformedStream(let reason): kind = .malformedStream(reason: reason)
        case .elementTooLarge(let limit): kind = .elementTooLarge(limit: limit)
        case .nestingTooDeep(let limit): kind = .nestingTooDeep(limit: limit)
        case .truncated: kind = .truncated
        case .arrayNotFound(let keyPath, let found): kind = .arrayNotFound(keyPath: keyPath, found: found)
        }
        self.init(elementIndex: error.elementIndex, offset: error.offset, kind: kind)
    }
}
