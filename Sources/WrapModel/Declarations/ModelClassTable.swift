import Synchronization

/// Everything the runtime knows about one model class, in one place: what the type itself says
/// (versioning, subclass selection, key naming), read when the class is first asked about, and
/// its declarations (a ``DescriptorTable``), built from the class's first instance.
///
/// Tables are made once per class and never freed (see ``of(_:)``); anything holding a
/// model may keep an unowned reference to its class's table.
final class ModelClassTable: @unchecked Sendable {
    // @unchecked: the type's facts are constants; `descriptors` and `placeholder` are published
    // once, atomically, and never change after.
    let modelClass: WrapModel.Type
    /// Set for classes that adopt `WrapModelVersioning`.
    let versioning: VersioningInfo?
    /// Set for classes that adopt `WrapPolymorphic`.
    let selector: SelectorBox?
    /// How declarations without a key name their key.
    let keyNaming: WrapKeyNaming

    /// The declarations, once an instance has been created (a retained `DescriptorTable`, or 0).
    private let descriptorBits = Atomic<UInt>(0)
    /// The empty model a group of this class holds as its default value (a retained model, or 0).
    private let placeholderBits = Atomic<UInt>(0)

    init(_ modelClass: WrapModel.Type) {
        self.modelClass = modelClass
        versioning = VersioningInfo(modelClass)
        selector = (modelClass as? any WrapPolymorphic.Type).map { SelectorBox($0.subclassSelector, for: modelClass) }
        keyNaming = modelClass.keyNaming
    }

    /// The class's declarations, or nil until its first instance described them.
    var descriptors: DescriptorTable? { descriptorsReference?.takeUnretainedValue() }

    /// The class's declarations, unretained: a published table is never freed (see
    /// ``republish(_:)``), so a model's slots and its creation borrow it, and making a model
    /// writes no reference count that every model of the class shares.
    var descriptorsReference: Unmanaged<DescriptorTable>? {
        PublishedObject.load(descriptorBits, as: DescriptorTable.self)
    }

    /// Publishes `table` unless another thread's first instance got there first; returns the one kept.
    func publish(_ table: DescriptorTable) -> DescriptorTable {
        PublishedObject.publish(table, in: descriptorBits).takeUnretainedValue()
    }

    /// Replaces the declarations (the key path modifier changed since they were described). The
    /// older table is not released: models made with it still use it.
    func republish(_ table: DescriptorTable) {
        _ = descriptorBits.exchange(PublishedObject.bits(of: Unmanaged.passRetained(table)), ordering: .acquiringAndReleasing)
    }

    /// The group placeholder of this class: an empty immutable model, made on first request. A
    /// group always reads its parent's data, so the placeholder is never what a read returns.
    func placeholder() -> WrapModel {
        // A group's declaration asks for its placeholder while its property object is made as a
        // view (on a class's first instance): the placeholder's own declarations take positions.
        PublishedObject.load(placeholderBits) {
            ConstructionContext.current.declaringNormally { modelClass.init(data: [:], mutable: false) }
        }.takeUnretainedValue()
    }

    // MARK: Facts about the models a class's tree holds

    private let nonOutputInTree = Atomic<UInt8>(0)
    private let transientInTree = Atomic<UInt8>(0)
    private let versioningInTree = Atomic<UInt8>(0)

    /// Whether this class, or a class whose models it holds, declares a property output leaves
    /// out (`serializeForOutput: false`). Lossless output copies an unwritten submodel's data as it
    /// came unless this is true; then the submodel writes itself without them. Nil while a class
    /// in the tree has no instance yet, so nothing says what it declares.
    var declaresNonOutputInTree: Bool? { inTree(nonOutputInTree) { $0.declaresNonOutput } }

    /// Whether this class, or a class whose models it holds, declares a transient property; nil
    /// as for ``declaresNonOutputInTree``.
    var declaresTransientInTree: Bool? { inTree(transientInTree) { $0.declaresTransient } }

