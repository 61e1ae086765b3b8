import Foundation
import Synchronization

/// One reusable buffer that large tapes are built in, so that indexing a large document writes
/// into memory that is already mapped.
///
/// Why: C allocators serve large blocks (glibc: above its mmap threshold, 128 KB to 32 MB) as
/// freshly mapped pages, and the first write to each 4 KB page faults into the kernel. A tape
/// built in a new block of its own paid a page fault per 1,024 words: about a sixth of indexing
/// twitter.json on this project's test machine. A tape that is kept (a model's document) is
/// copied out of the buffer at its final size, which small-block reuse usually serves from pages
/// already in use; a tape that is only read once (parsing to `[String: Any]`) never leaves it.
///
/// One buffer for the process, taken and returned under a lock held for a few instructions: a
/// thread that finds it taken, or too small, allocates its own as before. At most
/// `maximumKeptWords` words (4 MiB) stay allocated between parses.
enum JSONScratchTape {
    /// Tapes guessed smaller than this (128 KB) are allocated directly: small blocks come from
    /// reused memory anyway, and the copy would cost more than it saves.
    static let minimumWords = 32 * 1024
    /// Larger buffers are freed after use instead of kept.
    static let maximumKeptWords = 1024 * 1024

    /// The kept buffer's address (as an integer, to be `Sendable`) and capacity in words.
    private static let kept = Mutex<(address: UInt, capacity: Int)>((0, 0))

    /// A buffer of at least `words` words and its capacity: the kept one when it is free and big
    /// enough, else a new allocation. Give it back with `give(_:capacity:)`.
    static func take(words: Int) -> (tape: UnsafeMutablePointer<JSONTapeLayout.Word>, capacity: Int) {
        let (address, capacity) = kept.withLock { slot in
            let taken = slot
            if taken.capacity >= words { slot = (0, 0) }
            return taken
        }
        if capacity >= words, let tape = UnsafeMutablePointer<JSONTapeLayout.Word>(bitPattern: address) {
            return (tape, capacity)
        }
        return (JSONTapeBuilder.allocate(words), words)
    }

    /// Returns a buffer from `take(words:)` (possibly grown since): kept for the next large parse
    /// when it is not too large and larger than the one kept now (which is then freed), freed
    /// otherwise.
    static func give(_ tape: UnsafeMutablePointer<JSONTapeLayout.Word>, capacity: Int) {
        var unused = UInt(bitPattern: tape)
        if capacity <= maximumKeptWords {
            kept.withLock { slot in
                guard slot.capacity < capacity else { return }
                swap(&unused, &slot.address)
                slot.capacity = capacity
            }
        }
        if let buffer = UnsafeMutablePointer<JSONTapeLayout.Word>(bitPattern: unused) { JSONTapeBuilder.release(buffer) }
    }
}
