/// A model class's declarations, described once from its first instance and shared by every
/// instance: one ``PropertyDescriptor`` per declared property, in the order Swift initialises
/// them (the class's own declarations first, then its superclass's), which is also the order of
/// a model's slots, plus what output needs to know about them as a whole.
final class DescriptorTable: @unchecked Sendable {
    // @unchecked: immutable once built; the descriptors it holds are published (never changed).
    /// The class this table describes. Class tables live as long as the process, so the table
    /// holds no count of its own on it: `unowned(unsafe)` reads and stores it without the
    /// atomic operations `unowned` makes on the shared class table's reference count.
    unowned(unsafe) let classTable: ModelClassTable
    let descriptors: [PropertyDescriptor]
    /// The keys a model finds in one pass over its JSON object.
    let schedule: MemberSchedule?
    /// How output writes the declarations.
    let outputPlan: OutputPlan
    /// How declarations over the same data follow each other's writes (nil: none share data).
    let overlaps: DeclarationOverlaps?
    /// The key path modifier generation the key paths were taken under.
    let keyPathModifierGeneration: Int
    /// Whether a declaration is `serializeForOutput: false` / transient.
    let declaresNonOutput: Bool
    let declaresTransient: Bool
    /// Whether any declaration holds models of the tree, and their classes.
    let holdsModels: Bool
    let heldModelClasses: [WrapModel.Type]
    /// The ordinals of the declarations that import embedded objects into referenced stores (each
    /// model imports through its own descriptor: the store is the one its declaration named).
    let embeddedReferenceOrdinals: [Int]

    /// The descriptors again, unretained (the array keeps them), for the identity checks a
    /// model's creation makes without reference counting.
    let unretainedDescriptors: UnsafeMutablePointer<Unmanaged<PropertyDescriptor>>
    let count: Int
    /// The key path observers of each declaration register, by ordinal (see
    /// `SlotObservationKeys`), where a read finds it without a lazy global.
    let observationKeys: UnsafeMutablePointer<Unmanaged<KeyPath<ObservationAnchor, Int>>>
    /// Where instances keep the declarations (nil where the class's field metadata could not
    /// be read).
    let layout: DeclarationLayout?
    /// Whether the class has classic declarations, whose property objects each model binds (or
    /// may have: no layout says there are none).
    let hasObjects: Bool
    /// True for a model's variant table (see ``init(variantOf:descriptors:)``), which its model
    /// owns; a class's table is published and never freed (see `ModelClassTable.republish`), and
    /// models borrow it.
    let isVariant: Bool

    init(classTable: ModelClassTable, descriptors: [PropertyDescriptor], layout: DeclarationLayout?) {
        self.classTable = classTable
        self.descriptors = descriptors
        self.layout = layout
        isVariant = false
        hasObjects = layout.map { !$0.objects.isEmpty } ?? true
        count = descriptors.count
        unretainedDescriptors = .allocate(capacity: Swift.max(descriptors.count, 1))
        for (index, descriptor) in descriptors.enumerated() {
            (unretainedDescriptors + index).initialize(to: Unmanaged.passUnretained(descriptor))
        }
        observationKeys = .allocate(capacity: Swift.max(descriptors.count, 1))
        for ordinal in descriptors.indices {
            (observationKeys + ordinal).initialize(to: Unmanaged.passRetained(SlotObservationKeys.key(ordinal)))
        }
        keyPathModifierGeneration = KeyPathModifierSetting.generation.load(ordering: .acquiring)
        // A declaration with alternative keys is looked up by key path (the first present).
        let schedule = MemberSchedule(descriptors.map { $0.alternatives.isEmpty ? $0.path : nil })
        for (descriptor, ordinal) in zip(descriptors, schedule?.ordinals ?? []) { descriptor.memberOrdinal = ordinal }
        let outputPlan = OutputPlan(descriptors, writesExtraKeys: classTable.versioning != nil
                                    || classTable.selector?.selector.discriminatorPath != nil)
        // Only declarations that share data need to follow each other's writes.
        overlaps = outputPlan.isOrderFree ? nil : DeclarationOverlaps.attach(to: descriptors, modelClass: classTable.modelClass)
        for descriptor in descriptors { descriptor.isPublished = true }
        self.schedule = schedule
        declaresNonOutput = descriptors.contains { !$0.serializeForOutput }
        declaresTransient = descriptors.contains { $0.isTransient }
        holdsModels = descriptors.contains { $0.holdsModels }
        var held: [WrapModel.Type] = []
        for case let modelClass? in descriptors.map(\.heldModelClass) where !held.contains(where: { $0 == modelClass }) {
            held.append(modelClass)
        }
        heldModelClasses = held
        embeddedReferenceOrdinals = descriptors.indices.filter { descriptors[$0].embeddedReferenceImport != nil }
        self.outputPlan = outputPlan
    }

