extension WrapModel {
    /// The value output would write at `path`: a written value of the property declared there,
    /// else the value in the original data. Reads nothing else, so it terminates on models whose
    /// references lead back to themselves.
    func currentValue(at path: KeyPathComponents) -> Any? {
        withReadAccess {
            let context = WrapEncodingContext(withNulls: false, forOutput: false, heldLock: self.slots.isLockFree ? nil : lock)
            let slots = self.slots
            if let ordinal = (0..<slots.count).first(where: {
                   !slots.descriptor($0).mergesIntoParentLevel && slots.descriptor($0).keyPath == path.keyPath }),
               slots.descriptor(ordinal).isMutated(slots, ordinal) {
                return slots.descriptor(ordinal).outputValue(slots, ordinal, context)
            }
            guard let stored = storage.lookup(path), !stored.isNull else { return nil }
            return stored.any
        }
    }
}
