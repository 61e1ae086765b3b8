extension JSONWriter {
    /// A value that cannot be written as JSON.
    ///
    /// `path` locates it from the root: object keys joined with ".", array indices in brackets,
    /// e.g. "a.b[2]"; empty for the root itself. `found` describes the problem: "NaN", "infinity",
    /// "-infinity", "unsupported type Date", "non-string key of type Int", or "nesting deeper than 512".
    package struct InvalidValue: Error, Equatable, Sendable, CustomStringConvertible {
        package let path: String
        package let found: String

        package var description: String { "cannot write \(found) as JSON at \(path.isEmpty ? "<root>" : path)" }

        /// The same error seen from the enclosing object member `key`.
        package func inMember(_ key: String) -> InvalidValue {
            if path.isEmpty { return InvalidValue(path: key, found: found) }
            if path.utf8.first == UInt8(ascii: "[") { return InvalidValue(path: key + path, found: found) }
            return InvalidValue(path: key + "." + path, found: found)
        }

        /// The same error seen from the enclosing array element `index`.
        func inElement(_ index: Int) -> InvalidValue {
            if path.isEmpty || path.utf8.first == UInt8(ascii: "[") {
                return InvalidValue(path: "[\(index)]" + path, found: found)
            }
            return InvalidValue(path: "[\(index)]." + path, found: found)
        }
    }
}

extension JSONWriter.InvalidValue {
    /// Nesting past ``JSONWriter/maxDepth``, as the writer reports it where it stops.
    package static var tooDeep: Self { Self(path: "", found: "nesting deeper than \(JSONWriter.maxDepth)") }

    /// The same error seen from the object members `keys`, outermost first.
    package func inMembers(_ keys: ArraySlice<String>) -> Self {
        keys.reversed().reduce(self) { $0.inMember($1) }
    }
}
