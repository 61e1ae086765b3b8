import Foundation
import Synchronization
import WrapModelJSON

/// A declaration of a `T`-valued property: its codec, default value and converters, and the work
/// of reading, caching, writing and outputting one slot of a model.
///
/// Reading a slot: an untagged box (or a value kept in the slot itself) is read without any lock
/// by the caller (see `WrapModel.readDeclared(_:as:)`); otherwise ``read(_:_:)`` converts the
/// stored value once, publishes it with a compare-and-swap and returns it. Writing replaces the
/// slot's box under the tree's write lock (see ``replaceBox(_:_:with:)``).
final class TypedPropertyDescriptor<T>: PropertyDescriptor, @unchecked Sendable {
    /// How stored data becomes the value and back.
    let codec: any WrapValueCodec<T>
    /// The value read when the data has none, has `null`, or has one that does not convert.
    let defaultValue: T
    /// Converters and wrapper modifiers, when the declaration set any.
    private(set) var hooks: PropertyHooks<T>?

    /// How many replaced boxes a slot of a mutable model keeps for lock-free readers. Beyond it,
    /// the slot's boxes are published tagged: read under the lock and freed on replacement.
    static var retiredLimit: Int { 4 }

    init<Codec: WrapValueCodec>(fingerprint: DeclarationFingerprint, key: String?, codec: Codec, defaultValue: T,
                                flags: DeclarationFlags, appliesKeyPathModifier: Bool = true) where Codec.Value == T {
        self.codec = codec
        self.defaultValue = defaultValue
        var flags = flags
        if codec is any ModelHoldingCodec { flags.insert(.holdsModels) }
        if codec is any GroupingCodec { flags.insert(.group) }
        super.init(fingerprint: fingerprint, declaredKey: key, appliesKeyPathModifier: appliesKeyPathModifier, flags: flags)
    }

    private init(copying other: TypedPropertyDescriptor<T>, keepingParts parts: Int) {
        codec = other.codec
        defaultValue = other.defaultValue
        super.init(copying: other, keepingParts: parts)
        if parts >= other.fingerprint.count, let hooks = other.hooks, !hooks.isEmpty { self.hooks = hooks.copy() } else { flags.remove(.hasHooks) }
    }

    override func copy(keepingParts parts: Int) -> PropertyDescriptor {
        TypedPropertyDescriptor(copying: self, keepingParts: parts)
    }

    /// The hooks to change, created if needed; only on a descriptor nothing shares yet.
    var settableHooks: PropertyHooks<T> {
        assert(!isPublished, "a published descriptor is changed by copying it")
        flags.insert(.hasHooks)
        if let hooks { return hooks }
        let created = PropertyHooks<T>()
        hooks = created
        return created
    }

    /// The model hooks of `codec`, when its values hold models. (Unconstrained: see
    /// `ModelHoldingCodec.containsMutations(propertyValue:)` for why.)
    private var modelCodec: (any ModelHoldingCodec)? {
        holdsModels ? codec as? any ModelHoldingCodec : nil
    }

    override func releaseBox(_ bits: UInt) { CacheBox.release(bits, as: T.self) }

    override func view(of slots: ModelSlots, at ordinal: Int) -> WrapPropertyBase {
        let object: WrapPropertyBase = ConstructionContext.current.makingView { makeView?() ?? WrapProperty<T>(viewOf: self) }
        object.bindView(to: slots, ordinal: ordinal, descriptor: self)
        return object
    }

    override var isOptionalValue: Bool { T.self is any _OptionalMarker.Type }

    // MARK: - Reading and writing

    /// The slot's value: a written value, else the stored value converted (once), else the default.
    func read(_ slots: ModelSlots, _ ordinal: Int) -> T {
        let bits = slots.slot(ordinal).pointee.load(ordering: .acquiring)
        if CacheBox.isLockFreeReadable(bits) { return CacheBox.value(at: bits, as: T.self) }
        if slots.isLockFree { return readAssumingAccess(slots, ordinal) }
        return slots.lock.reading { readAssumingAccess(slots, ordinal) }
    }

