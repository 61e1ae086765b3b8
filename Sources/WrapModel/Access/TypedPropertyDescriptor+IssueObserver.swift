import Foundation

extension TypedPropertyDescriptor {
    /// `convertStoredValue()` while a ``WrapIssueObserver`` handler is registered: the same value,
    /// and a report when the read falls back to the default or drops elements.
    ///
    /// Submodels are not validated here (their own reads report their own problems), so the
    /// codec only gets an issue collector when its value holds no models.
    func convertStoredValueObserved(_ slots: ModelSlots) -> T {
        let collector = IssueCollector()
        // A read, not a validation: references store their placeholders as any read does.
        let context = decodeContext(slots, issues: holdsModels ? nil : collector, keyPath: keyPath, isValidating: false)
        let observe = { (kind: WrapModelIssue.Kind) in
            WrapIssueObserver.report(modelClass: String(describing: slots.table.classTable.modelClass), keyPath: self.keyPath, kind: kind)
        }
        guard let stored = lookupStored(in: slots), !stored.isNull else {
            if !isOptionalValue { observe(.missing) }
            return defaultValue
        }
        if let toModel = hooks?.toModel { return toModel(stored.any) }
        guard let value = decodeStored(stored, context) else {
            if let first = collector.issues.first { observe(first.kind) } else {
                observe(.wrongType(expected: codec.expectedDescription, found: stored.typeDescription))
            }
            return defaultValue
        }
        if let first = collector.issues.first {
            observe(first.kind)
        } else if holdsModels, let dropped = Self.droppedModels(stored, value), dropped > 0 {
            observe(.droppedElements(count: dropped))
        }
        return value
    }

    /// Elements (or non-null entries) of the data that the model array or dictionary left out.
    private static func droppedModels(_ stored: WrapStoredValue.Raw, _ value: T) -> Int? {
        let flattened = OptionalFlattening.flattened(value)
        if let models = flattened as? [Any], let elements = stored.elements { return elements.count - models.count }
        if let models = flattened as? [String: Any], let members = stored.members {
            return members.filter { !$0.value.isNull }.count - models.count
        }
        return nil
    }
}
