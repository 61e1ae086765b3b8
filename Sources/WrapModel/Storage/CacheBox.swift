import Foundation

/// The boxes a property's cache slot points at: a value in its own small heap allocation.
///
/// A box is written once, before it is published, and never changed, so a reader that loads the
/// slot can copy the value out without a lock. It is freed only when no lock-free reader can
/// still be looking at it (see `TypedPropertyDescriptor.replaceBox(_:_:with:)`).
///
/// A box is raw memory holding one `T` rather than a generic class instance: allocating an
/// instance of a generic class from unspecialised code looks its metadata up in the runtime's
/// table on every allocation, which cost more than the allocation itself, and the object header
/// is 16 bytes a cached value does not need (see `SmallAllocation` for where the memory comes
/// from). Boxes are aligned to 16 bytes, so the slot's bits carry flags in the low bits of the
/// address:
/// - ``lockedTag``: readers must take the tree's read lock to read this box (a writer may free it
///   as soon as it replaces it, under the write lock);
/// - ``mutationTag``: the value was written, rather than converted from the original data;
/// - ``inlineTag``: there is no box; the value itself is in the slot's other bits.
///
/// Small plain values (a bit-copyable `T` of at most a word, such as `Int`, `Bool` or an enum
/// without payloads) are kept in the slot itself when their bits fit in the word's upper 60
/// (sign-extended; every `Bool`, every `Int` below 2^59 in magnitude): no allocation, nothing to
/// free, and nothing a reader could find freed, so such a slot is always readable without a lock.
/// About half the fields a typical model reads are such values; reading every field of
/// twitter.json allocated 3,000 boxes before, 1,700 now. A `Double` or a `Date` is kept the other
/// way round: its bits as they are, when their low 4 bits are 0 (the flags go there). A date of
/// whole seconds has 20 or more trailing zero bits, so the dates APIs send (`created_at`) need
/// no box, and a sort by date reads each from the slot like an `Int`.
// Manual memory management: `publish` allocates and `release` frees; `value(at:as:)` borrows
// while the slot (or the retired list) still owns the box.
@usableFromInline
enum CacheBox {
    @inlinable static var lockedTag: UInt { 1 }
    @inlinable static var mutationTag: UInt { 2 }
    @inlinable static var inlineTag: UInt { 4 }
    @inlinable static var flagMask: UInt { 15 }

    /// Whether a `T` may be kept in the slot itself (when its bits fit: see `publish`). Constant
    /// for a given `T`, so specialised code keeps only one of the two paths of `value(at:as:)`.
    @inlinable
    static func mayHoldInline<T>(_ type: T.Type) -> Bool {
        _isPOD(T.self) && MemoryLayout<T>.size <= MemoryLayout<UInt>.size
    }

    /// Whether a `T` kept in the slot keeps its own bits, flags in the 4 low bits (which must be
    /// 0), rather than shifted up by 4: floating-point values, whose upper bits are the sign and
    /// exponent and whose low mantissa bits are 0 for whole numbers. Constant for a given `T`.
    @inlinable
    static func keepsLowBits<T>(_ type: T.Type) -> Bool {
        T.self == Date.self || T.self == Double.self
    }

    /// Whether `bits` hold a value kept in the slot itself rather than a box.
    static func isInline(_ bits: UInt) -> Bool { bits & inlineTag != 0 }

    /// Whether `bits` hold a box that may be read without a lock.
    @inlinable
    static func isLockFreeReadable(_ bits: UInt) -> Bool {
        bits != 0 && bits & lockedTag == 0
    }

    /// Whether `bits` hold a written value.
    static func isMutation(_ bits: UInt) -> Bool { bits & mutationTag != 0 }

    /// A copy of the value at `bits` (which must not be 0): kept in the bits, or in the box they point at.
    @inlinable @inline(__always)
    static func value<T>(at bits: UInt, as type: T.Type) -> T {
        if mayHoldInline(T.self) && bits & inlineTag != 0 {
            // Floating point: the flags cleared. Otherwise the arithmetic shift drops the flags and
            // restores the sign-extended upper bits.
            let word = keepsLowBits(T.self) ? bits & ~flagMask : UInt(bitPattern: Int(bitPattern: bits) >> 4)
            return withUnsafeBytes(of: word) { $0.load(as: T.self) }
        }
        return UnsafeRawPointer(bitPattern: bits & ~flagMask).unsafelyUnwrapped.assumingMemoryBound(to: T.self).pointee
    }

    /// The bits a slot stores for `value`: the value itself when it fits, else a new box.
    /// `locked` applies to boxes only: a value kept in the slot has no memory to free.
    static func publish<T>(_ value: T, isMutation: Bool, locked: Bool = false) -> UInt {
        if mayHoldInline(T.self) {
            var word: UInt = 0
            withUnsafeMutableBytes(of: &word) { $0.storeBytes(of: value, as: T.self) }
            let tags = inlineTag | (isMutation ? mutationTag : 0)
            if keepsLowBits(T.self) {
                if word & flagMask == 0 { return word | tags }
            } else {
                let shifted = Int(bitPattern: word) &<< 4
                if shifted >> 4 == Int(bitPattern: word) { return UInt(bitPattern: shifted) | tags }
            }
        }
        // Values with a wider alignment than 16 bytes (rare: SIMD types) take Swift's allocator.
        let raw = MemoryLayout<T>.alignment <= 16
            ? SmallAllocation.allocate(byteCount: MemoryLayout<T>.size)
            : UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        raw.initializeMemory(as: T.self, to: value)
        return UInt(bitPattern: raw) | (isMutation ? mutationTag : 0) | (locked ? lockedTag : 0)
    }

    /// Frees the box at `bits` (not 0), if there is one: balances `publish`.
    static func release<T>(_ bits: UInt, as type: T.Type) {
        if mayHoldInline(T.self) && bits & inlineTag != 0 { return }
        let raw = UnsafeMutableRawPointer(bitPattern: bits & ~flagMask).unsafelyUnwrapped
        raw.assumingMemoryBound(to: T.self).deinitialize(count: 1)
        if MemoryLayout<T>.alignment <= 16 { SmallAllocation.deallocate(raw) } else { raw.deallocate() }
    }
}
