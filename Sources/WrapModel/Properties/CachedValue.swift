/// An immutable box published in a property's cache slot.
///
/// Boxes are immutable so a reader that loads the slot can copy the value out without a lock; a
/// box is only released when no lock-free reader can still be looking at it.
///
/// A slot holds a box's address, possibly with ``lockedTag`` set in its lowest bit (boxes are
/// 16-byte aligned, so the bit is free). An untagged box may be read without a lock, so once
/// published it lives until the property dies (or is one of the bounded retired boxes); a tagged
/// box is read only under the tree's lock, so a writer may free it as soon as it replaces it.
// The one place cache boxes are retained and released by hand (as bits in an atomic slot):
// `publish` and `release` pair up; `value(at:)`/`box(at:)` borrow while the slot holds its retain.
@usableFromInline
final class CachedValue<Value> {
    @usableFromInline let value: Value
    let isMutation: Bool

    init(_ value: Value, isMutation: Bool) {
        self.value = value
        self.isMutation = isMutation
    }

    /// Set in a slot's bits when readers must take the tree's read lock to read its box.
    @inlinable
    static var lockedTag: UInt { 1 }

    /// Whether `bits` hold a box that may be read without a lock.
    @inlinable
    static func isLockFreeReadable(_ bits: UInt) -> Bool {
        bits != 0 && bits & lockedTag == 0
    }

    @inlinable
    static func value(at bits: UInt) -> Value {
        Unmanaged<CachedValue<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~lockedTag)!)
            ._withUnsafeGuaranteedRef { $0.value }
    }

    static func box(at bits: UInt) -> CachedValue<Value> {
        Unmanaged<CachedValue<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~lockedTag)!).takeUnretainedValue()
    }

    /// Retains `box` and returns the bits the cache slot stores for it (tagged when `locked`).
    static func publish(_ box: CachedValue<Value>, locked: Bool = false) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()) | (locked ? lockedTag : 0)
    }

    /// Balances `publish`.
    static func release(_ bits: UInt) {
        Unmanaged<CachedValue<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~lockedTag)!).release()
    }
}
