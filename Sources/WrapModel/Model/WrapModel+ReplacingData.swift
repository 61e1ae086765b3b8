extension WrapModel {
    /// Replaces the original data of a mutable model and drops every cached and written value,
    /// so the same instance now reads `data` (used when newer data for the same object arrives).
    ///
    /// Immutable models are refused (their readers take no lock, so their data must never change):
    /// an assertion in debug builds, ignored in release builds.
    ///
    /// Observers of the model hear of the properties whose values changed, and only those (a
    /// refresh that changes nothing notifies nothing), after the lock is released.
    func replaceOriginalData(_ data: [String: Any]) {
        guard isMutable else {
            assertionFailure("WrapModel: replacing the data of an immutable \(type(of: self))")
            return
        }
        let replacement = ModelStorage(data)
        let slots = self.slots
        let observed = slots.registrar != nil
        let context = WrapEncodingContext(withNulls: true, forOutput: false, heldLock: lock)
        let changed: [Int] = lock.writing {
            // Values as output writes them, compared only for a model someone observes.
            let before = observed ? (0..<slots.count).map { ordinal in slots.withDescriptor(ordinal) { $0.outputValue(slots, ordinal, context) } } : []
            slots.replaceStorage(replacement)
            for ordinal in 0..<slots.count { slots.withDescriptor(ordinal) { $0.resetCache(slots, ordinal) } }
            forgetWrites()
            forgetStorageFacts()
            guard observed else { return [] }
            return (0..<slots.count).filter { ordinal in
                let after = slots.withDescriptor(ordinal) { $0.outputValue(slots, ordinal, context) }
                switch (before[ordinal], after) {
                case (nil, nil): return false
                case (let old?, let new?): return !StructuralEquality.isEqual(old, new)
                default: return true
                }
            }
        }
        for ordinal in changed { slots.notifyChange(ordinal) }
    }
}
