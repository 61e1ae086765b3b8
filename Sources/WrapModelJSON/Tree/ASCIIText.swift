/// Whether text is ASCII, checked eight bytes at a time (keys are checked on every lossless
/// write; iterating a `String.UTF8View` byte by byte cost more than the write).
package enum ASCIIText {
    package static func isASCII(_ text: String) -> Bool {
        if let fast = text.utf8.withContiguousStorageIfAvailable(isASCII) { return fast }
        return text.utf8.allSatisfy { $0 < 0x80 }
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        var high: UInt64 = 0
        while i &+ 8 <= bytes.count {
            high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i &+= 8
        }
        while i < bytes.count {
            high |= UInt64(base[i])
            i &+= 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
