/// The declaration stack: how a declaration finds its descriptor without allocating one, and how
/// a model claims its declarations.
///
/// Walk through `final class Customer: WrapModel { @Property("id") var id: Int }`, created twice:
/// 1. The first `Customer(data:mutable:)` initialises `_id`: the wrapper calls
///    ``declare(_:make:)`` with its arguments. Nothing is expected at position 0, so
///    `make` builds a descriptor, which the stack keeps; the wrapper stores position 0.
/// 2. `WrapModel.init` finds no descriptor table for `Customer`: it reflects this first instance
///    once (for the names of its declarations and their positions), builds the table from the
///    positions' descriptors, and remembers that position 0 expects the table's descriptor.
/// 3. The second instance's wrapper compares its arguments with that descriptor's fingerprint:
///    equal, so it only records the match. `WrapModel.init` checks the table's count of positions
///    against the stack and pops them. No descriptor, no property object, no reflection.
extension ConstructionContext {
    /// `declare` when nothing expected at `position` matches: a descriptor of the declaration's
    /// own, kept by the stack.
    @usableFromInline
    func record(_ fingerprint: DeclarationFingerprint, at position: Int, make: (DeclarationFingerprint) -> PropertyDescriptor) {
        let made = make(fingerprint)
        entries[position] = Entry(descriptor: Unmanaged.passRetained(made), owned: true, matchedParts: made.fingerprint.count)
    }

    /// The descriptor at `position` (taken and not yet claimed).
    func descriptor(at position: Int32) -> PropertyDescriptor {
        entries[Int(position)].descriptor.takeUnretainedValue()
    }

    /// Whether `position` is taken and not yet claimed by a model.
    func isPending(_ position: Int32) -> Bool { position >= 0 && Int(position) < depth }

    /// Whether `position`, taken on the stack tagged `stack`, is a declaration this stack holds
    /// and no model claimed yet. Positions of another thread's stack are not this one's.
    func isPending(_ position: Int32, stack: UInt16) -> Bool {
        stack == tag && isPending(position) && !entries[Int(position)].isAbandoned
    }

    /// Adds `parts` (a modifier or converter set after the initialiser, with its tag) to the
    /// declaration at `position`; `apply` makes the change on a descriptor the declaration owns.
    /// Returns the position's descriptor, which is a copy of its own once the declaration differs
    /// from the expected one.
    @discardableResult
    func extendDeclaration<each Part>(at position: Int32, with parts: repeat each Part,
                                      apply: (PropertyDescriptor) -> Void) -> PropertyDescriptor {
        var entry = entries[Int(position)]
        let descriptor = entry.descriptor.takeUnretainedValue()
        if !entry.owned {
            var index = entry.matchedParts
            var matches = true
            for part in repeat each parts {
                if matches && !descriptor.part(index, is: part) { matches = false }
                index += 1
            }
            if matches {
                entries[Int(position)].matchedParts = index
                return descriptor
            }
            entry.descriptor = Unmanaged.passRetained(descriptor.copy(keepingParts: entry.matchedParts))
            entry.owned = true
        }
        let owned = entry.descriptor.takeUnretainedValue()
        repeat owned.fingerprint.append(each parts)
        apply(owned)
        entry.matchedParts = owned.fingerprint.count
        entries[Int(position)] = entry
        return owned
    }

    /// Forgets the declaration at `position` of the stack tagged `stack`, made by a property
    /// object no model claimed that is being released. Only this thread's stack is touched: a
    /// position taken on another thread's stack stays there.
    ///
    /// The position is the object's own: an unclaimed object's position is never popped while it
    /// lives (a claim pops only positions its model's declarations hold, and a position is given
    /// back only by its object), so no later declaration can have taken it.
    func abandon(at position: Int32, stack: UInt16) {
        guard isPending(position, stack: stack), entries[Int(position)].handle == nil else { return }
        entries[Int(position)].isAbandoned = true
        popAbandoned()
    }

