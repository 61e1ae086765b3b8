extension WrapModel {
    /// The value output would write at `path`: a written value of the property declared there,
    /// else the value in the original data. Reads nothing else, so it terminates on models whose
    /// references lead back to themselves.
    func currentValue(at path: KeyPathComponents) -> Any? {
        withReadAccess {
            let context = WrapEncodingContext(withNulls: false, forOutput: false, heldLock: self.slots.isLockFree ? nil : lock)
            let slots = self.slots
            // Borrowed: the class's descriptors are shared by every model of the class.
            if let ordinal = (0..<slots.count).first(where: { ordinal in
                   slots.withDescriptor(ordinal) { !$0.mergesIntoParentLevel && $0.keyPath == path.keyPath } }),
               slots.withDescriptor(ordinal, { $0.isMutated(slots, ordinal) }) {
                return slots.withDescriptor(ordinal) { $0.outputValue(slots, ordinal, context) }
            }
            guard let stored = storage.lookup(path), !stored.isNull else { return nil }
            return stored.any
        }
    }
}
