extension WrapModel {
    /// The value output would write at `path`: a written value of the property declared there,
    /// else the value in the original data. Reads nothing else, so it terminates on models whose
    /// references lead back to themselves.
    func currentValue(at path: KeyPathComponents) -> Any? {
        withReadAccess {
            let context = OutputContext(withNulls: false, forOutput: false, heldLock: isMutable ? lock : nil)
            if let property = properties.first(where: { !$0.mergesIntoParentLevel && $0.path.keyPath == path.keyPath }),
               property.isMutated {
                return property.outputValue(context)
            }
            guard let stored = storage.lookup(path), !stored.isNull else { return nil }
            return stored.any
        }
    }
}