    /// Pops abandoned declarations off the top of the stack.
    func popAbandoned() {
        while depth > 0, entries[depth - 1].isAbandoned {
            depth -= 1
            if entries[depth].owned { entries[depth].descriptor.release() }
        }
    }

    /// Makes the model keep `object`, the classic property object whose declaration is at
    /// `position`: a wrapper declared over it holds only the position, and `$name` gives the
    /// object back. The stack holds a reference to it until the model claims it (nothing else
    /// does meanwhile).
    func keepHandle(_ object: WrapPropertyBase, at position: Int32) {
        guard entries[Int(position)].handle == nil else { return }
        entries[Int(position)].handle = Unmanaged.passRetained(object)
    }

    /// Makes the positions from here on expect the declarations of `type`, when it has a table:
    /// models of mixed classes (a polymorphic feed) then match as well as a run of one class.
    /// Every model made from data comes here: the class's tables are borrowed, not retained.
    func expect(_ type: WrapModel.Type) {
        guard let table = ModelClassTable.unretained(type)._withUnsafeGuaranteedRef({ $0.descriptorsReference }) else { return }
        let (descriptors, count) = table._withUnsafeGuaranteedRef { ($0.unretainedDescriptors, $0.count) }
        guard count > 0 else { return }
        while depth + count > capacity { grow() }
        guard expected[depth]?.toOpaque() != descriptors[0].toOpaque() else { return }
        for offset in 0..<count { expected[depth + offset] = descriptors[offset] }
    }

    /// Runs `body`, in which property objects are made without taking a position (views).
    func makingView<R>(_ body: () -> R) -> R {
        let saved = isMakingView
        isMakingView = true
        defer { isMakingView = saved }
        return body()
    }

    /// Runs `body`, in which property objects take positions again (a model made while a view is).
    func declaringNormally<R>(_ body: () -> R) -> R {
        let saved = isMakingView
        isMakingView = false
        defer { isMakingView = saved }
        return body()
    }

    @usableFromInline
    func grow() {
        let grown = capacity * 2
        let newEntries = UnsafeMutablePointer<Entry>.allocate(capacity: grown)
        newEntries.moveInitialize(from: entries, count: depth)
        entries.deallocate()
        entries = newEntries
        let newExpected = UnsafeMutablePointer<Unmanaged<PropertyDescriptor>?>.allocate(capacity: grown)
        newExpected.moveInitialize(from: expected, count: capacity)
        (newExpected + capacity).initialize(repeating: nil, count: grown - capacity)
        expected.deallocate()
        expected = newExpected
        capacity = grown
    }

    // MARK: Claiming

    /// What a model learns from claiming its declarations.
    struct Claim {
        /// The model's descriptor table, borrowed: its class's (published, never freed), or
        /// `variant`.
        let table: Unmanaged<DescriptorTable>
        /// A table of the model's own declarations, when a key of its own gives it one (kept
        /// here until the model's slots keep it).
        let variant: DescriptorTable?
        /// What the model's wrapper positions are counted from: the position of its first
        /// declaration, or 0 when its wrappers were renumbered by ordinal.
        let base: Int
        /// Descriptors of this instance's own, by ordinal.
        let overrides: [(ordinal: Int, descriptor: PropertyDescriptor)]
        /// Which classic property objects in the model's stored properties to bind.
        let objects: ObjectsToBind
        /// Property objects wrappers were declared over (`@ROProperty(WPInt("n"))`), by ordinal:
        /// the model binds and keeps them.
        let kept: [(ordinal: Int, object: WrapPropertyBase)]

        /// A claim of `table`, a published class table, or of `variant` made from it.
        init(_ table: DescriptorTable, _ variant: DescriptorTable?, base: Int, overrides: [(ordinal: Int, descriptor: PropertyDescriptor)],
             objects: ObjectsToBind, kept: [(ordinal: Int, object: WrapPropertyBase)]) {
            self.table = Unmanaged.passUnretained(variant ?? table)
            self.variant = variant
            self.base = base
            self.overrides = overrides
            self.objects = objects
            self.kept = kept
        }
    }

