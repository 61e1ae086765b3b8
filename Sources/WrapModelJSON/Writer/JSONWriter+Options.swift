extension JSONWriter {
    /// Output formatting choices.
    package struct Options: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// Foundation-style layout: newline after `{`/`[` and each member, 2-space indentation,
        /// `"key" : value`; empty containers stay `{}` / `[]`.
        package static let prettyPrinted = Options(rawValue: 1 << 0)
        /// Object members ordered by the UTF-8 bytes of their keys (equivalently by Unicode scalar
        /// values). Deterministic across runs; may differ from Foundation's order for non-ASCII keys.
        package static let sortedKeys = Options(rawValue: 1 << 1)
    }
}
