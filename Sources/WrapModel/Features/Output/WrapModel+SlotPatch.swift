import Foundation
import WrapModelJSON

// Merge patches and `hasChanges` from what was written.
//
// A model's lossless output is its data with the properties that hold a written value (directly
// or in a model they hold) set at their key paths; its merge patch is that output's difference
// from the data. Where no two written properties reach the same member, each member the patch
// holds comes from one written property alone: the patch is then built from those properties,
// each compared with the member it replaces, without building the output or walking the rest of
// the data. Where that is not so, the diff of the whole output (`MergePatchDiff`) is used.

extension WrapModel {
    /// Whether lossless output sets the class's version (see `buildLosslessOutput`): the data's
    /// version is not the class's current one, or is absent.
    var outputWritesVersion: Bool {
        guard let versioning = classVersioning, unsupportedDataVersion == nil else { return false }
        return Self.version(in: storage, key: versioning.key) != versioning.current || storage.lookup(versioning.key) == nil
    }

    // MARK: - The patch

    /// The members of the merge patch, built from the written slots: what
    /// `MergePatchDiff.objectPatch` gives for the data and the lossless output built with
    /// `context`, or nil when this model's data or writes need that diff. Needed for data given as
    /// a dictionary, a JSON object whose keys repeat or are not plain ASCII, a version output
    /// would set, and written declarations that share a first key or write at the model's own level.
    /// The caller holds the tree's lock (or the model is immutable), also while using the members.
    func slotPatch(_ context: WrapEncodingContext) -> SlotPatchMembers? {
        guard let root = storage.jsonObject, storageKeysArePlain == true, !outputWritesVersion else { return nil }
        var members = slots.withTable { SlotPatchMembers(declaredBy: $0) }
        guard collectPatchMembers(into: &members, root: root, context) else { return nil }
        return members
    }

    /// Adds the patch members of this model's written properties (and of its groups', over the
    /// same object) to `members`; false when a member cannot be told apart from another's.
    private func collectPatchMembers(into members: inout SlotPatchMembers, root: JSONNode,
                                     _ context: WrapEncodingContext) -> Bool {
        let slots = self.slots
        let mayHoldWrites = self.mayHoldWrites
        if !mayHoldWrites && !slots.withTable({ $0.holdsModels }) { return true }
        let storage = self.storage
        // Lossless output sets members in this order, which is where new members go.
        let order = slots.withTable({ $0.outputPlan.isOrderFree }) ? nil : outputOrder()
        for position in 0..<slots.count {
            let ordinal = order?[position] ?? position
            // Borrowed: the class's descriptors are shared by every model of the class.
            let added = slots.withDescriptor(ordinal) { descriptor -> Bool in
                guard Self.patchReads(descriptor, slots, ordinal, context, mayHoldWrites: mayHoldWrites) else { return true }
                if descriptor.mergesIntoParentLevel {
                    guard let group = descriptor.heldModel(slots, ordinal), group.storage === storage else { return false }
                    return group.collectPatchMembers(into: &members, root: root, context)
                }
                let path = descriptor.outputPath(in: storage)
                guard !path.isRoot else { return false }
                if path.isDotted { return addDottedMember(descriptor, ordinal, path.components, root, &members, context) }
                return addMember(descriptor, ordinal, path, root, &members, context)
            }
            guard added else { return false }
        }
        return true
    }