    /// The classic property objects a claim binds.
    enum ObjectsToBind {
        /// Every property object the class's layout names (the usual case).
        case all
        /// Those at these ordinals: the others are not this model's pending declarations.
        case ordinals([Int])
        /// These, found by reflection (where the class's field metadata cannot be read).
        case found([(ordinal: Int, object: WrapPropertyBase)])
    }

    /// Claims the declarations `model` (of the class `classTable` describes) made. The first
    /// instance of a class describes its class's table.
    ///
    /// The usual case: the model's declarations hold the stack's top positions, in order, which
    /// the class's ``DeclarationLayout`` confirms with one load per declaration; they are popped.
    /// Anything else — a property object kept in an array or an optional among the declarations,
    /// an initialiser that suspended before `super.init` and resumed on another thread, a stray
    /// object made during initialisation — is sorted out by ``claimIrregular(_:_:_:)``, which
    /// never takes a position that is not the model's.
    func claimDeclarations(of model: WrapModel, _ classTable: ModelClassTable) -> Claim {
        // Borrowed: the class's table is shared by every model of the class (and never freed).
        guard let table = classTable.descriptorsReference, table._withUnsafeGuaranteedRef({ $0.isCurrent }) else {
            return describe(model, classTable)
        }
        return table._withUnsafeGuaranteedRef { claim(model, $0) }
    }

    /// ``claimDeclarations(of:_:)`` once the class is described.
    private func claim(_ model: WrapModel, _ table: DescriptorTable) -> Claim {
        let base = depth - table.count
        guard let layout = table.layout else {
            // No field metadata (never seen on a supported platform): the stack's order is trusted,
            // and property objects are found by reflection.
            let base = Swift.max(base, 0)
            let objects = Self.pendingObjects(of: model).map { (ordinal: Int($0.position) - base, object: $0.object) }
            return claim(table, base: base, checked: false, objects: .found(objects)) ?? claimFromTable(table, base: 0)
        }
        if base >= 0, layout.holdsConsecutivePositions(in: model, from: base, on: tag),
           let claim = claim(table, base: base, checked: true) {
            return claim
        }
        return claimIrregular(model, table, layout)
    }

    /// Claims positions `base..<base + table.count` for `table`; nil when `checked` and a
    /// position's declaration is of another kind than the table's.
    private func claim(_ table: DescriptorTable, base: Int, checked: Bool, objects: ObjectsToBind = .all) -> Claim? {
        guard base + table.count <= depth else { return nil }
        var overrides: [(ordinal: Int, descriptor: PropertyDescriptor)] = []
        var kept: [(ordinal: Int, object: WrapPropertyBase)] = []
        let count = table.count
        let expectedByTable = table.unretainedDescriptors
        for ordinal in 0..<count {
            let entry = entries[base + ordinal]
            if let handle = entry.handle { kept.append((ordinal, handle.takeUnretainedValue())) }
            // The usual case: the declaration matched the table's own descriptor, whole.
            if !entry.owned, entry.descriptor.toOpaque() == expectedByTable[ordinal].toOpaque(),
               entry.matchedParts == entry.descriptor._withUnsafeGuaranteedRef({ $0.partCount }) {
                continue
            }
            if checked && !entry.declares(like: table.descriptors[ordinal]) { return nil }
            if let own = instanceDescriptor(entry, table, ordinal) { overrides.append((ordinal, own)) }
        }
        pop(to: base, expecting: table)
        return Claim(table, overrides.isEmpty ? nil : variantTable(table, overrides), base: base, overrides: overrides,
                     objects: objects, kept: kept)
    }

