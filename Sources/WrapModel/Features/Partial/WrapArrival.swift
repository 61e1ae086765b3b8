/// How far a value of a document that is still arriving has come (see ``WrapPartialDocument``):
/// whether a property that reads its default has simply not arrived yet, or is not in the
/// document at all.
///
/// Every model made from a whole document reads `.complete` or `.absent`.
public enum WrapArrival: Sendable, Equatable, CustomStringConvertible {
    /// Not started: the object that would hold it is still arriving and has not reached it.
    case pending
    /// Started and not finished: a string or number whose last byte has not come, an object or
    /// array still open. A string shows its text so far through `receivedText`.
    case arriving
    /// Complete (a `null` included).
    case complete
    /// Not in the document: the object that would hold it is complete without it.
    case absent

    public var description: String {
        switch self {
        case .pending: return "pending"
        case .arriving: return "arriving"
        case .complete: return "complete"
        case .absent: return "absent"
        }
    }
}
