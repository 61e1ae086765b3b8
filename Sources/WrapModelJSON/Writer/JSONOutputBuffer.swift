import Foundation

/// A growable byte buffer for `JSONWriter`. Cheaper than appending to `[UInt8]` one byte at a time
/// (no uniqueness checks, capacity reserved in bulk). Manually managed: the owner calls `release()`
/// exactly once (typically in a `defer`).
///
/// Public, with package members, only so that the model library's writers can inline what is
/// `@inlinable` here (members of a package type are not inlined across modules); the target is
/// no product, so nothing outside this package sees it.
public struct JSONOutputBuffer {
    @usableFromInline package private(set) var base: UnsafeMutablePointer<UInt8>
    @usableFromInline package private(set) var count = 0
    @usableFromInline var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    /// Makes room for at least `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(extra) }
    }

    @usableFromInline
    mutating func grow(_ extra: Int) {
        let newCapacity = max(capacity &* 2, count &+ extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends without a capacity check; the caller must have called `reserve`.
    @inlinable @inline(__always)
    mutating func appendUnchecked(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    /// Commits `n` bytes the caller wrote directly at `base + count` (after `reserve`).
    @inlinable @inline(__always)
    mutating func advance(_ n: Int) {
        count &+= n
    }

    /// Drops everything written after the first `count` bytes (a fast path giving way to a slow one).
    ///
    /// Inlinable because the model library's declared output calls it for every nil property it
    /// leaves out (a status has several), where a call across the module boundary cost more than
    /// the two instructions it runs.
    @inlinable
    package mutating func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count, "truncating a JSON output buffer past its end")
        self.count = count
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        appendUnchecked(byte)
    }

    @inlinable @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count n: Int) {
        reserve(n)
        (base + count).update(from: bytes, count: n)
        count &+= n
    }

    /// Appends an ASCII string literal's bytes.
    @inlinable @inline(__always)
    package mutating func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    mutating func append(repeating byte: UInt8, count n: Int) {
        reserve(n)
        (base + count).initialize(repeating: byte, count: n)
        count &+= n
    }

    /// The bytes written so far, as an array (the buffer stays owned by `self`).
    func copyBytes() -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written so far, as `Data`, consuming the buffer (do not `release()` it after):
    /// the storage itself is handed over when little of it is unused, else the bytes are copied.
    package func takeData() -> Data {
        let unused = capacity &- count
        if unused > 4096 && unused > count {
            defer { base.deallocate() }
            return Data(bytes: base, count: count)
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { bytes, _ in bytes.deallocate() })
    }

    /// Frees the storage; the buffer must not be used afterwards.
    package func release() {
        base.deallocate()
    }
}
