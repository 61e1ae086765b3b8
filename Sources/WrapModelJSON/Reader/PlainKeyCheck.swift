/// Checks the keys of one object, one at a time in document order, for being unescaped ASCII
/// and distinct (see `JSONTapeView.hasDistinctPlainKeys`), so a writer can check while it copies.
struct PlainKeyCheck {
    /// A 256-bit filter of key hashes; only a hit compares bytes with the earlier keys.
    private var seen: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// True when the key at tape index `key` of the object at `object` is unescaped ASCII and
    /// unlike every earlier key of the object.
    @inline(__always)
    mutating func admit(_ view: JSONTapeView, object: Int, key j: Int) -> Bool {
        if view.flag(j) { return false }
        let start = view.start(j) &+ 1
        let end = view.keyEnd(j) &- 1
        let length = end &- start
        let first = view.prefix(start, length)
        let last = length > 8 ? view.suffix(start, end) : 0
        guard (first | last) & 0x8080_8080_8080_8080 == 0, length <= 16 || view.isASCII(start &+ 8, end &- 8) else {
            return false
        }
        var hash = (first ^ (last &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(length)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 31)) >> 56
        let bit = UInt64(1) &<< (hash & 63)
        let hit: Bool
        switch hash >> 6 {
        case 0: hit = seen.0 & bit != 0; seen.0 |= bit
        case 1: hit = seen.1 & bit != 0; seen.1 |= bit
        case 2: hit = seen.2 & bit != 0; seen.2 |= bit
        default: hit = seen.3 & bit != 0; seen.3 |= bit
        }
        return !(hit && view.hasEarlierKey(object, before: j, start, end))
    }
}
