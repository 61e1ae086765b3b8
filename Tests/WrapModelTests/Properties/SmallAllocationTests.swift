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
        #expect(empty & ~CacheBox.flagMask != 0)
        CacheBox.release(empty, as: Void.self)
    }
}
