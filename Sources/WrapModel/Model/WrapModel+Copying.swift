extension WrapModel {
    /// Runs `body` with the tree's lock held for reading; immutable models need none.
    func withReadAccess<R>(_ body: () -> R) -> R {
        isMutable ? lock.reading(body) : body()
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
        let copy = ConstructionContext.makeModel(type(of: self), storage: storage, mutable: mutable, lock: lock, selecting: false)
        copy.transferState(from: self)
        return copy
    }

    /// Copies every property's cached or written value from `source`, a model of the same class.
    /// The copy is not yet shared, so only the source needs its lock held.
    func transferState(from source: WrapModel) {
        for (target, origin) in zip(properties, source.properties) {
            target.transferState(from: origin, to: self)
        }
    }
}

extension WrapModel {
    /// Whether any property of this model, or of a model it holds, holds a written value. The
    /// caller holds the tree's lock (or the model is immutable).
    var hasMutations: Bool {
        // A model none of whose properties was written can only hold writes in models it holds.
        guard mayHoldWrites else { return properties.contains { $0.holdsTreeModels && $0.holdsMutations } }
        return properties.contains { $0.holdsMutations }
    }

}
