import Synchronization

/// What a model's property objects share: the model, the tree's lock and the model's original data.
///
/// One object per model rather than three references per property: creating a model retains and
/// releases far less. The bound properties share one reference (``bindProperties(count:)``), so
/// the binding outlives the model for as long as a property does. The
/// fields change only under the tree's write lock (new data from `replaceOriginalData(_:)`,
/// retired boxes) or before the model is shared (assigning `lock`); `model` is cleared by the
/// model's `deinit`.
// @unchecked: fields change only under the tree's write lock or before sharing (see above).
final class ModelBinding: @unchecked Sendable {
    @exclusivity(unchecked) var lock: WrapModelLock
    @exclusivity(unchecked) var storage: ModelStorage
    /// The class's key schedule, which properties with a member ordinal look their values up by.
    let schedule: MemberSchedule?
    /// The model, until its `deinit` clears it; unowned because a weak reference costs a side
    /// table and atomic traffic, and the model outlives every use but through its properties.
    @exclusivity(unchecked) unowned(unsafe) var model: WrapModel?
    /// Cache boxes the model's properties replaced while lock-free readers might still be
    /// copying from them, each with the function that frees it. Freed when nothing can read the
    /// model's properties any more; changed only under the tree's write lock.
    @exclusivity(unchecked) private var retired: [(bits: UInt, release: (UInt) -> Void)] = []
    /// Bound properties not yet dead; while there are any, they hold one reference to the binding.
    private let boundProperties = Atomic<Int>(0)

    init(model: WrapModel, lock: WrapModelLock, storage: ModelStorage, schedule: MemberSchedule?) {
        self.model = model
        self.lock = lock
        self.storage = storage
        self.schedule = schedule
    }

    deinit {
        for box in retired { box.release(box.bits) }
    }

    /// Keeps the box at `bits` until the binding dies. The tree's write lock must be held.
    func retire(_ bits: UInt, release: @escaping (UInt) -> Void) {
        retired.append((bits, release))
    }

    /// Binds `count` properties: they share one reference to the binding, released when the
    /// last of them dies (``propertyReleased()``), so a model's creation takes one reference
    /// rather than an atomic retain per property, and the binding outlives the model for as long
    /// as any of its properties does. Called before the model is shared.
    func bindProperties(count: Int) -> Unmanaged<ModelBinding> {
        let unmanaged = Unmanaged.passUnretained(self)
        guard count > 0 else { return unmanaged }
        if boundProperties.add(count, ordering: .relaxed).oldValue == 0 { _ = unmanaged.retain() }
        return unmanaged
    }

    /// Called once by each bound property when it dies (or is bound elsewhere).
    func propertyReleased() {
        if boundProperties.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            Unmanaged.passUnretained(self).release()
        }
    }
}
