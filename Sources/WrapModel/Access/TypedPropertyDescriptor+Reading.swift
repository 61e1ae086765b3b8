import Foundation
import Synchronization
import WrapModelJSON

/// Reading a slot: a cached value lock-free, else the stored value converted once and published
/// with a compare-and-swap; an overlapping declaration reads what the declaration holding its
/// value holds.
extension TypedPropertyDescriptor {
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
    func readHookedAssumingAccess(_ hooks: PropertyHooks<T>, _ slots: ModelSlots, _ ordinal: Int) -> T {
        if let member = hooks.overlap, member.refusal == nil, let (value, cacheable) = derivedValue(member, slots) {
            return cacheable ? publish(value, slots, ordinal) : value
        }
        return publish(convertStoredValue(slots), slots, ordinal)
    }

    /// Publishes `converted` in the empty slot at `ordinal` (or returns the value another reader
    /// published first).
    @inline(__always)
    func publish(_ converted: T, _ slots: ModelSlots, _ ordinal: Int) -> T {
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

    /// What an overlapping declaration reads when another declaration holds its value (nil: it
    /// reads the data as received): from the container's value, through the submodel it holds,
    /// or from a same-key declaration holding a write; and whether the value may be cached.
    func derivedValue(_ member: OverlapMember, _ slots: ModelSlots) -> (T, cacheable: Bool)? {
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
    func decodeData(_ data: Any?, _ slots: ModelSlots) -> T {
        guard let data, !(data is NSNull) else { return defaultValue }
        if let toModel = hooks?.toModel { return toModel(data) }
        return codec.decode(WrapStoredValue(.native(data)), context: decodeContext(slots, issues: nil, keyPath: keyPath), default: defaultValue)
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
    func convertUnhookedStoredValue(_ slots: ModelSlots) -> T {
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
}