    /// The descriptor `entry` gives the declaration at `ordinal`, when it differs from the
    /// table's (a default computed per instance, a converter set on one object).
    private func instanceDescriptor(_ entry: Entry, _ table: DescriptorTable, _ ordinal: Int) -> PropertyDescriptor? {
        let own = table.descriptors[ordinal]
        let declared = entry.descriptor.takeUnretainedValue()
        let said = entry.owned ? declared.fingerprint : declared.fingerprint.prefix(entry.matchedParts)
        if said == own.fingerprint { return nil }
        let instanceOwn = entry.owned ? declared : declared.copy(keepingParts: entry.matchedParts)
        instanceOwn.resolvePath(name: own.name, naming: table.classTable.keyNaming)
        if let difference = instanceOwn.structuralDifference(from: own) {
            if difference.isKeyOnly && own.overlapMember == nil {
                // A key of this model's own (as 1.3.7's property objects allowed): the model gets
                // a table of its own declarations (see `variantTable`).
                instanceOwn.memberOrdinal = -1
                return instanceOwn
            }
            // What the class's tables hold (its overlaps, the facts a parent's output asks of
            // it) cannot differ from model to model: the declaration is refused loudly and reads
            // and writes as the class's does.
            instanceOwn.takeStructure(of: own, refusing: difference.reason, modelClass: table.classTable.modelClass)
        }
        instanceOwn.memberOrdinal = own.memberOrdinal
        if let member = own.overlapMember { instanceOwn.attachOverlap(member) }
        return instanceOwn
    }

    /// The table a model with `overrides` reads its class's facts from: the class's, unless a
    /// declaration of its own has another key path — then a table of the model's declarations,
    /// so that its output plan and merge patch follow its keys (nil: the class's). A key that
    /// would make the model's declarations overlap is refused (the class's overlaps are worked
    /// out once).
    private func variantTable(_ table: DescriptorTable, _ overrides: [(ordinal: Int, descriptor: PropertyDescriptor)]) -> DescriptorTable? {
        guard overrides.contains(where: { $0.descriptor.path != table.descriptors[$0.ordinal].path
                                            || $0.descriptor.alternatives != table.descriptors[$0.ordinal].alternatives }) else { return nil }
        var descriptors = table.descriptors
        for (ordinal, descriptor) in overrides { descriptors[ordinal] = descriptor }
        func firstKey(_ descriptor: PropertyDescriptor) -> Substring {
            descriptor.keyPath.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        }
        let overlapsAnother = overrides.contains { ordinal, descriptor in
            descriptor.path != table.descriptors[ordinal].path && descriptors.indices.contains { other in
                other != ordinal && (descriptors[other].mergesIntoParentLevel || firstKey(descriptors[other]) == firstKey(descriptor))
            }
        }
        if !overlapsAnother { return DescriptorTable(variantOf: table, descriptors: descriptors) }
        for (ordinal, descriptor) in overrides {
            let own = table.descriptors[ordinal]
            guard let difference = descriptor.structuralDifference(from: own) else { continue }
            descriptor.takeStructure(of: own, refusing: difference.reason, modelClass: table.classTable.modelClass)
            descriptor.memberOrdinal = own.memberOrdinal
        }
        return nil
    }

    /// Whether position `position` of this stack holds the pending declaration `field` of a model
    /// made: taken on this stack, not given back, and of the kind `descriptor` describes.
    private func holdsDeclaration(at position: Int32, of field: DeclarationLayout.Field, in model: WrapModel,
                                  like descriptor: PropertyDescriptor) -> Bool {
        isPending(position, stack: DeclarationLayout.stack(of: field, in: model)) && entries[Int(position)].declares(like: descriptor)
    }

