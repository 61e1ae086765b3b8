/// Why a stream could not be cut into elements. The model library reports each as the public
/// `StreamFramingError` a user sees, with the same kind, element index and offset; this target
/// knows nothing of models, so it has its own.
package struct StreamFramingError: Error, Equatable {
    /// What went wrong: the kinds of failure that framing alone can find.
    package enum Kind: Equatable, Sendable {
        /// The bytes around the elements break the format (a missing comma, bytes after the root).
        case malformedStream(reason: String)
        /// An element (or an event's data, or a key) is larger than `limit` bytes.
        case elementTooLarge(limit: Int)
        /// An element nests deeper than `limit` containers.
        case nestingTooDeep(limit: Int)
        /// The stream ended inside an element or before the root value closed.
        case truncated
        /// No array at `keyPath`: `found` says what was there instead.
        case arrayNotFound(keyPath: String, found: String)
    }

    /// How many elements were framed before this one (the index of the element at fault).
    package let elementIndex: Int
    /// The byte offset from the stream's first byte where the problem was found.
    package let offset: Int
    /// What went wrong.
    package let kind: Kind

    package init(elementIndex: Int, offset: Int, kind: Kind) {
        self.elementIndex = elementIndex
        self.offset = offset
        self.kind = kind
    }
}
