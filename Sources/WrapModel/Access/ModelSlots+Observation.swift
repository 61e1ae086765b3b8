import Observation

extension ModelSlots {
    /// Registers a read of the slot at `ordinal` with this thread's tracking scope, if any
    /// (models created while ``WrapObservation/isEnabled``). Outside a scope it costs the
    /// registrar's own check and a load of the box (made on the model's first observed read).
    @inline(__always)
    func registerRead(_ ordinal: Int) {
        registrarBoxCreatingIfNeeded._withUnsafeGuaranteedRef { $0.access(ordinal) }
    }

    /// Tells the observers of the declaration at `ordinal` that its value changed. Called after
    /// the write's lock is released, so an observer may read or write the model; costs one
    /// atomic load for a model no read ever registered.
    func notifyChange(_ ordinal: Int) {
        registrarBox?._withUnsafeGuaranteedRef { $0.notifyChange(ordinal) }
    }

    /// ``notifyChange(_:)`` for every declaration.
    func notifyChangeOfAll() {
        registrarBox?._withUnsafeGuaranteedRef { box in
            for ordinal in 0..<count { box.notifyChange(ordinal) }
        }
    }
}
