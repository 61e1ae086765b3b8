/// Which model classes declare, in themselves or in models they hold, properties that output
/// leaves out (`serializeForOutput: false`). Lossless output copies an unwritten submodel's data
/// as it came unless its class is one of these; then the submodel writes itself, leaving them out.
enum NonOutputDeclarations {
    private static let known = Locked<[ObjectIdentifier: Bool]>([:])

    /// Decided once per class, from a throwaway empty instance (the only way to see a class's
    /// property objects); classes that hold each other in a cycle are followed once.
    static func inTree(of modelClass: WrapModel.Type) -> Bool {
        if let found = known.withLock({ $0[ObjectIdentifier(modelClass)] }) { return found }
        var visiting = Set<ObjectIdentifier>()
        let found = search(modelClass, visiting: &visiting)
        known.withLock { $0[ObjectIdentifier(modelClass)] = found }
        return found
    }

    private static func search(_ modelClass: WrapModel.Type, visiting: inout Set<ObjectIdentifier>) -> Bool {
        if let found = known.withLock({ $0[ObjectIdentifier(modelClass)] }) { return found }
        guard visiting.insert(ObjectIdentifier(modelClass)).inserted else { return false }
        let prototype = modelClass.init(data: [:], mutable: false)
        for property in prototype.properties {
            if !property.serializeForOutput { return true }
            if let held = property.heldModelClass, search(held, visiting: &visiting) { return true }
        }
        return false
    }
}
