import Observation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A model's values: one slot per declared property, allocated in one block with what filling a
/// slot needs (the model's data, its class's descriptors, the tree's lock).
///
/// A slot holds the bits of a `CacheBox` (or 0 while nothing is cached); every declaration of
/// the class has one, at the declaration's ordinal in the class's `ModelClassTable`. Property
/// wrappers reach their slot through the model (`WrapModel.slotOrigin`), classic property objects
/// and the views `$name` hands out through this object, which they keep alive: a property object
/// kept after its model is released still reads the model's data.
///
/// The block's first words are not slots: the tree's lock (created on first need), the model's
/// output facts, the model's address (while it lives, for property objects to find it), the
/// model's observation registrar (made when a tracked read needs it), and how many of the
/// model's classic property objects still share one reference to the slots. The lock and the
/// registrar are published with a compare-and-swap, so threads reading an immutable model need
/// no lock to create one.
// Not Sendable (ManagedBuffer is not): the header changes only under the tree's write lock (new data, retired boxes,
// per-instance descriptors) or before the model is shared; the words are atomics.
@usableFromInline
final class ModelSlots: ManagedBuffer<ModelSlots.Header, Atomic<UInt>> {
    /// What the slots need besides themselves.
    @usableFromInline
    struct Header {
        /// The model's data, retained by hand so that a read borrows it without reference
        /// counting. Replaced only under the tree's write lock (`replaceOriginalData`).
        var storageReference: Unmanaged<ModelStorage>
        /// The class's descriptors, unretained: a class's table is never freed, and a retain by
        /// every model would be a reference count that all threads making models of the class
        /// write. A model's own variant table (`DescriptorTable.isVariant`) is retained here.
        let tableReference: Unmanaged<DescriptorTable>
        /// The class's key schedule, when the data is a JSON object it can be used on (the class's
        /// table keeps it).
        var schedule: Unmanaged<MemberSchedule>?
        /// True for an immutable model: cached values are read without the lock.
        let isLockFree: Bool
        /// True for an immutable model: writes are refused. Only a model over a document still
        /// arriving is immutable and not lock-free (its data changes under the tree's lock).
        let refusesWrites: Bool
        /// Whether reads register with Swift Observation (``WrapObservation/isEnabled`` when
        /// the model was created).
        let observesReads: Bool
        /// How many slots follow the header words.
        let count: Int
        /// Descriptors this instance's declarations said differently from the class's (a default
        /// computed per instance, a converter set on one property object), by ordinal.
        var overrides: [PropertyDescriptor?]?
        /// Replaced cache boxes lock-free readers might still be copying from, each with the
        /// function that frees it; freed with the slots. Changed under the tree's write lock.
        var retired: [(bits: UInt, release: (UInt) -> Void)] = []
        /// How many boxes each slot retired (allocated on the first retirement).
        var retiredCounts: [UInt8] = []
    }

    /// What `WrapModel.slotOrigin` points at until the model's slots exist: never read.
    nonisolated(unsafe) static let noSlots = UnsafeMutablePointer<Atomic<UInt>>(bitPattern: 16).unsafelyUnwrapped

    /// Tail words before the first slot.
    @usableFromInline static var headerWords: Int { 5 }
    private static var lockWord: Int { 0 }
    private static var factsWord: Int { 1 }
    private static var modelWord: Int { 2 }
    private static var registrarWord: Int { 3 }
    private static var sharersWord: Int { 4 }

