import Synchronization

/// The key path observers of a declaration register: `\WrapModel.[observedSlot: ordinal]`, one per
/// slot ordinal, made once per process and shared by every model (a registrar is per model, so
/// the same key path on two models never mixes their observers).
///
/// Every read of a declaration — through a wrapper, a classic property object or `$name` —
/// registers its slot's key path, and every write notifies it, so an observer hears a write
/// whichever way it read and whichever way the value was written. A wrapper's own Swift key path
/// (`\Customer.name`) would tell observers nothing more, and Swift would build it on every read,
/// observed or not, which costs each read a reference count on one shared object.
enum SlotObservationKeys {
    /// Ordinals below this have a shared key path; a class with more declarations makes the key
    /// path of each further one per read (equal key paths, so observers still match).
    private static let capacity = 512

    // nonisolated(unsafe): the words are atomics, each set once from 0 by compare-exchange.
    private nonisolated(unsafe) static let words: UnsafeMutablePointer<Atomic<UInt>> = {
        let words = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: capacity)
        for index in 0..<capacity { (words + index).initialize(to: Atomic(0)) }
        return words
    }()

    /// The key path of the slot at `ordinal`.
    static func key(_ ordinal: Int) -> KeyPath<WrapModel, Int> {
        guard ordinal < capacity else { return \WrapModel.[observedSlot: ordinal] }
        let bits = words[ordinal].load(ordering: .acquiring)
        if bits != 0 { return unmanaged(bits).takeUnretainedValue() }
        let created = UInt(bitPattern: Unmanaged.passRetained(\WrapModel.[observedSlot: ordinal]).toOpaque())
        let (exchanged, found) = words[ordinal].compareExchange(
            expected: 0, desired: created, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged { return unmanaged(created).takeUnretainedValue() }
        unmanaged(created).release()
        return unmanaged(found).takeUnretainedValue()
    }

    /// Calls `body` with the key path of the slot at `ordinal`, borrowed (no reference count).
    static func withKey<R>(_ ordinal: Int, _ body: (KeyPath<WrapModel, Int>) -> R) -> R {
        guard ordinal < capacity else { return body(key(ordinal)) }
        let bits = words[ordinal].load(ordering: .acquiring)
        guard bits != 0 else { return body(key(ordinal)) }
        return unmanaged(bits)._withUnsafeGuaranteedRef(body)
    }

    private static func unmanaged(_ bits: UInt) -> Unmanaged<KeyPath<WrapModel, Int>> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }
}

extension WrapModel {
    /// The subscript the slot key paths name (see ``SlotObservationKeys``); reading it gives the
    /// ordinal back and means nothing else.
    subscript(observedSlot ordinal: Int) -> Int { ordinal }
}