    /// The patch member of a property at a one-key path: its value where it differs from the
    /// member it replaces, `null` where it removes one; a submodel written to inside gives its
    /// own patch.
    private func addMember(_ descriptor: PropertyDescriptor, _ ordinal: Int, _ path: KeyPathComponents, _ root: JSONNode,
                           _ members: inout SlotPatchMembers, _ context: WrapEncodingContext) -> Bool {
        let key = path.keyPath
        let slots = self.slots
        // A key that is not ASCII may equal a member's key as Swift compares strings.
        guard ASCIIText.isASCII(key), members.claim(key) else { return false }
        let member: JSONNode?
        if descriptor.alternatives.isEmpty, descriptor.memberOrdinal >= 0,
           let schedule = slots.headerPointer.pointee.schedule,
           case .some(.some(.json(let node))) = storage.member(descriptor.memberOrdinal, schedule: schedule.takeUnretainedValue()) {
            member = node
        } else {
            member = root.member(key)
        }
        // Most writes are of strings, numbers and booleans: compared with the member as they are.
        if let written = descriptor.compareWrittenScalar(slots, ordinal, with: member) {
            switch written {
            case .removed: if let member { members.remove(key, member) }
            case .same: break
            case .changed: members.add(.slot(slots, ordinal, descriptor), forKey: key, replacing: member)
            }
            return true
        }
        if let member, !descriptor.isMutated(slots, ordinal), let submodel = descriptor.heldModel(slots, ordinal),
           let node = submodel.storage.jsonObject, node.document === member.document, node.index == member.index,
           let patch = submodel.slotPatch(context) {
            let object = patch.object(context)
            if !object.isEmpty { members.add(.value(object), forKey: key, replacing: member) }
            return true
        }
        guard let value = descriptor.outputValue(slots, ordinal, context) else {
            if let member { members.remove(key, member) }
            return true
        }
        if let change = MergePatchDiff.difference(from: member.map(WrapStoredValue.Raw.json), to: value) {
            members.add(.value(change), forKey: key, replacing: member)
        }
        return true
    }

    /// The patch member of a property at a dotted key path: the member its first key names, as
    /// lossless output changes it, compared with the original one.
    private func addDottedMember(_ descriptor: PropertyDescriptor, _ ordinal: Int, _ components: [String], _ root: JSONNode,
                                 _ members: inout SlotPatchMembers, _ context: WrapEncodingContext) -> Bool {
        let key = components[0]
        guard ASCIIText.isASCII(key), members.claim(key) else { return false }
        let member = root.member(key)
        var changed = OrderedObject(reaching: member.map(VerbatimJSON.init(node:)))
        if let value = descriptor.outputValue(slots, ordinal, context) {
            changed.setValue(value, atPath: components.dropFirst())
        } else {
            // Removing reaches only through objects.
            guard let member, member.kind == .object else { return true }
            changed.removeValue(atPath: components.dropFirst())
        }
        if let change = MergePatchDiff.difference(from: member.map(WrapStoredValue.Raw.json), to: changed) {
            members.add(.value(change), forKey: key, replacing: member)
        }
        return true
    }

    // MARK: - Whether anything changed

    /// Whether the written slots change the data, each written value compared with the data it
    /// replaces: what `!objectPatch(…).isEmpty` says for the lossless output built with `context`,
    /// without building it, running a hook, or converting through user code (a written value a
    /// converter or a named transformer writes counts as a change). Nil when only that diff can
    /// tell: written declarations whose key paths overlap or write at the model's own level.
    /// The caller holds the tree's lock (or the model is immutable).
    func slotChanges(_ context: WrapEncodingContext) -> Bool? {
        var paths: [[String]] = []
        // The version output sets is a change, unless a written property sets the same member.
        let versionChanges = outputWritesVersion
        if versionChanges, let versioning = classVersioning { paths.append(versioning.key.components) }
        guard let changed = collectSlotChanges(&paths, context) else { return nil }
        return changed || versionChanges
    }

    /// Whether the patch (and `hasChanges`) looks at this slot: output writes its property, and
    /// it holds a written value or models that may (a slot holding mutations holds a value: the
    /// models below are those already made).
    private static func patchReads(_ descriptor: PropertyDescriptor, _ slots: ModelSlots, _ ordinal: Int,
                                   _ context: WrapEncodingContext, mayHoldWrites: Bool) -> Bool {
        guard mayHoldWrites || descriptor.holdsModels else { return false }
        if (context.forOutput && !descriptor.serializeForOutput) || descriptor.isTransient { return false }
        return descriptor.holdsMutations(slots, ordinal)
    }

