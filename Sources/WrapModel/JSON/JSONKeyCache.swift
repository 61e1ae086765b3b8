/// Reuses `String`s for repeated object keys while materializing one document.
///
/// Why: building a `String` from bytes validates UTF-8 and, beyond 15 bytes, allocates and copies;
/// in typical API payloads the same keys ("id", "profile_background_image_url_https", ...) repeat in
/// every object. A hit costs a couple of compares and at most one retain. (Measured: caching string
/// *values* as well cost more in misses than it saved, so only keys go through here.)
///
/// Direct-mapped tables (a colliding key just replaces the entry), so lookups are O(1) with no
/// probing; correctness never depends on a hit. Tables are sized from the document (16...256
/// slots) and allocated on first use, so small documents pay almost nothing.
struct JSONKeyCache {
    private let size: Int
    private let shift: UInt64

    // Short strings (≤ 16 bytes) are identified by their bytes packed into two words.
    private var shortWords: [UInt64] = []
    private var shortLengths: [Int] = []
    private var shortStrings: [String] = []

    // Longer strings are identified by a previous occurrence in the same input.
    private var longStarts: [Int] = []
    private var longLengths: [Int] = []
    private var longStrings: [String] = []

    /// Longer strings are rarely repeated; comparing them would cost more than it saves.
    static let maximumLength = 128

    /// - Parameter tapeCount: tape words of the subtree being materialized (a proxy for its size).
    init(tapeCount: Int) {
        var size = 16
        while size < 256 && size &* 32 < tapeCount { size &*= 2 }
        self.size = size
        shift = UInt64(64 &- size.trailingZeroBitCount)
    }

    /// The string for the unescaped, valid UTF-8 bytes `bytes[start ..< start + length]`
    /// (`length <= maximumLength`); `byteCount` is the size of the whole input, so that short
    /// strings can be loaded as whole words when the input extends far enough.
    @inline(__always)
    mutating func string(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ length: Int, byteCount: Int) -> String {
        if length <= 16 {
            guard start &+ 16 <= byteCount else { return JSONKeyCache.make(bytes, start, length) }
            var w0 = UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self)
            var w1 = UnsafeRawPointer(bytes + start + 8).loadUnaligned(as: UInt64.self)
            if length < 8 {
                w0 &= (1 &<< UInt64(length &* 8)) &- 1
                w1 = 0
            } else if length < 16 {
                w1 &= (1 &<< UInt64((length &- 8) &* 8)) &- 1
            }
            let slot = Int(truncatingIfNeeded: ((w0 ^ (w1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xC2B2_AE3D_27D4_EB4F) >> shift)
            if shortLengths.isEmpty {
                shortWords = [UInt64](repeating: 0, count: 2 &* size)
                shortLengths = [Int](repeating: -1, count: size)
                shortStrings = [String](repeating: "", count: size)
            }
            if shortLengths[slot] == length && shortWords[slot &* 2] == w0 && shortWords[slot &* 2 &+ 1] == w1 {
                return shortStrings[slot]
            }
            let string = JSONKeyCache.make(bytes, start, length)
            shortWords[slot &* 2] = w0
            shortWords[slot &* 2 &+ 1] = w1
            shortLengths[slot] = length
            shortStrings[slot] = string
            return string
        }
        let head = UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self)
        let tail = UnsafeRawPointer(bytes + start + length - 8).loadUnaligned(as: UInt64.self)
        let mixed = ((head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &+ UInt64(length))) &* 0xC2B2_AE3D_27D4_EB4F
        let slot = Int(truncatingIfNeeded: mixed >> shift)
        if longLengths.isEmpty {
            longStarts = [Int](repeating: 0, count: size)
            longLengths = [Int](repeating: 0, count: size)
            longStrings = [String](repeating: "", count: size)
        }
        if longLengths[slot] == length && JSONScalarDecoder.memcmpEqual(bytes + longStarts[slot], bytes + start, length) {
            return longStrings[slot]
        }
        let string = JSONKeyCache.make(bytes, start, length)
        longStarts[slot] = start
        longLengths[slot] = length
        longStrings[slot] = string
        return string
    }

    @inline(__always)
    private static func make(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ length: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes + start, count: length), as: UTF8.self)
    }
}
