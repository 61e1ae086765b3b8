import Foundation

/// Raw heap blocks for per-read bookkeeping (cache boxes, member tables), from `malloc`.
///
/// Why not `UnsafeMutableRawPointer.allocate`: on Linux the Swift runtime serves every raw
/// allocation that asks for the default alignment through `posix_memalign`, which costs more
/// than `malloc` and showed up once per property read (reading every field of twitter.json
/// allocates about 3,000 boxes). `malloc` already returns 16-byte aligned blocks on the 64-bit
/// platforms this package supports; a block that is not (checked, not assumed) is replaced by
/// one from `aligned_alloc`. Both are returned with `free`.
enum SmallAllocation {
    /// A block of at least `byteCount` bytes aligned to 16 bytes. Running out of memory stops,
    /// as Swift's own allocations do.
    @inline(__always)
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        let size = Swift.max(byteCount, 1)
        if let block = malloc(size) {
            if UInt(bitPattern: block) & 15 == 0 { return block }
            free(block)
        }
        // aligned_alloc wants a multiple of the alignment.
        guard let aligned = aligned_alloc(16, (size &+ 15) & ~15) else {
            fatalError("out of memory for a \(byteCount)-byte block")
        }
        return aligned
    }

    /// Returns a block from `allocate(byteCount:)`.
    @inline(__always)
    static func deallocate(_ block: UnsafeMutableRawPointer) {
        free(block)
    }
}