    /// Whether this class, or a class whose models it holds, adopts `WrapModelVersioning`.
    /// Lossless output copies an unwritten submodel's data as it came unless this is true; then
    /// the submodel writes itself, at its class's current version. Nil as for
    /// ``declaresNonOutputInTree``, unless a class known so far is versioned.
    var declaresVersioningInTree: Bool? {
        inTree(versioningInTree, typeFact: { $0.versioning != nil }) { _ in false }
    }

    /// Answers a question about the class tree, remembered once every class in it is known
    /// (0: not known, 1: false, 2: true). Nil when the answer depends on a class not known yet.
    /// `typeFact` answers from what a class's type says, before its declarations are known.
    private func inTree(_ memory: borrowing Atomic<UInt8>, typeFact: (ModelClassTable) -> Bool = { _ in false },
                        _ own: (DescriptorTable) -> Bool) -> Bool? {
        let known = memory.load(ordering: .relaxed)
        if known != 0 { return known == 2 }
        var visiting = Set<ObjectIdentifier>()
        let (answer, complete) = search(typeFact, own, visiting: &visiting)
        if complete { memory.store(answer ? 2 : 1, ordering: .relaxed) }
        return answer || complete ? answer : nil
    }

    /// Whether the tree holds such a declaration, and whether every class in it was known.
    private func search(_ typeFact: (ModelClassTable) -> Bool, _ own: (DescriptorTable) -> Bool,
                        visiting: inout Set<ObjectIdentifier>) -> (Bool, complete: Bool) {
        guard visiting.insert(ObjectIdentifier(modelClass)).inserted else { return (false, true) }
        if typeFact(self) { return (true, true) }
        var complete = true
        // A selector may create subclasses: those it names count (one that chooses by closure
        // may create any, so it counts as declaring them).
        if let selector {
            guard let family = selector.selector.tableClasses else { return (true, true) }
            for member in family where member != modelClass && member.isSubclass(of: modelClass) {
                let (found, known) = ModelClassTable.of(member).search(typeFact, own, visiting: &visiting)
                if found { return (true, known) }
                complete = complete && known
            }
        }
        guard let descriptors else { return (false, false) }
        if own(descriptors) { return (true, true) }
        for held in descriptors.heldModelClasses {
            let (found, known) = ModelClassTable.of(held).search(typeFact, own, visiting: &visiting)
            if found { return (true, known) }
            complete = complete && known
        }
        return (false, complete)
    }
}

// MARK: - Every class's table

extension ModelClassTable {
    /// The table of every model class, looked up by class; each retained once, never released.
    private static let tables = Locked<[ObjectIdentifier: Unmanaged<ModelClassTable>]>([:])

    /// The table of `modelClass`, made on first request (see ``unretained(_:)``).
    static func of(_ modelClass: WrapModel.Type) -> ModelClassTable { unretained(modelClass).takeUnretainedValue() }

    /// The table of `modelClass`, made on first request, unretained: tables are never freed, and
    /// every model of a class asks for it, so a retain here would be a reference count that
    /// threads making models of one class all write. Through the thread's cache of the two
    /// classes it asked for last: models are usually created many of one class at a time (or of
    /// two, in a polymorphic feed), and the cache spares them the shared table's lock.
    static func unretained(_ modelClass: WrapModel.Type) -> Unmanaged<ModelClassTable> {
        ConstructionContext.withCurrent { context in
            if let last = context.lastTable, last._withUnsafeGuaranteedRef({ $0.modelClass == modelClass }) { return last }
            if let previous = context.previousTable, previous._withUnsafeGuaranteedRef({ $0.modelClass == modelClass }) {
                context.previousTable = context.lastTable
                context.lastTable = previous
                return previous
            }
            let table = tables.withLock { $0[ObjectIdentifier(modelClass)] } ?? make(modelClass)
            context.previousTable = context.lastTable
            context.lastTable = table
            return table
        }
    }

    private static func make(_ modelClass: WrapModel.Type) -> Unmanaged<ModelClassTable> {
        // Made outside the lock: reading the type's static members runs user code.
        let created = ModelClassTable(modelClass)
        return tables.withLock { tables in
            if let existing = tables[ObjectIdentifier(modelClass)] { return existing }
            let kept = Unmanaged.passRetained(created)
            tables[ObjectIdentifier(modelClass)] = kept
            return kept
        }
    }
}