    /// Slots for a model of the class `table` describes, over `storage`; `refusesWrites` defaults
    /// to `isLockFree`. `table` is borrowed: it is the class's published table (published tables
    /// are never freed, see `ModelClassTable.republish`), or the model's own `variant`, which the
    /// slots then keep, retained, and release with themselves (the caller's `variant` argument
    /// keeps it alive until they do).
    static func make(table borrowed: Unmanaged<DescriptorTable>, variant: DescriptorTable?, storage: ModelStorage, isLockFree: Bool,
                     refusesWrites: Bool? = nil, lock: WrapModelLock?) -> ModelSlots {
        assert(variant.map { $0.isVariant && borrowed.toOpaque() == Unmanaged.passUnretained($0).toOpaque() }
                ?? !borrowed._withUnsafeGuaranteedRef { $0.isVariant },
               "ModelSlots: a variant table is kept by its model's slots, never borrowed")
        let table = variant.map { Unmanaged.passRetained($0) } ?? borrowed
        let (count, keySchedule) = table._withUnsafeGuaranteedRef { ($0.count, Self.schedule(of: $0, over: storage)) }
        let buffer = create(minimumCapacity: count + headerWords) { _ in
            Header(storageReference: Unmanaged.passRetained(storage), tableReference: table, schedule: keySchedule,
                   isLockFree: isLockFree, refusesWrites: refusesWrites ?? isLockFree, observesReads: WrapObservation.isEnabled,
                   count: count)
        }
        let slots = unsafeDowncast(buffer, to: ModelSlots.self)
        assert(address(ofSlot: slots.firstSlot, ordinal: 0) == UnsafeRawPointer(Unmanaged.passUnretained(slots).toOpaque()),
               "ModelSlots: a slot does not lead back to its slots")
        slots.withUnsafeMutablePointerToElements { words in
            for index in 0..<(count + headerWords) { (words + index).initialize(to: Atomic(0)) }
            if let lock { words[lockWord].store(PublishedObject.bits(of: Unmanaged.passRetained(lock)), ordering: .relaxed) }
        }
        return slots
    }

    deinit {
        withUnsafeMutablePointers { header, words in
            let count = header.pointee.count
            for index in 0..<count {
                let bits = words[Self.headerWords + index].load(ordering: .acquiring)
                if bits != 0 { withDescriptor(index) { $0.releaseBox(bits) } }
            }
            for box in header.pointee.retired { box.release(box.bits) }
            header.pointee.storageReference.release()
            // A variant table is the model's own, retained by `make`; a class's table is borrowed.
            let table = header.pointee.tableReference
            if table._withUnsafeGuaranteedRef({ $0.isVariant }) { table.release() }
            PublishedObject.release(words[Self.lockWord], as: WrapModelLock.self)
            PublishedObject.release(words[Self.registrarWord], as: ObservationBox.self)
            words.deinitialize(count: count + Self.headerWords)
        }
    }

    // MARK: Slots

    /// The first slot.
    @usableFromInline
    var firstSlot: UnsafeMutablePointer<Atomic<UInt>> {
        withUnsafeMutablePointerToElements { $0 + Self.headerWords }
    }

    /// The slot at `ordinal`.
    @inline(__always)
    func slot(_ ordinal: Int) -> UnsafeMutablePointer<Atomic<UInt>> { firstSlot + ordinal }

    /// The address of the slots whose slot at `ordinal` is `slot`: a property object keeps the
    /// slot only, and finds the slots from it.
    @inline(__always)
    static func address(ofSlot slot: UnsafeMutablePointer<Atomic<UInt>>, ordinal: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(slot - ordinal - headerWords) - elementOffset
    }

    /// Where `ManagedBuffer` puts the first tail word: after the object's header (two words)
    /// and the `Header`, each rounded up to the alignment of what follows. Constant; checked
    /// against the buffer's own answer when slots are made.
    @inline(__always)
    private static var elementOffset: Int {
        func roundUp(_ offset: Int, _ alignment: Int) -> Int { (offset + alignment - 1) & ~(alignment - 1) }
        let headerOffset = roundUp(2 * MemoryLayout<UnsafeRawPointer>.size, MemoryLayout<Header>.alignment)
        return roundUp(headerOffset + MemoryLayout<Header>.size, MemoryLayout<Atomic<UInt>>.alignment)
    }

    /// The header, read through its pointer (no exclusivity check): fields change only as the
    /// header's documentation says.
    @inline(__always)
    var headerPointer: UnsafeMutablePointer<Header> { withUnsafeMutablePointerToHeader { $0 } }

    var storage: ModelStorage { headerPointer.pointee.storageReference.takeUnretainedValue() }

    /// Replaces the data (the tree's write lock held): the schedule applies to a JSON object only.
    func replaceStorage(_ storage: ModelStorage) {
        let old = headerPointer.pointee.storageReference
        headerPointer.pointee.storageReference = Unmanaged.passRetained(storage)
        headerPointer.pointee.schedule = withTable { Self.schedule(of: $0, over: storage) }
        old.release()
    }

