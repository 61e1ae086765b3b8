extension WrapModel {
    /// Replaces the original data of a mutable model and drops every cached and written value,
    /// so the same instance now reads `data` (used when newer data for the same object arrives).
    ///
    /// Immutable models are refused (their readers take no lock, so their data must never change):
    /// an assertion in debug builds, ignored in release builds.
    func replaceOriginalData(_ data: [String: Any]) {
        guard isMutable else {
            assertionFailure("WrapModel: replacing the data of an immutable \(type(of: self))")
            return
        }
        let replacement = ModelStorage(data)
        let slots = self.slots
        lock.writing {
            slots.replaceStorage(replacement)
            for ordinal in 0..<slots.count { slots.descriptor(ordinal).resetCache(slots, ordinal) }
            forgetWrites()
            forgetStorageFacts()
        }
    }
}
