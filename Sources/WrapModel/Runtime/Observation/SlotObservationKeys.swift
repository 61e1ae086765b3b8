import Synchronization

/// The key path observers of a declaration register: `\ObservationAnchor.[observedSlot: ordinal]`,
/// one per slot ordinal, made once per process and shared by every model (a registrar is per
/// model, so the same key path on two models never mixes their observers).
///
/// The key paths are rooted at one shared object, not at the model: `ObservationRegistrar`
/// never reads the subject it is given (its access, willSet and didSet key their observers by
/// the registrar and the key path), so a read registers without a reference to its model — which
/// a classic property object would otherwise load through a weak reference on every read.
///
/// Every read of a declaration — through a wrapper, a classic property object or `$name` —
/// registers its slot's key path, and every write notifies it, so an observer hears a write
/// whichever way it read and whichever way the value was written. A wrapper's own Swift key path
/// (`\Customer.name`) would tell observers nothing more, and Swift would build it on every read,
/// observed or not, which costs each read a reference count on one shared object.
enum SlotObservationKeys {
    /// Ordinals below this share one key path per process; beyond it, each class's table makes
    /// its own (equal key paths, so observers still match).
    private static let capacity = 512

    // nonisolated(unsafe): the words are atomics, each set once from 0 by compare-exchange.
    private nonisolated(unsafe) static let words: UnsafeMutablePointer<Atomic<UInt>> = {
        let words = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: capacity)
        for index in 0..<capacity { (words + index).initialize(to: Atomic(0)) }
        return words
    }()

    /// The key path of the slot at `ordinal`.
    static func key(_ ordinal: Int) -> KeyPath<ObservationAnchor, Int> {
        guard ordinal < capacity else { return \ObservationAnchor.[observedSlot: ordinal] }
        let make: () -> KeyPath<ObservationAnchor, Int> = { \ObservationAnchor.[observedSlot: ordinal] }
        return PublishedObject.load(words[ordinal], orPublish: make).takeUnretainedValue()
    }
}
