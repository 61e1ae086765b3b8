/// An immutable box published in a property's cache slot.
///
/// Boxes are immutable so a reader that loads the slot can copy the value out without a lock; a
/// box is only released when no lock-free reader can still be looking at it.
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

    @inlinable
    static func value(at bits: UInt) -> Value {
        Unmanaged<CachedValue<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
            ._withUnsafeGuaranteedRef { $0.value }
    }

    static func box(at bits: UInt) -> CachedValue<Value> {
        Unmanaged<CachedValue<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    /// Retains `box` and returns the bits the cache slot stores for it.
    static func publish(_ box: CachedValue<Value>) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(box).toOpaque())
    }

    /// Balances `publish`.
    static func release(_ bits: UInt) {
        Unmanaged<CachedValue<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
    }
}