    /// A table of one model's declarations, where one of its own has a key path other than its
    /// class's (a key computed per model, as 1.3.7's property objects allowed): the class's
    /// table with the model's descriptors in, and the output plan their keys give. It finds
    /// values by key path (no schedule), and shares the class's observation keys, layout and
    /// facts about the class's tree. `base` is a published class table, which lives as long as
    /// the process: the variant borrows its observation keys without keeping it.
    init(variantOf base: DescriptorTable, descriptors: [PropertyDescriptor]) {
        isVariant = true
        classTable = base.classTable
        self.descriptors = descriptors
        layout = base.layout
        hasObjects = base.hasObjects
        count = descriptors.count
        unretainedDescriptors = .allocate(capacity: Swift.max(descriptors.count, 1))
        for (index, descriptor) in descriptors.enumerated() {
            (unretainedDescriptors + index).initialize(to: Unmanaged.passUnretained(descriptor))
        }
        observationKeys = base.observationKeys
        keyPathModifierGeneration = base.keyPathModifierGeneration
        schedule = nil
        declaresNonOutput = base.declaresNonOutput
        declaresTransient = base.declaresTransient
        holdsModels = base.holdsModels
        heldModelClasses = base.heldModelClasses
        embeddedReferenceOrdinals = base.embeddedReferenceOrdinals
        outputPlan = OutputPlan(descriptors, writesExtraKeys: base.classTable.versioning != nil
                                    || base.classTable.selector?.selector.discriminatorPath != nil)
        // A variant is used only while its plan needs no overlaps of its own (see
        // `ConstructionContext.variantTable`).
        overlaps = base.overlaps
    }

    deinit {
        unretainedDescriptors.deallocate()
        // A variant uses its class's observation keys.
        guard !isVariant else { return }
        for ordinal in 0..<count { observationKeys[ordinal].release() }
        observationKeys.deallocate()
    }

    /// The issue refusing the overlap of the declaration at `ordinal`, if it is refused.
    func overlapIssue(at ordinal: Int) -> WrapModelIssue.Kind? { overlaps?.refusals[ordinal] }

    /// Whether the table was described under the key path modifier in force now.
    var isCurrent: Bool {
        keyPathModifierGeneration == KeyPathModifierSetting.generation.load(ordering: .relaxed)
    }
}

/// How output writes a class's declarations.
enum OutputPlan: Sendable {
    /// Two declarations cover the same data (a shared first key, or a group): output builds a
    /// dictionary, writing unmodified declarations first and shallower key paths before deeper.
    case ordered
    /// Declarations are disjoint, but the version or discriminator is written beside them: output
    /// builds a dictionary, which settles a key they share.
    case throughDictionary
    /// Declarations are disjoint one-key paths: compact JSON is written straight from the slots.
    case direct
    /// As `direct`, with dotted key paths written as nested objects.
    case directWithDottedKeyPaths

    init(_ descriptors: [PropertyDescriptor], writesExtraKeys: Bool) {
        if Self.overlap(descriptors) {
            self = .ordered
        } else if writesExtraKeys || descriptors.contains(where: { !$0.alternatives.isEmpty }) {
            // Alternative keys: where a value is written depends on each model's data.
            self = .throughDictionary
        } else {
            self = descriptors.contains { $0.path.isDotted } ? .directWithDottedKeyPaths : .direct
        }
    }

    /// Whether any order of the declarations gives the same output.
    var isOrderFree: Bool { self != .ordered }

    /// Whether compact JSON may be written straight from the slots.
    var writesDirectly: Bool { self == .direct || self == .directWithDottedKeyPaths }

    /// True when two declarations may write the same data: a shared first key, or a group (which
    /// writes at the model's own level).
    private static func overlap(_ descriptors: [PropertyDescriptor]) -> Bool {
        var firstKeys = Set<Substring>()
        for descriptor in descriptors {
            if descriptor.mergesIntoParentLevel || descriptor.path.isRoot { return true }
            let keyPath = descriptor.keyPath
            let first = keyPath.firstIndex(of: ".").map { keyPath[..<$0] } ?? keyPath[...]
            if !firstKeys.insert(first).inserted { return true }
        }
        return false
    }
}
