import Observation

/// The subject every slot key path is rooted at (see ``SlotObservationKeys``): one object for
/// every model, since a registrar never reads its subject. `withObservationTracking` tests pin
/// that: an observer of one model's slot hears its writes and no other model's.
final class ObservationAnchor: Observable, Sendable {
    static let shared = ObservationAnchor()
    /// The subscript the slot key paths name; reading it gives the ordinal back and means
    /// nothing else.
    subscript(observedSlot ordinal: Int) -> Int { ordinal }
}