    /// The key schedule `table`'s declarations are found by in `storage`: only in a JSON object.
    private static func schedule(of table: DescriptorTable, over storage: ModelStorage) -> Unmanaged<MemberSchedule>? {
        guard storage.jsonObject != nil, let schedule = table.schedule else { return nil }
        return Unmanaged.passUnretained(schedule)
    }
    /// The model's descriptor table (retained by the caller: off the paths every model takes,
    /// which use ``withTable(_:)``).
    var table: DescriptorTable { headerPointer.pointee.tableReference.takeUnretainedValue() }

    /// Runs `body` with the model's descriptor table, borrowed: nothing writes the table's
    /// reference count, which every model of the class shares.
    @inline(__always)
    func withTable<R>(_ body: (DescriptorTable) -> R) -> R { headerPointer.pointee.tableReference._withUnsafeGuaranteedRef(body) }
    var isLockFree: Bool { headerPointer.pointee.isLockFree }
    var refusesWrites: Bool { headerPointer.pointee.refusesWrites }
    var observesReads: Bool { headerPointer.pointee.observesReads }
    var count: Int { headerPointer.pointee.count }

    /// The descriptor of the declaration at `ordinal` for this instance (retained by the caller:
    /// off the paths every model takes, which use ``withDescriptor(_:_:)``).
    func descriptor(_ ordinal: Int) -> PropertyDescriptor { withDescriptor(ordinal) { $0 } }

    /// Runs `body` with the descriptor of the declaration at `ordinal` for this instance,
    /// borrowed: the table or the overrides keep it, and a class's descriptors are shared by
    /// every model of the class, so their reference counts are not written (a first read, a
    /// write, output and the slots' release come here).
    @inline(__always)
    func withDescriptor<R, E: Error>(_ ordinal: Int, _ body: (PropertyDescriptor) throws(E) -> R) throws(E) -> R {
        let header = headerPointer
        if header.pointee.overrides != nil, let own = header.pointee.overrides![ordinal] { return try body(own) }
        return try withTable { $0.unretainedDescriptors[ordinal] }._withUnsafeGuaranteedRef { descriptor in
            Result { () throws(E) -> R in try body(descriptor) }
        }.get()
    }

    /// ``withDescriptor(_:_:)`` for a body that throws nothing: the same borrow without the
    /// `Result` that carries a typed error out of the borrowing closure. In an unspecialised
    /// generic caller (a first read of a property of any type) that `Result`'s type is looked up
    /// at run time on every call.
    @inline(__always)
    func withBorrowedDescriptor<R>(_ ordinal: Int, _ body: (PropertyDescriptor) -> R) -> R {
        let header = headerPointer
        if header.pointee.overrides != nil, let own = header.pointee.overrides![ordinal] { return body(own) }
        return withTable { $0.unretainedDescriptors[ordinal] }._withUnsafeGuaranteedRef(body)
    }

    /// Gives the declaration at `ordinal` a descriptor of this instance's own; the tree's write
    /// lock is held, or the model is not shared yet.
    func setOverride(_ descriptor: PropertyDescriptor, at ordinal: Int) {
        if headerPointer.pointee.overrides == nil { headerPointer.pointee.overrides = Array(repeating: nil, count: count) }
        headerPointer.pointee.overrides![ordinal] = descriptor
    }

    // MARK: The tree's lock

    /// The tree's lock, created on first use (by whichever thread gets there first): an immutable
    /// model that is created and released without a submodel, a copy or a call to `lock` never
    /// takes one, and a lock costs two allocations.
    var lock: WrapModelLock {
        withUnsafeMutablePointerToElements { words in
            PublishedObject.load(words[Self.lockWord]) { WrapModelLock() }.takeUnretainedValue()
        }
    }

    /// Replaces the lock; only before the model is shared (see `WrapModel.lock`).
    func setLock(_ lock: WrapModelLock) {
        withUnsafeMutablePointerToElements { PublishedObject.replace($0[Self.lockWord], with: lock, as: WrapModelLock.self) }
    }

    /// Whether the lock exists yet.
    var hasLock: Bool { withUnsafeMutablePointerToElements { $0[Self.lockWord].load(ordering: .acquiring) != 0 } }

    /// Runs `body` with the tree's read lock held, unless the model is immutable.
    func withReadAccess<R>(_ body: () -> R) -> R {
        isLockFree ? body() : lock.reading(body)
    }