    /// ``read(_:_:)`` through the read modifier of the wrapper that declared it.
    func readModified(_ slots: ModelSlots, _ ordinal: Int) -> T {
        let value = read(slots, ordinal)
        guard let modifier = hooks?.read else { return value }
        return modifier(value)
    }

    /// Reads with the lock held, or lock-free on an immutable model: boxes are then never freed
    /// while the model lives, so losing the race to publish just means using the winner's box.
    func readAssumingAccess(_ slots: ModelSlots, _ ordinal: Int) -> T {
        let slot = slots.slot(ordinal)
        let bits = slot.pointee.load(ordering: .acquiring)
        if bits != 0 { return CacheBox.value(at: bits, as: T.self) }
        // Converters and overlapping declarations (few) take their own path; the test is the one
        // `convertStoredValue` made for converters, moved here.
        if let hooks { return readHookedAssumingAccess(hooks, slots, ordinal) }
        return publish(convertUnhookedStoredValue(slots), slots, ordinal)
    }

    /// What a first read of a declaration reading through a submodel it overlaps would show now,
    /// without caching it (nil: the declaration does not): what a document still arriving
    /// compares its cached value with (see `WrapPartialDocument`).
    func overlappingValueAsRead(_ slots: ModelSlots) -> T? {
        guard let member = hooks?.overlap, member.refusal == nil, member.container != nil, member.containerHoldsModels else { return nil }
        return derivedValue(member, slots)?.0 ?? convertStoredValue(slots)
    }

    /// ``readAssumingAccess(_:_:)`` for a declaration with hooks: an overlapping declaration reads
    /// what the declaration holding its value holds (see `DeclarationOverlaps`), cached unless it
    /// reads through a submodel of a mutable model; otherwise the stored value, converted.
    @inline(never)
    private func readHookedAssumingAccess(_ hooks: PropertyHooks<T>, _ slots: ModelSlots, _ ordinal: Int) -> T {
        if let member = hooks.overlap, member.refusal == nil, let (value, cacheable) = derivedValue(member, slots) {
            return cacheable ? publish(value, slots, ordinal) : value
        }
        return publish(convertStoredValue(slots), slots, ordinal)
    }

