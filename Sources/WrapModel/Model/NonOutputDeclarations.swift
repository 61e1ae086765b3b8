/// Which model classes declare, in themselves or in models they hold, properties that output
/// leaves out (`serializeForOutput: false`) or that nothing writes (transient). Lossless output
/// copies an unwritten submodel's data as it came unless its class is one of these; then the
/// submodel writes itself, leaving them out.
enum NonOutputDeclarations {
    /// The kind of declaration asked about.
    enum Kind: Hashable {
        case notForOutput
        case transient
    }

    private struct Key: Hashable {
        let modelClass: ObjectIdentifier
        let kind: Kind
    }

    private static let known = Locked<[Key: Bool]>([:])

    /// Decided once per class, from a throwaway empty instance (the only way to see a class's
    /// property objects); classes that hold each other in a cycle are followed once. For a
    /// ``WrapPolymorphic`` class, the subclasses its selector names count too (a selector that
    /// chooses by closure may create any subclass, so it counts as declaring them).
    static func inTree(of modelClass: WrapModel.Type, _ kind: Kind) -> Bool {
        let key = Key(modelClass: ObjectIdentifier(modelClass), kind: kind)
        if let found = known.withLock({ $0[key] }) { return found }
        var visiting = Set<ObjectIdentifier>()
        let found = search(modelClass, kind, visiting: &visiting)
        known.withLock { $0[key] = found }
        return found
    }

    private static func search(_ modelClass: WrapModel.Type, _ kind: Kind, visiting: inout Set<ObjectIdentifier>) -> Bool {
        if let found = known.withLock({ $0[Key(modelClass: ObjectIdentifier(modelClass), kind: kind)] }) { return found }
        guard visiting.insert(ObjectIdentifier(modelClass)).inserted else { return false }
        if let selector = SubclassSelection.selector(of: modelClass)?.selector {
            guard let family = selector.tableClasses else { return true }
            for member in family where member != modelClass && member.isSubclass(of: modelClass) {
                if search(member, kind, visiting: &visiting) { return true }
            }
        }
        let context = ConstructionContext.current
        let saved = context.isBuildingPrototype
        context.isBuildingPrototype = true
        let prototype = modelClass.init(data: [:], mutable: false)
        context.isBuildingPrototype = saved
        for property in prototype.properties {
            switch kind {
            case .notForOutput: if !property.serializeForOutput { return true }
            case .transient: if property.isTransient { return true }
            }
            if let held = property.heldModelClass, search(held, kind, visiting: &visiting) { return true }
        }
        return false
    }
}
