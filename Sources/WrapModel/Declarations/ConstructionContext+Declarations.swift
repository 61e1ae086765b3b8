/// The declaration stack: how a declaration finds its descriptor without allocating one, and how
/// a model claims its declarations.
///
/// Walk through `final class Customer: WrapModel { @Property("id") var id: Int }`, created twice:
/// 1. The first `Customer(data:mutable:)` initialises `_id`: the wrapper calls
///    ``declare(_:handle:make:)`` with its arguments. Nothing is expected at position 0, so
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
    func record(_ fingerprint: DeclarationFingerprint, at position: Int, handle: Unmanaged<WrapPropertyBase>?,
                make: (DeclarationFingerprint) -> PropertyDescriptor) {
        let made = make(fingerprint)
        entries[position] = Entry(descriptor: Unmanaged.passRetained(made), owned: true,
                                  matchedParts: made.fingerprint.count, handle: handle)
    }

    /// The descriptor at `position` (taken and not yet claimed).
    func descriptor(at position: Int32) -> PropertyDescriptor {
        entries[Int(position)].descriptor.takeUnretainedValue()
    }

    /// Whether `position` is taken and not yet claimed by a model.
    func isPending(_ position: Int32) -> Bool { position >= 0 && Int(position) < depth }

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
            entry = Entry(descriptor: Unmanaged.passRetained(descriptor.copy(keepingParts: entry.matchedParts)), owned: true,
                          matchedParts: entry.matchedParts, handle: entry.handle, keepsHandle: entry.keepsHandle)
        }
        let owned = entry.descriptor.takeUnretainedValue()
        repeat owned.fingerprint.append(each parts)
        apply(owned)
        entry.matchedParts = owned.fingerprint.count
        entries[Int(position)] = entry
        return owned
    }

    /// Names the classic property object that made the declaration at `position`, for the model
    /// to bind.
    func setHandle(_ handle: WrapPropertyBase, at position: Int32) {
        entries[Int(position)].handle = Unmanaged.passUnretained(handle)
    }

    /// Forgets the declaration of `handle` at `position`, a property object no model claimed that
    /// is being released (on this thread: on another, its position was not this stack's).
    func abandon(_ handle: WrapPropertyBase, at position: Int32) {
        let index = Int(position)
        guard index < depth, entries[index].handle?.toOpaque() == Unmanaged.passUnretained(handle).toOpaque() else { return }
        entries[index].handle = nil
        entries[index].isAbandoned = true
        popAbandoned()
    }

    /// Pops abandoned declarations off the top of the stack.
    func popAbandoned() {
        while depth > 0, entries[depth - 1].isAbandoned {
            depth -= 1
            if entries[depth].owned { entries[depth].descriptor.release() }
        }
    }

    /// Makes the model keep the classic property object at `position`: a wrapper declared over
    /// it holds only the position, and `$name` gives the object back. The stack holds a
    /// reference to it until the model claims it (nothing else does meanwhile).
    func keepHandle(at position: Int32) {
        guard !entries[Int(position)].keepsHandle, let handle = entries[Int(position)].handle else { return }
        _ = handle.retain()
        entries[Int(position)].keepsHandle = true
    }

    /// Makes the positions from here on expect the declarations of `type`, when it has a table:
    /// models of mixed classes (a polymorphic feed) then match as well as a run of one class.
    func expect(_ type: WrapModel.Type) {
        guard let descriptors = ModelClassTables.table(of: type).descriptors?.descriptors, let first = descriptors.first else { return }
        while depth + descriptors.count > capacity { grow() }
        guard expected[depth]?.toOpaque() != Unmanaged.passUnretained(first).toOpaque() else { return }
        for (offset, descriptor) in descriptors.enumerated() { expected[depth + offset] = Unmanaged.passUnretained(descriptor) }
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
        let table: DescriptorTable
        /// The position of the model's first declaration.
        let base: Int
        /// Descriptors of this instance's own, by ordinal.
        let overrides: [(ordinal: Int, descriptor: PropertyDescriptor)]
        /// The classic property objects to bind, by ordinal, and whether the model keeps them.
        let handles: [(ordinal: Int, handle: WrapPropertyBase, kept: Bool)]
    }

    /// Claims the declarations `model` (of the class `classTable` describes) made: the last
    /// positions of the stack. The first instance of a class describes its class's table.
    func claimDeclarations(of model: WrapModel, _ classTable: ModelClassTable) -> Claim {
        guard let table = classTable.descriptors, table.isCurrent else { return describe(model, classTable) }
        if table.count <= depth, let claim = claim(table, base: depth - table.count, checked: true) { return claim }
        // Something took a position among this model's without being claimed (a property object
        // made and dropped during initialisation): find the model's own positions by reflection.
        let positions = Self.declarations(of: model).map(\.position)
        guard let first = positions.min(), positions.count == table.count, Int(first) + table.count <= depth else {
            PropertyMisuse.reportUnclaimedDeclaration(in: type(of: model))
            return describe(model, classTable)
        }
        return claim(table, base: Int(first), checked: false)!
    }

    /// Claims positions `base..<base + table.count` for `table`; nil when `checked` and a
    /// position's declaration is of another kind than the table's (the stack holds a declaration
    /// that no model claimed, inside this model's: the model is described from itself instead).
    private func claim(_ table: DescriptorTable, base: Int, checked: Bool) -> Claim? {
        var overrides: [(ordinal: Int, descriptor: PropertyDescriptor)] = []
        var handles: [(ordinal: Int, handle: WrapPropertyBase, kept: Bool)] = []
        let count = table.count
        let expectedByTable = table.unretainedDescriptors
        for ordinal in 0..<count {
            let entry = entries[base + ordinal]
            if let handle = entry.handle {
                if handles.isEmpty { handles.reserveCapacity(count - ordinal) }
                handles.append((ordinal, handle.takeUnretainedValue(), entry.keepsHandle))
            }
            // The usual case: the declaration matched the table's own descriptor, whole.
            if !entry.owned, entry.descriptor.toOpaque() == expectedByTable[ordinal].toOpaque(),
               entry.matchedParts == entry.descriptor._withUnsafeGuaranteedRef({ $0.partCount }) {
                continue
            }
            let own = table.descriptors[ordinal]
            let declared = entry.descriptor.takeUnretainedValue()
            let said = entry.owned ? declared.fingerprint : declared.fingerprint.prefix(entry.matchedParts)
            if said == own.fingerprint { continue }
            if checked && !said.hasSameInitialiser(as: own.fingerprint) { return nil }
            let instanceOwn = entry.owned ? declared : declared.copy(keepingParts: entry.matchedParts)
            instanceOwn.resolvePath(name: own.name, naming: table.classTable.keyNaming)
            instanceOwn.memberOrdinal = instanceOwn.path == own.path ? own.memberOrdinal : -1
            overrides.append((ordinal, instanceOwn))
        }
        pop(to: base, expecting: table)
        return Claim(table: table, base: base, overrides: overrides, handles: handles)
    }

    /// Describes the class of `model`, its first instance (or the first since the key path
    /// modifier changed), from the model itself: its declarations' names and positions come from
    /// reflecting it, their descriptors from the stack. Reflection costs about a microsecond per
    /// declaration, once per class.
    private func describe(_ model: WrapModel, _ classTable: ModelClassTable) -> Claim {
        let found = Self.declarations(of: model).sorted { $0.position < $1.position }
        let base = found.first.map { Int($0.position) } ?? depth
        var descriptors: [PropertyDescriptor] = []
        for (offset, declaration) in found.enumerated() {
            let position = Int(declaration.position)
            guard position == base + offset, position < depth else {
                PropertyMisuse.reportUnclaimedDeclaration(in: type(of: model))
                break
            }
            let entry = entries[position]
            let declared = entry.descriptor.takeUnretainedValue()
            let descriptor = entry.owned && !declared.isPublished ? declared : declared.copy(keepingParts: entry.matchedParts)
            descriptor.resolvePath(name: declaration.name, naming: classTable.keyNaming)
            descriptors.append(descriptor)
        }
        let built = DescriptorTable(classTable: classTable, descriptors: descriptors)
        let table: DescriptorTable
        if classTable.descriptors.map({ !$0.isCurrent }) ?? false {
            classTable.republish(built)
            table = built
        } else {
            table = classTable.publish(built)
        }
        // Another thread's first instance may have published first: claim against its table.
        return claim(table, base: base, checked: false)!
    }

    /// Pops the stack down to `base`, releasing what it owned, and makes the positions expect
    /// `table`'s descriptors next time.
    private func pop(to base: Int, expecting table: DescriptorTable) {
        for position in base..<depth {
            if entries[position].owned { entries[position].descriptor.release() }
            // The claim holds the kept objects now.
            if entries[position].keepsHandle { entries[position].handle?.release() }
        }
        let descriptors = table.unretainedDescriptors
        for offset in 0..<table.count { expected[base + offset] = descriptors[offset] }
        depth = base
        popAbandoned()
    }

    /// The declarations of `model` and its superclasses — wrappers and classic property objects —
    /// with the names Swift gave them and the positions they took.
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
