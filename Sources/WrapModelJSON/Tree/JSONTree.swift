import Foundation

/// JSON read by the library's own reader, for the package's tools (`wrapgen`): a parsed document
/// seen as a tree of nodes. It shows what models hide and tools need: members in document order,
/// integer literals told apart from other numbers, a number's text as written, and where
/// malformed input went wrong.
///
/// Package access only: not part of WrapModel's public API.
package enum JSONTree {
    /// Why a document could not be parsed.
    package struct ParseError: Error, Equatable, Sendable {
        /// A short phrase, e.g. `unexpected character '}'` or `unterminated string`.
        package let reason: String
        /// The zero-based byte offset in the input where the problem was found.
        package let offset: Int
    }

    /// Parses and validates `data` completely (syntax, UTF-8, escapes, number range, depth).
    /// - Parameters:
    ///   - data: UTF-8 JSON text; any top-level value.
    ///   - lenient: Also accept a leading byte-order mark and trailing commas, as
    ///     `WrapModel(json:)` and `importModels(from:)` do. Defaults to `false` (RFC 8259).
    ///   - maxDepth: The deepest nesting of containers accepted. Defaults to 512.
    /// - Returns: The document's root value.
    package static func parse(_ data: Data, lenient: Bool = false, maxDepth: Int = 512) throws(ParseError) -> Node {
        do {
            return Node(try JSONDocument(data: data, maxDepth: maxDepth, lenient: lenient).root)
        } catch {
            throw ParseError(reason: error.reason, offset: error.offset)
        }
    }

    /// One value of a parsed document. Cheap to copy; it keeps its document alive.
    package struct Node: Sendable {
        private let node: JSONNode

        fileprivate init(_ node: JSONNode) { self.node = node }

        /// The six kinds of JSON value.
        package enum Kind: Sendable, Equatable {
            case object, array, string, number, bool, null
        }

        /// What kind of value this is.
        package var kind: Kind {
            switch node.kind {
            case .object: return .object
            case .array: return .array
            case .string: return .string
            case .number: return .number
            case .bool: return .bool
            case .null: return .null
            }
        }

        /// An object's members in document order, each key once: a repeated key keeps the place
        /// where it first appears and the value it has last, the value models read. Empty for
        /// other kinds.
        package var members: [(key: String, value: Node)] {
            var result: [(key: String, value: Node)] = []
            var places: [String: Int] = [:]
            node.forEachMember { key, value in
                if let place = places[key] {
                    result[place].value = Node(value)
                } else {
                    places[key] = result.count
                    result.append((key, Node(value)))
                }
            }
            return result
        }

        /// The value of `key` in this object (with a repeated key, the last); nil when absent or
        /// when this is not an object.
        package func member(_ key: String) -> Node? { node.member(key).map(Node.init) }

        /// An array's elements in order; empty for other kinds.
        package var elements: [Node] { node.elements.map(Node.init) }

        /// The decoded text of a string; nil for other kinds.
        package var string: String? { node.stringValue }

        /// A number written without fraction or exponent that fits in `Int`; nil otherwise.
        package var int: Int? { node.intValue }

        /// Any number, correctly rounded; nil for other kinds.
        package var double: Double? { node.doubleValue }

        /// `true` or `false`; nil for other kinds.
        package var bool: Bool? { node.boolValue }

        /// Whether this is `null`.
        package var isNull: Bool { node.isNull }

        /// Whether this is a number written without fraction or exponent, whatever its size.
        package var isIntegerLiteral: Bool { node.isIntegerLiteral }

        /// A number's text exactly as written (`0.10`, `1e3`); nil for other kinds.
        package var numberText: String? {
            guard node.kind == .number else { return nil }
            return String(decoding: node.document.data[node.byteRange], as: UTF8.self)
        }

        /// The type found, named as ``WrapModel/validate(options:)`` names it in its issues
        /// (`"integer"`, `"number"`, `"string"`, `"object"`, …).
        package var typeDescription: String { JSONTypeName.of(node) }
    }
}