    /// Publishes `converted` in the empty slot at `ordinal` (or returns the value another reader
    /// published first).
    @inline(__always)
    private func publish(_ converted: T, _ slots: ModelSlots, _ ordinal: Int) -> T {
        let slot = slots.slot(ordinal)
        // Immutable models never tag: nothing replaces their boxes but clearing a copy's written value.
        let locked = !slots.isLockFree && slots.retiredCount(ordinal) >= Self.retiredLimit
        let box = CacheBox.publish(converted, isMutation: false, locked: locked)
        let (exchanged, winner) = slot.pointee.compareExchange(
            expected: 0, desired: box, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged { return converted }
        CacheBox.release(box, as: T.self)
        return CacheBox.value(at: winner, as: T.self)
    }

    /// Writes `value` (through the write modifier when `modified`) to the slot of a mutable model.
    /// On an immutable model the write is dropped: an assertion in debug builds, a report to the
    /// issue observer always.
    func write(_ value: T, _ slots: ModelSlots, _ ordinal: Int, modified: Bool) {
        guard !slots.refusesWrites else {
            WriteRefusal.report(modelClass: slots.table.classTable.modelClass, keyPath: keyPath)
            return
        }
        let written = modified ? (hooks?.write.map { $0(value) } ?? value) : value
        if let member = hooks?.overlap { return writeOverlapping(written, member, slots, ordinal) }
        slots.lock.writing { replaceBox(slots, ordinal, with: written) }
        slots.notifyChange(ordinal)
    }

    /// ``write(_:_:_:modified:)`` of a declaration that overlaps others: the write goes where the
    /// model's document holds it, and every declaration it shows in is notified.
    private func writeOverlapping(_ written: T, _ member: OverlapMember, _ slots: ModelSlots, _ ordinal: Int) {
        if let refusal = member.refusal { return Self.reportRefused(refusal, member, keyPath) }
        var notifying: [(ModelSlots, Int)] = []
        slots.lock.writing { writeLocked(written, slots, ordinal, notifying: &notifying) }
        for (model, changed) in notifying { model.notifyChange(changed) }
    }

    /// A write dropped because its overlap is refused.
    private static func reportRefused(_ refusal: WrapModelIssue.Kind, _ member: OverlapMember, _ keyPath: String) {
        if WrapIssueObserver.isActive.load(ordering: .relaxed) {
            WrapIssueObserver.report(modelClass: String(describing: member.modelClass), keyPath: keyPath, kind: refusal)
        }
    }

    /// Writes `value` with the tree's write lock held, where the document holds it: in the
    /// submodel (or group) the declaration's container holds, in a plain container's value, or in
    /// the declaration's own slot, clearing the declarations it holds.
    func writeLocked(_ value: T, _ slots: ModelSlots, _ ordinal: Int, notifying: inout [(ModelSlots, Int)]) {
        guard let member = hooks?.overlap else {
            replaceBox(slots, ordinal, with: value)
            notifying.append((slots, ordinal))
            return
        }
        if let refusal = member.refusal { return Self.reportRefused(refusal, member, keyPath) }
        if let container = member.container {
            let holder = slots.descriptor(container)
            if !member.containerHoldsModels {
                // The container holds the write; writing it clears this declaration, which then
                // reads the new value.
                let current = DocumentValues.plain(holder.currentData(slots, container))
                let data = DocumentValues.setting(documentData(value, slots), at: member.rest, in: current)
                holder.writeData(data, slots, container, notifying: &notifying)
                notifying.append((slots, ordinal))
                return
            }
            if writeThroughModel(value, member, holder, container, slots, notifying: &notifying) {
                resetCache(slots, ordinal)
                notifying.append((slots, ordinal))
                return
            }
            // Nothing in the submodel reads this key path: the declaration holds its own write.
        }
        replaceBox(slots, ordinal, with: value)
        notifying.append((slots, ordinal))
        for dependent in member.dependents {
            slots.descriptor(dependent).resetCache(slots, dependent)
            notifying.append((slots, dependent))
        }
    }

    /// Writes `value` into the model the container holds (made if absent), as a write of the
    /// declaration there that covers this one's key path; false when none covers it.
    private func writeThroughModel(_ value: T, _ member: OverlapMember, _ holder: PropertyDescriptor, _ container: Int,
                                   _ slots: ModelSlots, notifying: inout [(ModelSlots, Int)]) -> Bool {
        guard let child = holder.heldModel(slots, container)
                ?? (holder.mergesIntoParentLevel ? nil : holder.makeHeldModelForWrite(slots, container)),
              child.isMutable, child.slots.lock === slots.lock else { return false }
        let childSlots = child.slots
        guard let covering = DocumentValues.covering(member.rest, in: childSlots) else { return false }
        if childSlots.descriptor(covering).path == member.rest,
           let typed = childSlots.descriptor(covering) as? TypedPropertyDescriptor<T> {
            typed.writeLocked(value, childSlots, covering, notifying: &notifying)
        } else if !DocumentValues.write(documentData(value, slots), at: member.rest, in: childSlots, notifying: &notifying) {
            return false
        }
        notifying.append((slots, container))
        return true
    }

    /// What an overlapping declaration reads when another declaration holds its value (nil: it
    /// reads the data as received): from the container's value, through the submodel it holds,
    /// or from a same-key declaration holding a write; and whether the value may be cached.
    private func derivedValue(_ member: OverlapMember, _ slots: ModelSlots) -> (T, cacheable: Bool)? {
        if let container = member.container {
            let holder = slots.descriptor(container)
            guard member.containerHoldsModels else {
                guard holder.isMutated(slots, container) else { return nil }
                let data = DocumentValues.value(in: DocumentValues.plain(holder.currentData(slots, container)), at: member.rest)
                return (decodeData(data, slots), true)
            }
            if slots.observesReads { slots.registerRead(container) }
            guard let child = holder.heldModel(slots, container) else {
                // A container written absent holds nothing; one never written reads the data.
                return holder.isMutated(slots, container) ? (decodeData(nil, slots), true) : nil
            }
            let childSlots = child.slots
            guard let covering = DocumentValues.covering(member.rest, in: childSlots) else { return nil }
            if childSlots.observesReads { childSlots.registerRead(covering) }
            let descriptor = childSlots.descriptor(covering)
            // A submodel may be written directly: a mutable model reads through it every time.
            if descriptor.path == member.rest, let typed = descriptor as? TypedPropertyDescriptor<T> {
                return (typed.readAssumingAccess(childSlots, covering), slots.isLockFree)
            }
            let data = DocumentValues.value(in: DocumentValues.plain(descriptor.currentData(childSlots, covering)),
                                            at: member.rest.removingPrefix(descriptor.path))
            return (decodeData(data, slots), slots.isLockFree)
        }
        guard let peer = member.peers.first(where: { slots.descriptor($0).isMutated(slots, $0) }) else { return nil }
        return (decodeData(DocumentValues.plain(slots.descriptor(peer).currentData(slots, peer)), slots), true)
    }

    /// `data` (plain, nil for absent) converted as this declaration converts stored data.
    private func decodeData(_ data: Any?, _ slots: ModelSlots) -> T {
        guard let data, !(data is NSNull) else { return defaultValue }
        if let toModel = hooks?.toModel { return toModel(data) }
        return codec.decode(WrapStoredValue(.native(data)), context: decodeContext(slots, issues: nil, keyPath: keyPath), default: defaultValue)
    }

    /// `value` in the document's form (plain values; nil for no value).
    private func documentData(_ value: T, _ slots: ModelSlots) -> Any? {
        let context = Self.documentContext(slots)
        return DocumentValues.plain(hooks?.fromModel.map { $0(value) } ?? codec.encode(value, context: context))
    }

    /// How overlapping declarations ask for values in data form: everything the document holds,
    /// with the tree's lock already held (a mutable model) and no output hooks run.
    private static func documentContext(_ slots: ModelSlots) -> WrapEncodingContext {
        var context = WrapEncodingContext(withNulls: false, forOutput: false, keepUnmodeledKeys: true,
                                          heldLock: slots.isLockFree ? nil : slots.lock)
        context.runsWriteHooks = false
        return context
    }

    override func currentData(_ slots: ModelSlots, _ ordinal: Int) -> Any? {
        DocumentValues.plain(outputValue(slots, ordinal, Self.documentContext(slots)))
    }

    override func writeData(_ data: Any?, _ slots: ModelSlots, _ ordinal: Int, notifying: inout [(ModelSlots, Int)]) {
        writeLocked(decodeData(data, slots), slots, ordinal, notifying: &notifying)
    }

    override func makeHeldModelForWrite(_ slots: ModelSlots, _ ordinal: Int) -> WrapModel? {
        guard let modelCodec, modelCodec.holdsOneModel, !mergesIntoParentLevel, !slots.isLockFree else { return nil }
        let model = modelCodec.modelClass.make(over: ModelStorage([:]), mutable: true, lock: slots.lock)
        guard let value = model as? T else { return nil }
        replaceBox(slots, ordinal, with: value)
        return model
    }

    override var holdsOneModel: Bool { modelCodec?.holdsOneModel ?? false }
    override var holdsModelsByKey: Bool { modelCodec?.holdsModelsByKey ?? false }
    override var overlapMember: OverlapMember? { hooks?.overlap }
    override func attachOverlap(_ member: OverlapMember) { settableHooks.overlap = member }

    /// Publishes a box for `written` (or empties the slot) on a mutable model, with the write
    /// lock held.
    ///
    /// Readers load an untagged box without any lock, so a replaced untagged box may still be
    /// being copied from: it is retired, and freed only with the slots. After ``retiredLimit``
    /// retirements the slot publishes tagged boxes, which readers read under the read lock, so
    /// the write lock makes freeing them at once safe. Memory stays bounded however often a
    /// property is written or cleared.
    func replaceBox(_ slots: ModelSlots, _ ordinal: Int, with written: T?) {
        let slot = slots.slot(ordinal)
        let old = slot.pointee.load(ordering: .relaxed)   // only changed under the lock, which we hold
        let oldIsShared = CacheBox.isLockFreeReadable(old)
        if oldIsShared { retire(old, slots, ordinal) }
        let bits = written.map { CacheBox.publish($0, isMutation: true, locked: slots.retiredCount(ordinal) >= Self.retiredLimit) } ?? 0
        if bits != 0 { slots.setFacts(OutputFacts.mayHoldWrites) }
        slot.pointee.store(bits, ordering: .releasing)
        if !oldIsShared && old != 0 { CacheBox.release(old, as: T.self) }
    }

    /// Hands a replaced box to the slots, which free it when nothing can read them any more.
    private func retire(_ bits: UInt, _ slots: ModelSlots, _ ordinal: Int) {
        // A value kept in the slot itself has no box: nothing can be freed from under a reader.
        if CacheBox.isInline(bits) { return }
        slots.retire(bits, at: ordinal, release: { CacheBox.release($0, as: T.self) })
    }

    /// Converts the value stored at the key path, without touching the cache.
    func convertStoredValue(_ slots: ModelSlots) -> T {
        if WrapIssueObserver.isActive.load(ordering: .relaxed) { return convertStoredValueObserved(slots) }
        guard let stored = lookupStored(in: slots), !stored.isNull else { return defaultValue }
        if let toModel = hooks?.toModel { return toModel(stored.any) }
        return codec.decode(WrapStoredValue(stored), context: decodeContext(slots, issues: nil, keyPath: keyPath), default: defaultValue)
    }

    /// ``convertStoredValue(_:)`` for a declaration known to have no hooks (a first read).
    @inline(__always)
    private func convertUnhookedStoredValue(_ slots: ModelSlots) -> T {
        if WrapIssueObserver.isActive.load(ordering: .relaxed) { return convertStoredValueObserved(slots) }
        guard let stored = lookupStored(in: slots), !stored.isNull else { return defaultValue }
        return codec.decode(WrapStoredValue(stored), context: decodeContext(slots, issues: nil, keyPath: keyPath), default: defaultValue)
    }

    /// The value at this declaration's key path in the slots' data (nil when absent).
    /// The slots' data and schedule are borrowed, not retained: a first read comes here.
    func lookupStored(in slots: ModelSlots) -> WrapStoredValue.Raw? {
        let header = slots.headerPointer
        let storage = header.pointee.storageReference
        if alternatives.isEmpty, memberOrdinal >= 0, let schedule = header.pointee.schedule,
           let found = storage._withUnsafeGuaranteedRef({ storage in
               schedule._withUnsafeGuaranteedRef { storage.member(memberOrdinal, schedule: $0) }
           }) {
            return found
        }
        return storage._withUnsafeGuaranteedRef { alternatives.isEmpty ? $0.lookup(path) : storedValue(in: $0) }
    }

    override func refreshForArrival(_ slots: ModelSlots, _ ordinal: Int, _ walk: PartialWalk) -> Bool {
        refreshTypedForArrival(slots, ordinal, walk)
    }

    override func storedValueAsRead(_ slots: ModelSlots) -> Any? {
        guard let stored = lookupStored(in: slots), !stored.isNull else { return nil }
        let converted = hooks?.toModel.map { $0(stored.any) } ?? decodeStored(stored, decodeContext(slots, issues: nil, keyPath: keyPath))
        guard let converted else { return nil }
        return OptionalFlattening.flattened(hooks?.read.map { $0(converted) } ?? converted)
    }

    /// The context conversions need, from the slots. The tree's lock is reachable only where the
    /// values are models (which share it), and made only when one is: a model that never makes
    /// a submodel never allocates it.
    /// `isValidating` defaults to whether `issues` are collected.
    func decodeContext(_ slots: ModelSlots, issues: IssueCollector?, keyPath: String, isValidating: Bool? = nil) -> WrapDecodingContext {
        WrapDecodingContext(storage: slots.headerPointer.pointee.storageReference, isMutable: !slots.refusesWrites,
                            lockSource: holdsModels ? slots : nil,
                      issues: issues, keyPath: keyPath, isValidating: isValidating)
    }

    /// The codec's value for `stored` (not null), or nil when it does not convert.
    func decodeStored(_ stored: WrapStoredValue.Raw, _ context: WrapDecodingContext) -> T? {
        codec.decode(WrapStoredValue(stored), context: context)
    }

    /// True when the slot has a value: a written non-nil value, or a non-null value in the data.
    func hasValue(_ slots: ModelSlots, _ ordinal: Int) -> Bool {
        slots.withReadAccess {
            let bits = slots.slot(ordinal).pointee.load(ordering: .acquiring)
            if bits != 0, CacheBox.isMutation(bits) { return !codec.isNoValue(CacheBox.value(at: bits, as: T.self)) }
            guard let stored = lookupStored(in: slots) else { return false }
            return !stored.isNull
        }
    }

    // MARK: - Output and the model's other operations (lock held)

    override func outputValue(_ slots: ModelSlots, _ ordinal: Int, _ context: WrapEncodingContext) -> Any? {
        let current = readAssumingAccess(slots, ordinal)
        if let fromModel = hooks?.fromModel { return fromModel(current) }
        // Lossless output of a collection read from the data whose models were written to: the
        // collection is written over its original, so what held no model is kept.
        if context.keepUnmodeledKeys, let modelCodec, !isMutated(slots, ordinal),
           let original = storedValue(in: slots.storage),
           let merged = modelCodec.encode(propertyValue: current, readFrom: original, context: context) {
            return merged
        }
        return codec.encode(current, context: context)
    }

    override var convertsOutputInUserCode: Bool { hooks?.fromModel != nil || codec is any UserTransformingCodec }

    override func compareWrittenScalar(_ slots: ModelSlots, _ ordinal: Int, with original: JSONNode?) -> WrittenScalar? {
        guard hooks?.fromModel == nil, isMutated(slots, ordinal) else { return nil }
        return compareCommonScalar(readAssumingAccess(slots, ordinal), with: original)
    }

    /// Writes straight into `writer`: models the value holds write their own members, other
    /// values go through the codec's data form. Lossless output never comes here.
    override func writeOutputJSON(into writer: inout JSONWriter, _ slots: ModelSlots, _ ordinal: Int,
                                  _ context: WrapEncodingContext, depth: Int) throws(JSONWriter.InvalidValue) -> Bool {
        let current = readAssumingAccess(slots, ordinal)
        if let fromModel = hooks?.fromModel {
            guard let value = fromModel(current) else { return false }
            try writer.writeValue(value, depth: depth)
            return true
        }
        if let written = try writeCommonScalar(current, into: &writer) { return written }
        if let modelCodec { return try modelCodec.writeJSON(propertyValue: current, into: &writer, context: context, depth: depth) }
        guard let value = codec.encode(current, context: context) else { return false }
        try writer.writeValue(value, depth: depth)
        return true
    }

    /// On an immutable model (read without a lock), a box holding no mutation is kept: it is the
    /// conversion of data that never changes, and freeing it could pull it from under a reader.
    /// A box holding a mutation (only a copy made with mutations has one) is retired. A mutable
    /// model's box is replaced as a write replaces it.
    override func resetCache(_ slots: ModelSlots, _ ordinal: Int) {
        guard slots.isLockFree else { return replaceBox(slots, ordinal, with: nil) }
        guard holdsMutations(slots, ordinal) else { return }
        let old = slots.slot(ordinal).pointee.exchange(0, ordering: .acquiringAndReleasing)
        if old != 0 { retire(old, slots, ordinal) }
    }

    override func transferState(from source: ModelSlots, to slots: ModelSlots, _ ordinal: Int, newModel: WrapModel) {
        let bits = source.slot(ordinal).pointee.load(ordering: .acquiring)
        guard bits != 0 else { return }
        // A value read through a submodel is not cached by a mutable model (see `derivedValue`).
        if !slots.isLockFree, !CacheBox.isMutation(bits), hooks?.overlap?.readsThroughModel == true { return }
        let cached = CacheBox.value(at: bits, as: T.self)
        let value = modelCodec.map { $0.adopt(propertyValue: cached, into: newModel) } ?? cached
        let copy = CacheBox.publish(value, isMutation: CacheBox.isMutation(bits))
        if CacheBox.isMutation(bits) { slots.setFacts(OutputFacts.mayHoldWrites) }
        let old = slots.slot(ordinal).pointee.exchange(copy, ordering: .acquiringAndReleasing)
        if old != 0 { CacheBox.release(old, as: T.self) }
    }

    override func holdsMutations(_ slots: ModelSlots, _ ordinal: Int) -> Bool {
        let bits = slots.slot(ordinal).pointee.load(ordering: .acquiring)
        guard bits != 0 else { return false }
        if CacheBox.isMutation(bits) { return true }
        guard let modelCodec else { return false }
        return modelCodec.containsMutations(propertyValue: CacheBox.value(at: bits, as: T.self))
    }

    override func collectIssues(_ slots: ModelSlots, _ ordinal: Int, prefix: String, into issues: IssueCollector) {
        let fullPath = path.isRoot ? prefix : (prefix.isEmpty ? keyPath : "\(prefix).\(keyPath)")
        let context = decodeContext(slots, issues: issues, keyPath: fullPath)
        guard let stored = lookupStored(in: slots), !stored.isNull else {
            if !isOptionalValue { issues.add(WrapModelIssue(keyPath: fullPath, kind: .missing)) }
            return
        }
        if let toModel = hooks?.toModel { _ = toModel(stored.any); return }
        let before = issues.count
        if decodeStored(stored, context) == nil, issues.count == before {
            issues.add(WrapModelIssue(keyPath: fullPath, kind: .wrongType(expected: codec.expectedDescription, found: stored.typeDescription)))
        }
    }

    override func heldModel(_ slots: ModelSlots, _ ordinal: Int) -> WrapModel? {
        holdsModels ? readAssumingAccess(slots, ordinal) as? WrapModel : nil
    }

    override var heldModelClass: WrapModel.Type? { modelCodec?.modelClass }

    override func createHeldModels(_ slots: ModelSlots, _ ordinal: Int) {
        if holdsModels { _ = readAssumingAccess(slots, ordinal) }
    }

    /// The models the slot already holds (read or assigned). A submodel never read is not
    /// created here: it has no state of its own for a hook to finish.
    override func forEachTreeModel(_ slots: ModelSlots, _ ordinal: Int, _ body: (WrapModel) -> Void) {
        let bits = slots.slot(ordinal).pointee.load(ordering: .acquiring)
        guard bits != 0, let modelCodec else { return }
        modelCodec.forEachModel(inPropertyValue: CacheBox.value(at: bits, as: T.self), body)
    }

    /// The models the slot's data converts to (converted afresh, not cached), each with its
    /// full key path, for validation.
    override func heldModels(_ slots: ModelSlots, prefix: String) -> [(String, WrapModel)] {
        guard holdsModels else { return [] }
        let context = decodeContext(slots, issues: nil, keyPath: prefix)
        let stored = mergesIntoParentLevel ? context.storage.lookup(KeyPathComponents("")) : storedValue(in: context.storage)
        guard let stored, !stored.isNull, let value = decodeStored(stored, context) else { return [] }
        return Self.models(in: OptionalFlattening.flattened(value), path: prefix)
    }

    private static func models(in value: Any?, path: String) -> [(String, WrapModel)] {
        switch value {
        case let model as WrapModel: return [(path, model)]
        case let array as [Any]:
            return array.enumerated().flatMap { models(in: OptionalFlattening.flattened($0.element), path: "\(path)[\($0.offset)]") }
        case let dictionary as [String: Any]:
            return dictionary.sorted { $0.key < $1.key }.flatMap { models(in: OptionalFlattening.flattened($0.value), path: "\(path).\($0.key)") }
        default: return []
        }
    }

    override var embeddedReferenceImport: ((_ object: [String: Any], _ prefix: String, _ issues: inout [WrapModelIssue]) -> Void)? {
        guard let importing = codec as? any EmbeddedReferenceImporting else { return nil }
        let path = self.path
        return { object, prefix, issues in importing.importEmbeddedObjects(from: object, at: path, prefix: prefix, issues: &issues) }
    }
}
