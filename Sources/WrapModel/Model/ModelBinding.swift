import Synchronization

/// What a model's property objects share: the model, the tree's lock and the model's original data.
///
/// One object per model rather than three references per property: creating a model retains and
/// releases far less. The bound properties share one reference (``bindProperties(count:)``), so
/// the binding outlives the model for as long as a property does. The fields change only under
/// the tree's write lock (new data from `replaceOriginalData(_:)`, retired boxes) or before the
/// model is shared (assigning `lock`, the storage and schedule set while the model initialises);
/// `model` is cleared by the model's `deinit`.
// @unchecked: fields change only under the tree's write lock or before sharing (see above); the
// lazily created lock is published atomically.
final class ModelBinding: @unchecked Sendable {
    @exclusivity(unchecked) var storage: ModelStorage
    /// The class's key schedule, which properties with a member ordinal look their values up by.
    @exclusivity(unchecked) var schedule: MemberSchedule?
    /// The model, until its `deinit` clears it; unowned because a weak reference costs a side
    /// table and atomic traffic, and the model outlives every use but through its properties.
    @exclusivity(unchecked) unowned(unsafe) var model: WrapModel?
    /// Cache boxes the model's properties replaced while lock-free readers might still be
    /// copying from them, each with the function that frees it. Freed when nothing can read the
    /// model's properties any more; changed only under the tree's write lock.
    @exclusivity(unchecked) private var retired: [(bits: UInt, release: (UInt) -> Void)] = []
    /// Bound properties not yet dead; while there are any, they hold one reference to the binding.
    private let boundProperties = Atomic<Int>(0)
    /// The tree's lock (a retained `WrapModelLock`), or 0 until someone needs it: an immutable
    /// model that is created and released without a submodel, a copy or a call to `lock` never
    /// takes it, and a lock costs two allocations and a `pthread_rwlock_t`.
    private let lockBits = Atomic<UInt>(0)

    init(lock: WrapModelLock?, storage: ModelStorage) {
        self.storage = storage
        if let lock { lockBits.store(Self.retainedBits(lock), ordering: .relaxed) }
    }

    /// The tree's lock, created on first use (by whichever thread gets there first).
    var lock: WrapModelLock {
        get {
            let bits = lockBits.load(ordering: .acquiring)
            if bits != 0 { return Self.lock(at: bits) }
            let created = Self.retainedBits(WrapModelLock())
            let (exchanged, winner) = lockBits.compareExchange(
                expected: 0, desired: created, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
            if exchanged { return Self.lock(at: created) }
            Unmanaged<WrapModelLock>.fromOpaque(UnsafeRawPointer(bitPattern: created).unsafelyUnwrapped).release()
            return Self.lock(at: winner)
        }
        // Only before the model is shared (see `WrapModel.lock`).
        set {
            let old = lockBits.exchange(Self.retainedBits(newValue), ordering: .acquiringAndReleasing)
            if old != 0 { Unmanaged<WrapModelLock>.fromOpaque(UnsafeRawPointer(bitPattern: old).unsafelyUnwrapped).release() }
        }
    }

    /// Whether the lock exists yet.
    var hasLock: Bool { lockBits.load(ordering: .acquiring) != 0 }

    private static func retainedBits(_ lock: WrapModelLock) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(lock).toOpaque())
    }

    private static func lock(at bits: UInt) -> WrapModelLock {
        Unmanaged<WrapModelLock>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).takeUnretainedValue()
    }

    deinit {
        for box in retired { box.release(box.bits) }
        let bits = lockBits.load(ordering: .acquiring)
        if bits != 0 { Unmanaged<WrapModelLock>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).release() }
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
        if boundProperties.wrappingAdd(count, ordering: .relaxed).oldValue == 0 { _ = unmanaged.retain() }
        return unmanaged
    }

    /// Called once by each bound property when it dies (or is bound elsewhere).
    func propertyReleased() {
        if boundProperties.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            Unmanaged.passUnretained(self).release()
        }
    }
}
