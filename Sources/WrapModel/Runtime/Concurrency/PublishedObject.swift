import Synchronization

/// An object published into an atomic word once, by whichever thread gets there first: the
/// word holds a retained reference (its bits) or 0.
///
/// Lock-free readers of a shared value — a model's lock, its observation registrar, a class's
/// descriptor table — need that value to appear exactly once without a lock. Each made a
/// candidate, tried a compare-and-swap, and released its candidate when another thread had won;
/// this is that step, written once. The word's owner releases what it holds when it is done.
enum PublishedObject {
    /// The object `word` holds, unretained (the word keeps it alive), or nil.
    @inline(__always)
    static func load<T: AnyObject>(_ word: borrowing Atomic<UInt>, as _: T.Type) -> Unmanaged<T>? {
        let bits = word.load(ordering: .acquiring)
        guard bits != 0 else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    /// The object `word` holds, or `make()` published into it if it holds none; unretained.
    /// Another thread may publish first: its object is returned and `make()`'s is released.
    @inline(__always)
    static func load<T: AnyObject>(_ word: borrowing Atomic<UInt>, orPublish make: () -> T) -> Unmanaged<T> {
        if let found = load(word, as: T.self) { return found }
        return publish(make(), in: word)
    }

    /// Publishes `candidate` into `word` unless it already holds an object; returns the object
    /// it holds after (unretained).
    static func publish<T: AnyObject>(_ candidate: T, in word: borrowing Atomic<UInt>) -> Unmanaged<T> {
        let created = Unmanaged.passRetained(candidate)
        let (exchanged, winner) = word.compareExchange(
            expected: 0, desired: bits(of: created), successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged { return created }
        created.release()
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: winner).unsafelyUnwrapped)
    }

    /// Puts `replacement` (retained) in `word` whatever it held, and releases what it held.
    /// Only where no reader can still be using the old object (see each caller).
    static func replace<T: AnyObject>(_ word: borrowing Atomic<UInt>, with replacement: T, as _: T.Type) {
        let old = word.exchange(bits(of: Unmanaged.passRetained(replacement)), ordering: .acquiringAndReleasing)
        if old != 0 { Unmanaged<T>.fromOpaque(UnsafeRawPointer(bitPattern: old).unsafelyUnwrapped).release() }
    }

    /// Releases what `word` holds, if anything (its owner's deinit).
    static func release<T: AnyObject>(_ word: borrowing Atomic<UInt>, as _: T.Type) {
        load(word, as: T.self)?.release()
    }

    /// The word that holds `object`.
    @inline(__always)
    static func bits<T: AnyObject>(of object: Unmanaged<T>) -> UInt {
        UInt(bitPattern: object.toOpaque())
    }
}
