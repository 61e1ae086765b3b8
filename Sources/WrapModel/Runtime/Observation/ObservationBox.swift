import Observation

/// A model's `ObservationRegistrar`, boxed so a word of its ``ModelSlots`` can hold it; made when
/// a read of a model created with Observation enabled first needs it.
///
/// It also carries what a read passes to the registrar — the shared subject and its class's slot
/// key paths — so that registering a read loads only from the box: no reference count, no
/// lazy global, no reference to the model.
final class ObservationBox: @unchecked Sendable {
    // @unchecked: ObservationRegistrar is thread-safe (it guards its observers itself); the rest
    // is immutable and outlives the box (the anchor and a table's key paths live for the process).
    let registrar = ObservationRegistrar()
    /// The class's slot key paths, by ordinal (the table's ``DescriptorTable/observationKeys``).
    let keys: UnsafeMutablePointer<Unmanaged<KeyPath<ObservationAnchor, Int>>>
    let anchor: Unmanaged<ObservationAnchor>

    init(keys: UnsafeMutablePointer<Unmanaged<KeyPath<ObservationAnchor, Int>>>) {
        self.keys = keys
        anchor = Unmanaged.passUnretained(ObservationAnchor.shared)
    }

    /// Registers a read of the slot at `ordinal` with this thread's tracking scope, if any.
    @inline(__always)
    func access(_ ordinal: Int) {
        anchor._withUnsafeGuaranteedRef { anchor in
            keys[ordinal]._withUnsafeGuaranteedRef { registrar.access(anchor, keyPath: $0) }
        }
    }

    /// Tells the observers of the slot at `ordinal` that its value changed.
    func notifyChange(_ ordinal: Int) {
        anchor._withUnsafeGuaranteedRef { anchor in
            keys[ordinal]._withUnsafeGuaranteedRef { key in
                registrar.willSet(anchor, keyPath: key)
                registrar.didSet(anchor, keyPath: key)
            }
        }
    }
}
