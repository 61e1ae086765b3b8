/// The six kinds of JSON value, as seen through `JSONNode.kind`.
///
/// Public, with package members, only so that the model library's reads can inline what is
/// `@inlinable` here (members of a package type are not inlined across modules); the target is
/// no product, so nothing outside this package sees it.
public enum JSONKind: Sendable {
    case object, array, string, number, bool, null

    // Spelled out so that the model library's comparisons (`node.kind == .object`) inline: a
    // synthesized conformance is called through its witness from another module.
    @inlinable @inline(__always)
    public static func == (lhs: JSONKind, rhs: JSONKind) -> Bool {
        switch (lhs, rhs) {
        case (.object, .object), (.array, .array), (.string, .string), (.number, .number), (.bool, .bool), (.null, .null):
            return true
        default:
            return false
        }
    }
}
