/// The six kinds of JSON value, as seen through `JSONNode.kind`.
enum JSONKind: Sendable {
    case object, array, string, number, bool, null
}