    /// `slotChanges` for this model's written properties and its groups', whose key paths
    /// (from the model's own level) are added to `paths`.
    private func collectSlotChanges(_ paths: inout [[String]], _ context: WrapEncodingContext) -> Bool? {
        let slots = self.slots
        let mayHoldWrites = self.mayHoldWrites
        if !mayHoldWrites && !slots.withTable({ $0.holdsModels }) { return false }
        let storage = self.storage
        var changed = false
        // Borrowed: the class's descriptors are shared by every model of the class.
        for ordinal in 0..<slots.count {
            // True: the patch cannot be built from the slots.
            let stops = slots.withDescriptor(ordinal) { descriptor -> Bool in
                guard Self.patchReads(descriptor, slots, ordinal, context, mayHoldWrites: mayHoldWrites) else { return false }
                if descriptor.mergesIntoParentLevel {
                    guard let group = descriptor.heldModel(slots, ordinal), group.storage === storage,
                          let groupChanged = group.collectSlotChanges(&paths, context) else { return true }
                    changed = changed || groupChanged
                    return false
                }
                let path = descriptor.outputPath(in: storage)
                guard !path.isRoot else { return true }
                let components = path.components
                // Where two written paths overlap, output sets one over the other.
                guard !paths.contains(where: { Self.overlap($0, components) }) else { return true }
                paths.append(components)
                if changed { return false }
                guard descriptor.isMutated(slots, ordinal) else {
                    // Written inside: the models the value holds, each against its own data (output
                    // places each where its data came from).
                    var heldChanged: Bool? = false
                    descriptor.forEachTreeModel(slots, ordinal) { model in
                        guard heldChanged == false, model.hasMutations else { return }
                        heldChanged = model.slotChanges(context)
                    }
                    guard let heldChanged else { return true }
                    changed = heldChanged
                    return false
                }
                if descriptor.convertsOutputInUserCode {
                    changed = true
                    return false
                }
                let original = storage.lookup(path)
                if storage.jsonObject != nil {
                    let node: JSONNode? = if case .json(let node)? = original { node } else { nil }
                    if let written = descriptor.compareWrittenScalar(slots, ordinal, with: node) {
                        changed = written == .removed ? original != nil : written == .changed
                        return false
                    }
                }
                if let value = descriptor.outputValue(slots, ordinal, context) {
                    // Set at a dotted path, a value changes the member whenever one of the objects on
                    // the way, or the value's own member, is missing.
                    changed = original.map { MergePatchDiff.difference(from: $0, to: value) != nil } ?? true
                } else {
                    // Removed: a change when there is a member (null included) to remove.
                    changed = original != nil
                }
                return false
            }
            if stops { return nil }
        }
        return changed
    }

    /// Whether one of two key paths is the other or leads into it.
    private static func overlap(_ lhs: [String], _ rhs: [String]) -> Bool {
        zip(lhs, rhs).allSatisfy { $0 == $1 }
    }
}

/// The members of a merge patch built from written slots, each key once, in the order
/// `MergePatchDiff.objectPatch` gives the members of a patch: removed members first, then
/// changed ones, each in the original's order, then new members in the order they were added.
struct SlotPatchMembers {
    /// A member's value: in data form, or a written common scalar still in its slot, which
    /// compact output writes from there. The slots and the descriptor are not retained: the
    /// model keeps them, and the members are used while the lock that keeps them is held.
    enum Value {
        case value(Any)
        case slot(Unmanaged<ModelSlots>, Int, Unmanaged<PropertyDescriptor>)

        static func slot(_ slots: ModelSlots, _ ordinal: Int, _ descriptor: PropertyDescriptor) -> Value {
            .slot(Unmanaged.passUnretained(slots), ordinal, Unmanaged.passUnretained(descriptor))
        }
    }

