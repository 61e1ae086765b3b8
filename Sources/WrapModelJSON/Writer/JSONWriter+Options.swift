extension JSONWriter {
    /// Output formatting choices.
    ///
    /// Public, with public `rawValue` and initialiser (an option set's requirements must be as
    /// visible as the type) and every member `@inlinable`, only so that the model library builds
    /// options without a call: as a package type, the model library's `[]` and `insert` ran the
    /// standard library's unspecialized `SetAlgebra.init(_:)`, which looks up the metadata of an
    /// array of options on every output (4–5% of compact declared output). The target is no
    /// product, so nothing outside this package sees it.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        @inlinable @inline(__always)
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Foundation-style layout: newline after `{`/`[` and each member, 2-space indentation,
        /// `"key" : value`; empty containers stay `{}` / `[]`.
        @inlinable package static var prettyPrinted: Options { Options(rawValue: 1 << 0) }
        /// Object members ordered by the UTF-8 bytes of their keys (equivalently by Unicode scalar
        /// values). Deterministic across runs; may differ from Foundation's order for non-ASCII keys.
        @inlinable package static var sortedKeys: Options { Options(rawValue: 1 << 1) }
    }
}
