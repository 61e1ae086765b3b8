import Foundation
import Synchronization
import WrapModelJSON

/// Writing a slot of a mutable model: a new box published under the tree's write lock, through the
/// declaration holding the value when declarations overlap.
extension TypedPropertyDescriptor {
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
    func writeOverlapping(_ written: T, _ member: OverlapMember, _ slots: ModelSlots, _ ordinal: Int) {
        if let refusal = member.refusal { return Self.reportRefused(refusal, member, keyPath) }
        var notifying: [(ModelSlots, Int)] = []
        slots.lock.writing { writeLocked(written, slots, ordinal, notifying: &notifying) }
        for (model, changed) in notifying { model.notifyChange(changed) }
    }

    /// A write dropped because its overlap is refused.
    static func reportRefused(_ refusal: WrapModelIssue.Kind, _ member: OverlapMember, _ keyPath: String) {
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
    func writeThroughModel(_ value: T, _ member: OverlapMember, _ holder: PropertyDescriptor, _ container: Int,
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

    /// `value` in the document's form (plain values; nil for no value).
    func documentData(_ value: T, _ slots: ModelSlots) -> Any? {
        let context = Self.documentContext(slots)
        return DocumentValues.plain(hooks?.fromModel.map { $0(value) } ?? codec.encode(value, context: context))
    }

    /// How overlapping declarations ask for values in data form: everything the document holds,
    /// with the tree's lock already held (a mutable model) and no output hooks run.
    static func documentContext(_ slots: ModelSlots) -> WrapEncodingContext {
        var context = WrapEncodingContext(withNulls: false, forOutput: false, keepUnmodeledKeys: true,
                                          heldLock: slots.isLockFree ? nil : slots.lock)
        context.runsWriteHooks = false
        return context
    }

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
    func retire(_ bits: UInt, _ slots: ModelSlots, _ ordinal: Int) {
        // A value kept in the slot itself has no box: nothing can be freed from under a reader.
        if CacheBox.isInline(bits) { return }
        slots.retire(bits, at: ordinal, release: { CacheBox.release($0, as: T.self) })
    }
}
