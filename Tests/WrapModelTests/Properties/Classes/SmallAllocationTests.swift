import Foundation
import Testing
@testable import WrapModel

/// Cache boxes keep two flags in the low bits of their address, so every block must be 16-byte
/// aligned; and values of every size and alignment must survive being boxed and read back.
@Suite("Small allocations and cache boxes")
struct SmallAllocationTests {
    @Test("blocks of every small size are 16-byte aligned and writable")
    func alignment() {
        var blocks: [UnsafeMutableRawPointer] = []
        for size in 0...300 {
            let block = SmallAllocation.allocate(byteCount: size)
            #expect(UInt(bitPattern: block) & 15 == 0, "\(size) bytes")
            block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: max(size, 1))
            blocks.append(block)
        }
        for (size, block) in blocks.enumerated() {
            #expect(block.load(fromByteOffset: max(size, 1) - 1, as: UInt8.self) == 0xA5)
            SmallAllocation.deallocate(block)
        }
    }

    @Test("boxed values read back exactly, with the flags they were published with")
    func boxes() {
        let string = String(repeating: "long enough to live on the heap ", count: 3)
        let bits = CacheBox.publish(string, isMutation: true, locked: true)
        #expect(CacheBox.isMutation(bits) && !CacheBox.isLockFreeReadable(bits))
        #expect(CacheBox.value(at: bits, as: String.self) == string)
        CacheBox.release(bits, as: String.self)

        let wide = SIMD8<Double>(1, 2, 3, 4, 5, 6, 7, 8) // wider alignment than malloc promises on some platforms
        let wideBits = CacheBox.publish(wide, isMutation: false)
        #expect(CacheBox.isLockFreeReadable(wideBits) && !CacheBox.isMutation(wideBits))
        #expect(CacheBox.value(at: wideBits, as: SIMD8<Double>.self) == wide)
        CacheBox.release(wideBits, as: SIMD8<Double>.self)

        let empty = CacheBox.publish((), isMutation: false)
        #expect(CacheBox.isInline(empty) && CacheBox.isLockFreeReadable(empty))
        CacheBox.release(empty, as: Void.self)
    }

    enum Size: String { case small, large }

    /// Publishes `value`, checks whether it was kept in the slot, reads it back and releases it.
    static func roundTrip<T: Equatable>(_ value: T, inline: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        for isMutation in [false, true] {
            let bits = CacheBox.publish(value, isMutation: isMutation, locked: true)
            #expect(CacheBox.isInline(bits) == inline, "\(value)", sourceLocation: sourceLocation)
            #expect(CacheBox.isMutation(bits) == isMutation, sourceLocation: sourceLocation)
            // A value in the slot has no box to free, so it never needs the lock.
            #expect(CacheBox.isLockFreeReadable(bits) == inline, sourceLocation: sourceLocation)
            #expect(CacheBox.value(at: bits, as: T.self) == value, sourceLocation: sourceLocation)
            CacheBox.release(bits, as: T.self)
        }
    }

    @Test("small plain values are kept in the slot when their bits fit, and boxed otherwise")
    func inlineValues() {
        let limit = 1 << 59 // values in -2^59 ..< 2^59 fit in the slot's upper 60 bits
        for value in [0, 1, -1, 42, -42, limit - 1, -limit, 505_874_924_095_815_681] {
            Self.roundTrip(value, inline: true)
        }
        for value in [limit, -limit - 1, Int.max, Int.min, 1_829_467_383_040_000_001] {
            Self.roundTrip(value, inline: false)
        }
        Self.roundTrip(true, inline: true)
        Self.roundTrip(false, inline: true)
        Self.roundTrip(Int8(-1), inline: true)
        Self.roundTrip(UInt8(255), inline: true)
        Self.roundTrip(Int32.min, inline: true)
        Self.roundTrip(UInt32.max, inline: true)
        Self.roundTrip(Size.large, inline: true)
        Self.roundTrip(Bool?.none, inline: true)
        Self.roundTrip(Bool?.some(false), inline: true)
        // Too wide or not plain: boxed.
        Self.roundTrip(Int?.some(3), inline: false)
        Self.roundTrip("short", inline: false)
        Self.roundTrip([1, 2], inline: false)
    }

    @Test("a Double or a Date is kept in the slot, bits unchanged, when its 4 low bits are 0, and boxed otherwise")
    func inlineFloatingPoint() {
        // Whole numbers and short binary fractions leave the low mantissa bits 0.
        for value in [0.0, -0.0, 1.5, -2.25, 1e15, 0x1p-1000, .infinity, -.infinity] {
            Self.roundTrip(value, inline: true)
        }
        // A decimal fraction, the smallest subnormal and the largest mantissa use the low bits.
        for value in [0.1, -0.3, 1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, Double(bitPattern: 0x4330_0000_0000_000F)] {
            Self.roundTrip(value, inline: false)
        }
        // Whole seconds (as created_at fields are) and the far ends are kept; milliseconds are not.
        for date in [Date(timeIntervalSince1970: 1_300_000_000), Date(timeIntervalSinceReferenceDate: -1), .distantPast, .distantFuture] {
            Self.roundTrip(date, inline: true)
        }
        Self.roundTrip(Date(timeIntervalSince1970: 1_300_000_000.123), inline: false)
        // A NaN keeps its payload bits (compared by bits, since NaN != NaN).
        let nan = Double(bitPattern: 0x7FF8_0000_0000_1230)
        let bits = CacheBox.publish(nan, isMutation: false)
        #expect(CacheBox.isInline(bits))
        #expect(CacheBox.value(at: bits, as: Double.self).bitPattern == nan.bitPattern)
        CacheBox.release(bits, as: Double.self)
    }
}
