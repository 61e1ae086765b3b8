/// The six kinds of JSON value, as seen through `JSONNode.kind`.
package enum JSONKind: Sendable {
    case object, array, string, number, bool, null
}
