import Observation

/// The key paths observers of one declaration registered, and how to notify them.
///
/// A wrapper's read registers the Swift key path of the property (`\Customer.name`); a classic
/// property object's read, or a read through `$name`, registers the declaration's slot key path
/// (`\WrapModel.[observedSlot: 3]`), since no Swift key path leads to a `let` property object's
/// value. A write through any of them notifies both, so every observer hears every write.
final class ObservedKeys: @unchecked Sendable {
    // @unchecked: guarded by the mutex.
    private let keys = Locked<[(key: AnyKeyPath, notify: (ObservationRegistrar, WrapModel) -> Void)]>([])

    /// Remembers `keyPath` (once), with how to notify its observers.
    func remember<M: WrapModel, V>(_ keyPath: KeyPath<M, V>) {
        keys.withLock { keys in
            guard !keys.contains(where: { $0.key == keyPath }) else { return }
            keys.append((keyPath, { registrar, model in
                let subject = unsafeDowncast(model, to: M.self)
                registrar.willSet(subject, keyPath: keyPath)
                registrar.didSet(subject, keyPath: keyPath)
            }))
        }
    }

    /// Notifies the observers of every key path remembered.
    func notify(_ model: WrapModel, _ registrar: ObservationRegistrar) {
        for (_, notify) in keys.withLock({ $0 }) { notify(registrar, model) }
    }
}

extension WrapModel {
    /// A key path for each declaration's slot, for reads that have no Swift key path.
    subscript(observedSlot ordinal: Int) -> Int { ordinal }
}

extension PropertyDescriptor {
    /// Registers a read of `keyPath` on `model` with the tracking scope of this thread, if any.
    func registerRead<M: WrapModel, V>(of model: M, keyPath: KeyPath<M, V>, slots: ModelSlots) {
        let registrar = slots.registrarCreatingIfNeeded
        slots.rememberModel(model)
        observedKeys.remember(keyPath)
        registrar.access(model, keyPath: keyPath)
    }

    /// Registers a read of the slot at `ordinal` (its slot key path).
    func registerSlotRead(of model: WrapModel, ordinal: Int, slots: ModelSlots) {
        registerRead(of: model, keyPath: \WrapModel.[observedSlot: ordinal], slots: slots)
    }
}

extension ModelSlots {
    /// Tells the observers of the declaration at `ordinal` that its value changed. Called after
    /// the write's lock is released, so an observer may read or write the model; costs one
    /// atomic load for a model no tracked read ever registered.
    func notifyChange(_ ordinal: Int) {
        guard let registrar, let model else { return }
        descriptor(ordinal).observedKeys.notify(model, registrar)
    }

    /// ``notifyChange(_:)`` for every declaration.
    func notifyChangeOfAll() {
        guard let registrar, let model else { return }
        for ordinal in 0..<count { descriptor(ordinal).observedKeys.notify(model, registrar) }
    }
}
