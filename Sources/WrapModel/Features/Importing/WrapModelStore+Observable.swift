import Observation

/// Stores are `Observable`: a read of ``WrapModelStore/all`` or ``WrapModelStore/count`` inside
/// a tracking scope hears an import that gives an identity its first data, and a read of
/// ``WrapModelStore/model(forIdentity:)-(WrapModelIdentity)`` hears every such arrival (the one it
/// waits for among them). Updates of models already stored notify the models' own observers.
extension WrapModelStore: Observable {
    /// What ``WrapModelStore/model(forIdentity:)-(WrapModelIdentity)`` registers: arrivals of
    /// identities.
    var arrivals: Int { 0 }

    /// Registers a read of `keyPath` when reads are observed (``WrapObservation/isEnabled``).
    func registerRead<V>(of keyPath: KeyPath<WrapModelStore, V>) {
        guard WrapObservation.isEnabled else { return }
        if !isObserved.load(ordering: .relaxed) { isObserved.store(true, ordering: .relaxed) }
        registrar.access(self, keyPath: keyPath)
    }

    /// Tells observers of the store that an identity got its first data; called with no lock
    /// held. A store no tracked read ever looked at skips it (an import of many objects then pays
    /// nothing for it).
    func notifyArrival() {
        guard isObserved.load(ordering: .relaxed) else { return }
        registrar.withMutation(of: self, keyPath: \.all) {}
        registrar.withMutation(of: self, keyPath: \.count) {}
        registrar.withMutation(of: self, keyPath: \.arrivals) {}
    }
}
