import Observation

extension ModelSlots {
    /// Registers a read of the slot at `ordinal` of `model` with this thread's tracking scope, if
    /// any (models created while ``WrapObservation/isEnabled``).
    func registerRead(_ ordinal: Int, of model: WrapModel) {
        rememberModel(model)
        // Borrowed, not copied: a read pays no reference count for the registrar or the key path.
        let box = registrarBoxCreatingIfNeeded
        SlotObservationKeys.withKey(ordinal) { key in
            box._withUnsafeGuaranteedRef { $0.registrar.access(model, keyPath: key) }
        }
    }

    /// Tells the observers of the declaration at `ordinal` that its value changed. Called after
    /// the write's lock is released, so an observer may read or write the model; costs one
    /// atomic load for a model no tracked read ever registered.
    func notifyChange(_ ordinal: Int) {
        guard let registrar, let model else { return }
        let key = SlotObservationKeys.key(ordinal)
        registrar.willSet(model, keyPath: key)
        registrar.didSet(model, keyPath: key)
    }

    /// ``notifyChange(_:)`` for every declaration.
    func notifyChangeOfAll() {
        guard let registrar, let model else { return }
        for ordinal in 0..<count {
            let key = SlotObservationKeys.key(ordinal)
            registrar.willSet(model, keyPath: key)
            registrar.didSet(model, keyPath: key)
        }
    }
}