    /// Runs `body` with the tree's write lock held, unless the model is immutable (then only
    /// before it is shared).
    func withWriteAccess<R>(_ body: () -> R) -> R {
        isLockFree ? body() : lock.writing(body)
    }

    // MARK: Output facts

    /// The model's output facts (see `OutputFacts`), in a word so that property objects reach them.
    var facts: UInt {
        withUnsafeMutablePointerToElements { $0[Self.factsWord].load(ordering: .relaxed) }
    }

    func setFacts(_ bits: UInt) {
        withUnsafeMutablePointerToElements { _ = $0[Self.factsWord].bitwiseOr(bits, ordering: .relaxed) }
    }

    func clearFacts(_ bits: UInt) {
        withUnsafeMutablePointerToElements { _ = $0[Self.factsWord].bitwiseAnd(~bits, ordering: .relaxed) }
    }

    // MARK: The model

    /// The model, or nil once it is released (or if nothing ever recorded it).
    ///
    /// The slots keep the model's address, not a reference (a weak reference would give every
    /// model with classic declarations a side table, and two allocations). The model clears it
    /// as it is destroyed (``forgetModel()``), under the word's lock bit, which a reader holds
    /// while it looks: the model's memory stays valid while the reader holds it, and a weak
    /// reference formed to a model being destroyed is nil, so the answer is the model or nil,
    /// never a reference to a model being destroyed. Forming the weak reference may retain and
    /// release the model (unoptimised builds do); when that release is the model's last, its
    /// deinit runs on this thread with the bit held, and ``forgetModel()`` recognises the
    /// holder (``ModelWordHolders``) instead of waiting for itself. Off every hot path.
    var model: WrapModel? {
        withUnsafeMutablePointerToElements { words in
            let word = words + Self.modelWord
            var bits = word.pointee.load(ordering: .acquiring)
            while true {
                if bits == 0 { return nil }
                if bits & Self.lockedModelBit != 0 {
                    sched_yield()
                    bits = word.pointee.load(ordering: .acquiring)
                    continue
                }
                let (locked, current) = word.pointee.compareExchange(
                    expected: bits, desired: bits | Self.lockedModelBit, successOrdering: .acquiringAndReleasing,
                    failureOrdering: .acquiring)
                if locked { break }
                bits = current
            }
            ModelWordHolders.enter(word)
            defer {
                ModelWordHolders.leave(word)
                // Unless the model's deinit, on this thread, has cleared the word meanwhile.
                _ = word.pointee.compareExchange(expected: bits | Self.lockedModelBit, desired: bits, ordering: .releasing)
            }
            weak var model: WrapModel?
            Unmanaged<WrapModel>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)._withUnsafeGuaranteedRef { model = $0 }
            return model
        }
    }

    /// The bit of the model word a reader of ``model`` sets while it looks (an object's address
    /// is aligned, so its low bit is free).
    private static var lockedModelBit: UInt { 1 }

    /// Makes ``model`` answer `model`, which is alive (the caller holds it, or is its initialiser).
    func rememberModel(_ model: WrapModel) {
        withUnsafeMutablePointerToElements { words in
            let bits = UInt(bitPattern: Unmanaged.passUnretained(model).toOpaque())
            _ = words[Self.modelWord].compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        }
    }

    /// Forgets the model, which is being destroyed: called from its `deinit`, before its memory
    /// is freed. Waits for a reader of ``model`` that holds the word.
    func forgetModel() {
        withUnsafeMutablePointerToElements { words in
            let word = words + Self.modelWord
            var bits = word.pointee.load(ordering: .acquiring)
            while bits != 0 {
                if bits & Self.lockedModelBit != 0 {
                    if ModelWordHolders.isHeldByThisThread(word) {
                        // This thread is inside ``model``, whose last reference to the model was
                        // released there: no other reader holds the word, and that one will not
                        // touch the model again.
                        word.pointee.store(0, ordering: .releasing)
                        return
                    }
                    sched_yield()
                    bits = word.pointee.load(ordering: .acquiring)
                    continue
                }
                let (cleared, current) = word.pointee.compareExchange(
                    expected: bits, desired: 0, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
                if cleared { return }
                bits = current
            }
        }
    }

    // MARK: Classic property objects

    /// Gives the model's `count` classic property objects one reference to the slots between
    /// them, which the last of them to go releases (see `WrapPropertyBase.bindSharing`): each
    /// object costs one atomic operation on the slots, when it is released, instead of a retain
    /// and a release. Only in the model's initialiser, before the slots are shared.
    func share(among count: Int) {
        guard count > 0 else { return }
        _ = Unmanaged.passUnretained(self).retain()
        withUnsafeMutablePointerToElements { $0[Self.sharersWord].store(UInt(count), ordering: .relaxed) }
    }

    /// Called by a classic property object sharing the slots as it is released; true for the
    /// last one, which then releases the shared reference.
    func leaveShare() -> Bool {
        withUnsafeMutablePointerToElements { $0[Self.sharersWord].subtract(1, ordering: .acquiringAndReleasing).newValue == 0 }
    }

    // MARK: Observation

    /// The box of the model's registrar, if a read made one.
    var registrarBox: Unmanaged<ObservationBox>? {
        withUnsafeMutablePointerToElements { PublishedObject.load($0[Self.registrarWord], as: ObservationBox.self) }
    }

    /// The model's registrar, if a read made one.
    var registrar: ObservationRegistrar? { registrarBox?._withUnsafeGuaranteedRef { $0.registrar } }

    /// The box of the model's registrar, made on first use (by whichever thread gets there
    /// first), unretained: the slots keep it as long as they live.
    @inline(__always)
    var registrarBoxCreatingIfNeeded: Unmanaged<ObservationBox> {
        withUnsafeMutablePointerToElements { words in
            PublishedObject.load(words[Self.registrarWord], as: ObservationBox.self) ?? makeRegistrarBox()
        }
    }

    /// Makes and publishes the registrar box: once per model, kept off the read path.
    @inline(never)
    private func makeRegistrarBox() -> Unmanaged<ObservationBox> {
        let keys = withTable { $0.observationKeys }
        return withUnsafeMutablePointerToElements { PublishedObject.publish(ObservationBox(keys: keys), in: $0[Self.registrarWord]) }
    }

    // MARK: Retired boxes

    /// How many boxes the slot at `ordinal` retired; the tree's lock is held.
    func retiredCount(_ ordinal: Int) -> Int {
        let counts = headerPointer.pointee.retiredCounts
        return counts.isEmpty ? 0 : Int(counts[ordinal])
    }

    /// Keeps the box at `bits`, replaced in the slot at `ordinal`, until the slots are freed.
    /// The tree's write lock is held.
    func retire(_ bits: UInt, at ordinal: Int, release: @escaping (UInt) -> Void) {
        headerPointer.pointee.retired.append((bits, release))
        if headerPointer.pointee.retiredCounts.isEmpty { headerPointer.pointee.retiredCounts = Array(repeating: 0, count: count) }
        if headerPointer.pointee.retiredCounts[ordinal] < .max { headerPointer.pointee.retiredCounts[ordinal] += 1 }
    }

    /// How many replaced boxes are kept alive for lock-free readers.
    var retiredBoxCount: Int { headerPointer.pointee.retired.count }
}

/// Which thread holds which model word's lock bit while it reads ``ModelSlots/model``: consulted
/// only by a model's deinit that finds the bit set, so that a deinit running inside that read, on
/// the same thread, does not wait for itself.
enum ModelWordHolders {
    private static let holders = Mutex<[UInt: UInt]>([:])

    /// Records that this thread holds `word`'s lock bit.
    static func enter(_ word: UnsafeMutablePointer<Atomic<UInt>>) {
        let thread = currentThread
        holders.withLock { $0[UInt(bitPattern: word)] = thread }
    }

    /// Records that this thread no longer holds `word`'s lock bit.
    static func leave(_ word: UnsafeMutablePointer<Atomic<UInt>>) {
        _ = holders.withLock { $0.removeValue(forKey: UInt(bitPattern: word)) }
    }

    /// Whether this thread holds `word`'s lock bit.
    static func isHeldByThisThread(_ word: UnsafeMutablePointer<Atomic<UInt>>) -> Bool {
        let thread = currentThread
        return holders.withLock { $0[UInt(bitPattern: word)] } == thread
    }

    /// This thread's identity (`pthread_t` is an integer in glibc and a pointer elsewhere).
    private static var currentThread: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }
}