    /// Claims the declarations of a model whose positions are not the stack's top ones in order.
    ///
    /// Each declaration's position is read from the model. A position this thread's stack holds
    /// for it gives its descriptor and property object, as usual; one it does not (the
    /// declaration was made on another thread, before an `await`) reads through the class's
    /// descriptor, its object found in the model. Only the model's own positions are given back:
    /// a property object between them that no model claims (kept in an array, say) stays pending
    /// until it is released, and reads its default and reports it, as any property object
    /// outside a model does. Wrappers whose positions are not consecutive are renumbered by
    /// ordinal.
    private func claimIrregular(_ model: WrapModel, _ table: DescriptorTable, _ layout: DeclarationLayout) -> Claim {
        var overrides: [(ordinal: Int, descriptor: PropertyDescriptor)] = []
        var objects: [Int] = []
        var kept: [(ordinal: Int, object: WrapPropertyBase)] = []
        var here: [Int] = []
        var consecutive = true
        var first: Int32 = 0
        for (ordinal, field) in layout.fields.enumerated() {
            let position = DeclarationLayout.position(of: field, in: model)
            if ordinal == 0 { first = position }
            consecutive = consecutive && position >= 0 && position == first &+ Int32(ordinal)
            if holdsDeclaration(at: position, of: field, in: model, like: table.descriptors[ordinal]) {
                let entry = entries[Int(position)]
                if field.isObject { objects.append(ordinal) }
                if let handle = entry.handle { kept.append((ordinal, handle.takeUnretainedValue())) }
                if let own = instanceDescriptor(entry, table, ordinal) { overrides.append((ordinal, own)) }
                here.append(Int(position))
            } else if field.isObject, position >= 0 {
                // Declared on another thread: the object is the model's (it is in its field).
                objects.append(ordinal)
            }
        }
        release(here)
        let variant = overrides.isEmpty ? nil : variantTable(table, overrides)
        if consecutive { return Claim(table, variant, base: Int(first), overrides: overrides, objects: .ordinals(objects), kept: kept) }
        layout.renumberWrappers(of: model)
        return Claim(table, variant, base: 0, overrides: overrides, objects: .ordinals(objects), kept: kept)
    }

    /// A claim of `table` that takes nothing from the stack.
    private func claimFromTable(_ table: DescriptorTable, base: Int) -> Claim {
        Claim(table, nil, base: base, overrides: [], objects: .ordinals([]), kept: [])
    }

    /// Describes the class of `model`, its first instance (or the first since the key path
    /// modifier changed), from the model itself: its declarations' names, stored properties
    /// and positions come from the class's field metadata, their descriptors from the stack.
    ///
    /// A table is published only from a complete description. When a declaration's position is
    /// not on this thread's stack (the initialiser suspended and resumed on another thread), the
    /// class is described by an instance made here with `init(data:mutable:)` instead.
    private func describe(_ model: WrapModel, _ classTable: ModelClassTable) -> Claim {
        guard let candidates = DeclarationLayout.candidateFields(of: type(of: model)) else { return describeByReflection(model, classTable) }
        // Property objects that are not pending declarations (shared, or bound elsewhere) are
        // not the class's declarations.
        let found = candidates.map { (field: $0, position: DeclarationLayout.position(of: $0, in: model)) }
            .filter { $0.position >= 0 }
            .sorted { $0.position < $1.position }
        var descriptors: [PropertyDescriptor] = []
        descriptors.reserveCapacity(found.count)
        for (field, position) in found {
            guard isPending(position, stack: DeclarationLayout.stack(of: field, in: model)) else {
                return describeFromPrototype(model, classTable)
            }
            let entry = entries[Int(position)]
            let declared = entry.descriptor.takeUnretainedValue()
            let descriptor = entry.owned && !declared.isPublished ? declared : declared.copy(keepingParts: entry.matchedParts)
            descriptor.resolvePath(name: field.name, naming: classTable.keyNaming)
            descriptors.append(descriptor)
        }
        let layout = DeclarationLayout(fields: found.map(\.field))
        let table = publish(DescriptorTable(classTable: classTable, descriptors: descriptors, layout: layout), in: classTable)
        return claim(model, table)
    }

    /// Publishes `built` as the class's table (or replaces a stale one); another thread's first
    /// instance may have published first: its table is the one to claim against.
    private func publish(_ built: DescriptorTable, in classTable: ModelClassTable) -> DescriptorTable {
        if classTable.descriptors.map({ !$0.isCurrent }) ?? false {
            classTable.republish(built)
            return built
        }
        return classTable.publish(built)
    }

    /// Describes the class by an instance made on this thread, for a first instance whose own
    /// declarations are not all on this thread's stack, then claims `model` against that table.
    private func describeFromPrototype(_ model: WrapModel, _ classTable: ModelClassTable) -> Claim {
        let modelClass = type(of: model)
        _ = declaringNormally { modelClass.init(data: [:], mutable: false) }
        guard let table = classTable.descriptors, table.isCurrent else {
            preconditionFailure("WrapModel: \(modelClass) could not be described")
        }
        return claim(model, table)
    }

