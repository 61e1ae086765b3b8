extension WrapModel {
    /// A mutable copy of the model, of its own class, carrying over written and cached values:
    /// what to edit when the model was created immutable (the default).
    ///
    /// ```swift
    /// let draft = customer.editableCopy()     // a Customer, not `Any`
    /// draft.name = "Ada"
    /// ```
    public func editableCopy() -> Self {
        // makeCopy creates a model of this model's dynamic class.
        unsafeDowncast(makeCopy(mutable: true), to: Self.self)
    }

    /// Runs `body` with the tree's lock held for reading; immutable models need none (but those
    /// over a document still arriving).
    func withReadAccess<R>(_ body: () -> R) -> R {
        slots.isLockFree ? body() : lock.reading(body)
    }

    func makeCopy(mutable: Bool) -> WrapModel {
        withReadAccess { copyAssumingAccess(mutable: mutable, lock: nil) }
    }

    /// A copy of this submodel for the tree of `parent` (a copy of this model's parent), with
    /// `parent`'s mutability and lock. The caller holds the source tree's lock.
    func copy(intoTreeOf parent: WrapModel) -> Self {
        // The dynamic type of the copy is this model's, so the downcast cannot fail.
        copyAssumingAccess(mutable: parent.isMutable, lock: parent.lock) as! Self
    }

    private func copyAssumingAccess(mutable: Bool, lock: WrapModelLock?) -> WrapModel {
        let copy = type(of: self).make(over: storage, mutable: mutable, lock: lock, selecting: false)
        copy.transferState(from: self)
        return copy
    }

    /// Copies every slot's cached or written value from `source`, a model of the same class.
    /// The copy is not yet shared, so only the source needs its lock held.
    func transferState(from source: WrapModel) {
        let slots = self.slots, origin = source.slots
        for ordinal in 0..<Swift.min(slots.count, origin.count) {
            slots.withDescriptor(ordinal) { $0.transferState(from: origin, to: slots, ordinal, newModel: self) }
        }
    }
}

extension WrapModel {
    /// Whether any property of this model, or of a model it holds, holds a written value. The
    /// caller holds the tree's lock (or the model is immutable).
    var hasMutations: Bool {
        let slots = self.slots
        // A model none of whose properties was written can only hold writes in models it holds.
        let mayHoldWrites = self.mayHoldWrites
        if !mayHoldWrites && !slots.withTable({ $0.holdsModels }) { return false }
        return (0..<slots.count).contains { ordinal in
            slots.withDescriptor(ordinal) { descriptor in (mayHoldWrites || descriptor.holdsModels) && descriptor.holdsMutations(slots, ordinal) }
        }
    }

}
