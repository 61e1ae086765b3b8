import Foundation

extension WrapProperty {
    /// `convertStoredValue()` while a ``WrapIssueObserver`` handler is registered: the same value,
    /// and a report when the read falls back to the default or drops elements.
    ///
    /// Submodels are not validated here (their own reads report their own problems), so the
    /// codec only gets an issue collector when its value holds no models.
    func convertStoredValueObserved() -> T {
        let holdsModels = holdsModelValues
        let collector = IssueCollector()
        guard let context = decodeContext(issues: holdsModels ? nil : collector, keyPath: keyPath) else {
            PropertyMisuse.report(self)
            return defaultValue
        }
        guard let stored = context.storage.lookup(path), !stored.isNull else {
            if !isOptionalValue { observe(.missing) }
            return defaultValue
        }
        if let toModelConverter { return toModelConverter(stored.any) }
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
    private static func droppedModels(_ stored: StoredValue, _ value: T) -> Int? {
        let flattened = OptionalFlattening.flattened(value)
        if let models = flattened as? [Any], let elements = stored.elements { return elements.count - models.count }
        if let models = flattened as? [String: Any], let members = stored.members {
            return members.filter { !$0.value.isNull }.count - models.count
        }
        return nil
    }

    private func observe(_ kind: WrapModelIssue.Kind) {
        let modelClass = owner.map { String(describing: type(of: $0)) } ?? "WrapModel"
        WrapIssueObserver.report(modelClass: modelClass, keyPath: keyPath, kind: kind)
    }
}