    private enum Rank: Comparable {
        case removed(position: Int)
        case changed(position: Int)
        case added(sequence: Int)
    }

    private typealias Member = (rank: Rank, key: String, value: Value)
    /// The first member, kept inline (most patches have one), then the others.
    private var first: Member?
    private var others: [Member] = []
    /// The keys taken, where declarations may share one.
    private var keys: [String] = []
    /// False when the patch's declarations have distinct first keys (a class whose output is
    /// written straight from its slots, which has no groups).
    private let checksKeys: Bool

    init(declaredBy table: DescriptorTable) {
        checksKeys = !table.outputPlan.writesDirectly
    }

    /// Takes `key` for one property; false when another already took it.
    mutating func claim(_ key: String) -> Bool {
        guard checksKeys else { return true }
        if keys.contains(key) { return false }
        keys.append(key)
        return true
    }

    /// `null` for `member`, which the written property removes.
    mutating func remove(_ key: String, _ member: JSONNode) {
        append((.removed(position: member.index), key, .value(NSNull())))
    }

    /// `value` for `key`, replacing `member` when the original has one.
    mutating func add(_ value: Value, forKey key: String, replacing member: JSONNode?) {
        let rank = member.map { Rank.changed(position: $0.index) } ?? .added(sequence: first == nil ? 0 : others.count + 1)
        append((rank, key, value))
    }

    private mutating func append(_ member: Member) {
        if first == nil { first = member } else { others.append(member) }
    }

    /// The members in patch order.
    private var ordered: [Member] {
        guard let first else { return [] }
        return others.isEmpty ? [first] : ([first] + others).sorted { $0.rank < $1.rank }
    }

    /// The patch as an output tree.
    func object(_ context: WrapEncodingContext) -> OrderedObject {
        var patch = OrderedObject()
        for member in ordered {
            switch member.value {
            case .value(let value):
                patch.set(value, forKey: member.key)
            case .slot(let slots, let ordinal, let descriptor):
                // A written common scalar has a value (a nil one removes its member).
                if let value = descriptor.takeUnretainedValue().outputValue(slots.takeUnretainedValue(), ordinal, context) {
                    patch.set(value, forKey: member.key)
                }
            }
        }
        return patch
    }

    /// The patch as compact JSON: the bytes `JSONWriter` writes for ``object(_:)``.
    func compactJSON(_ context: WrapEncodingContext) throws(JSONWriter.InvalidValue) -> Data {
        guard let first else { return Data("{}".utf8) }
        var writer = JSONWriter(options: [], capacity: 128)
        do throws(JSONWriter.InvalidValue) {
            writer.out.append(UInt8(ascii: "{"))
            if others.isEmpty {
                try Self.write(first, into: &writer, first: true, context)
            } else {
                for (position, member) in ordered.enumerated() {
                    try Self.write(member, into: &writer, first: position == 0, context)
                }
            }
            writer.out.append(UInt8(ascii: "}"))
        } catch {
            writer.out.release()
            throw error
        }
        return writer.out.takeData()
    }

    /// Writes `member` as `JSONWriter.writeMember` writes it.
    private static func write(_ member: Member, into writer: inout JSONWriter, first: Bool,
                              _ context: WrapEncodingContext) throws(JSONWriter.InvalidValue) {
        switch member.value {
        case .value(let value):
            try writer.writeMember(member.key, value, depth: 0, first: first)
        case .slot(let slots, let ordinal, let descriptor):
            if !first { writer.out.append(UInt8(ascii: ",")) }
            writer.writeString(member.key)
            writer.out.append(UInt8(ascii: ":"))
            do throws(JSONWriter.InvalidValue) {
                _ = try descriptor.takeUnretainedValue().writeOutputJSON(into: &writer, slots.takeUnretainedValue(), ordinal,
                                                                         context, depth: 1)
            } catch {
                throw error.inMember(member.key)
            }
        }
    }
}