    /// Describes the class by reflection, where its field metadata cannot be read (the stack's
    /// order is then trusted).
    private func describeByReflection(_ model: WrapModel, _ classTable: ModelClassTable) -> Claim {
        let found = Self.declarations(of: model).sorted { $0.position < $1.position }
        var descriptors: [PropertyDescriptor] = []
        for declaration in found {
            let position = Int(declaration.position)
            guard position < depth else { preconditionFailure("WrapModel: \(type(of: model)) could not be described") }
            let entry = entries[position]
            let declared = entry.descriptor.takeUnretainedValue()
            let descriptor = entry.owned && !declared.isPublished ? declared : declared.copy(keepingParts: entry.matchedParts)
            descriptor.resolvePath(name: declaration.name, naming: classTable.keyNaming)
            descriptors.append(descriptor)
        }
        let table = publish(DescriptorTable(classTable: classTable, descriptors: descriptors, layout: nil), in: classTable)
        return claim(model, table)
    }

    /// Pops the stack down to `base`, releasing what it owned: every declaration from `base` up
    /// was claimed. The positions expect `table`'s descriptors next time.
    private func pop(to base: Int, expecting table: DescriptorTable) {
        for position in base..<depth {
            if entries[position].owned { entries[position].descriptor.release() }
            // The claim holds the kept objects now.
            entries[position].handle?.release()
        }
        let descriptors = table.unretainedDescriptors
        for offset in 0..<table.count { expected[base + offset] = descriptors[offset] }
        depth = base
        popAbandoned()
    }

    /// Gives back the claimed `positions`, which need not be the stack's top ones: positions
    /// between and above them may be pending declarations of other models (an initialiser that
    /// suspended on this thread) or property objects no model claims, and stay until those are
    /// claimed or released. What is on top is popped.
    private func release(_ positions: [Int]) {
        for position in positions {
            if entries[position].owned { entries[position].descriptor.release() }
            // The claim holds the kept objects now.
            entries[position].handle?.release()
            entries[position].owned = false
            entries[position].handle = nil
            entries[position].isAbandoned = true
        }
        popAbandoned()
    }

    /// The classic property objects in the stored properties of `model` and its superclasses that
    /// are pending declarations of this stack, with their positions, by reflection.
    private static func pendingObjects(of model: WrapModel) -> [(position: Int32, object: WrapPropertyBase)] {
        var found: [(position: Int32, object: WrapPropertyBase)] = []
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                if let property = child.value as? WrapPropertyBase, property.isPendingDeclaration {
                    found.append((property.declarationPosition, property))
                }
            }
            mirror = current.superclassMirror
        }
        return found
    }

    /// The declarations of `model` and its superclasses — wrappers and classic property objects —
    /// with the names Swift gave them and the positions they took, by reflection.
    private static func declarations(of model: WrapModel) -> [(name: String, position: Int32)] {
        var found: [(name: String, position: Int32)] = []
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label else { continue }
                if let wrapper = child.value as? any DeclaredPropertyWrapper {
                    // Swift stores a wrapper of `name` as `_name`.
                    found.append((label.hasPrefix("_") ? String(label.dropFirst()) : label, wrapper.declarationPosition))
                } else if let property = child.value as? WrapPropertyBase, property.isPendingDeclaration {
                    found.append((label, property.declarationPosition))
                }
            }
            mirror = current.superclassMirror
        }
        return found
    }
}

extension ConstructionContext.Entry {
    /// Whether the declaration was made by the same initialiser as `descriptor`'s (its
    /// arguments may differ: a default computed per instance).
    func declares(like descriptor: PropertyDescriptor) -> Bool {
        let declared = self.descriptor.takeUnretainedValue()
        let said = owned ? declared.fingerprint : declared.fingerprint.prefix(matchedParts)
        return said.hasSameInitialiser(as: descriptor.fingerprint)
    }
}
