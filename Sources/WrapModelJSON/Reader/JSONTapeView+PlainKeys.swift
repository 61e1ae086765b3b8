import Foundation

extension JSONTapeView {
    /// True when the object at `i` has only unescaped ASCII keys, no two alike. Such keys equal a
    /// Swift `String` exactly when their bytes do (for other keys `String` equality is canonical
    /// equivalence: "\u{212A}" equals "K"), so the object can be edited and written member by
    /// member without decoding or deduplicating keys.
    package func hasDistinctPlainKeys(_ i: Int) -> Bool {
        guard tag(i) == JSONTapeLayout.object else { return false }
        var keys = PlainKeyCheck()
        var j = firstChild(i)
        let stop = closeIndex(i)
        while j < stop {
            guard keys.admit(self, object: i, key: j) else { return false }
            j = next(j &+ 1)
        }
        return true
    }

    /// The first `min(length, 8)` bytes at `start`, little-endian, zero-padded: equal prefixes of
    /// equal-length keys give equal words.
    @inline(__always)
    func prefix(_ start: Int, _ length: Int) -> UInt64 {
        if start &+ 8 <= byteCount {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self))
            return length >= 8 ? word : word & ((1 &<< UInt64(length &* 8)) &- 1)
        }
        var word: UInt64 = 0
        for k in 0..<min(length, 8) { word |= UInt64(bytes[start &+ k]) &<< UInt64(k &* 8) }
        return word
    }

    /// The last eight bytes before `end` (which is at least `start + 8`).
    @inline(__always)
    func suffix(_ start: Int, _ end: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes + (end &- 8)).loadUnaligned(as: UInt64.self))
    }

    func isASCII(_ start: Int, _ end: Int) -> Bool {
        var k = start
        while k < end {
            if bytes[k] >= 0x80 { return false }
            k &+= 1
        }
        return true
    }

    /// True when a key of the object at `i` before tape index `limit` has the bytes `start..<end`.
    func hasEarlierKey(_ i: Int, before limit: Int, _ start: Int, _ end: Int) -> Bool {
        var j = firstChild(i)
        let length = end &- start
        while j < limit {
            let s = self.start(j) &+ 1
            if keyEnd(j) &- 1 &- s == length
                && memcmp(bytes + s, bytes + start, length) == 0 {
                return true
            }
            j = next(j &+ 1)
        }
        return false
    }
}
