/// The boxes a property's cache slot points at: a value in its own small heap allocation.
///
/// A box is written once, before it is published, and never changed, so a reader that loads the
/// slot can copy the value out without a lock. It is freed only when no lock-free reader can
/// still be looking at it (see `WrapProperty.replaceBox(with:)`).
///
/// A box is raw memory holding one `T` rather than a generic class instance: allocating an
/// instance of a generic class from unspecialised code looks its metadata up in the runtime's
/// table on every allocation, which cost more than the allocation itself, and the object header
/// is 16 bytes a cached value does not need (see `SmallAllocation` for where the memory comes
/// from). Boxes are aligned to 16 bytes, so the slot's bits
/// carry two flags in the low bits of the address:
/// - ``lockedTag``: readers must take the tree's read lock to read this box (a writer may free it
///   as soon as it replaces it, under the write lock);
/// - ``mutationTag``: the value was written, rather than converted from the original data.
// Manual memory management: `publish` allocates and `release` frees; `value(at:as:)` borrows
// while the slot (or the retired list) still owns the box.
@usableFromInline
enum CacheBox {
    @inlinable static var lockedTag: UInt { 1 }
    @inlinable static var mutationTag: UInt { 2 }
    @inlinable static var flagMask: UInt { 15 }

    /// Whether `bits` hold a box that may be read without a lock.
    @inlinable
    static func isLockFreeReadable(_ bits: UInt) -> Bool {
        bits != 0 && bits & lockedTag == 0
    }

    /// Whether `bits` hold a written value.
    static func isMutation(_ bits: UInt) -> Bool { bits & mutationTag != 0 }

    /// A copy of the value in the box at `bits` (which must not be 0).
    @inlinable
    static func value<T>(at bits: UInt, as type: T.Type) -> T {
        UnsafeRawPointer(bitPattern: bits & ~flagMask).unsafelyUnwrapped.assumingMemoryBound(to: T.self).pointee
    }

    /// A new box holding `value`, as the bits a slot stores for it.
    static func publish<T>(_ value: T, isMutation: Bool, locked: Bool = false) -> UInt {
        // Values with a wider alignment than 16 bytes (rare: SIMD types) take Swift's allocator.
        let raw = MemoryLayout<T>.alignment <= 16
            ? SmallAllocation.allocate(byteCount: MemoryLayout<T>.size)
            : UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        raw.initializeMemory(as: T.self, to: value)
        return UInt(bitPattern: raw) | (isMutation ? mutationTag : 0) | (locked ? lockedTag : 0)
    }

    /// Frees the box at `bits` (not 0): balances `publish`.
    static func release<T>(_ bits: UInt, as type: T.Type) {
        let raw = UnsafeMutableRawPointer(bitPattern: bits & ~flagMask).unsafelyUnwrapped
        raw.assumingMemoryBound(to: T.self).deinitialize(count: 1)
        if MemoryLayout<T>.alignment <= 16 { SmallAllocation.deallocate(raw) } else { raw.deallocate() }
    }
}
