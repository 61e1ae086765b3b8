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
struct JSONKeyCache: ~Copyable {
    private let size: Int
    private let shift: UInt64

    /// A short string (≤ 16 bytes), identified by its bytes packed into two words.
    private struct ShortEntry {
        var w0: UInt64 = 0
        var w1: UInt64 = 0
        var length = -1
        var string = ""
    }

    /// A longer string, identified by a previous occurrence in the same input.
    private struct LongEntry {
        var start = 0
        var length = -1
        var string = ""
    }

    // Manually allocated tables: this runs once per key of a document, and Array's bounds and
    // uniqueness checks on every access were a measurable part of it. Allocated on first use.
    private var shortEntries: UnsafeMutablePointer<ShortEntry>?
    private var longEntries: UnsafeMutablePointer<LongEntry>?

    /// Longer strings are rarely repeated; comparing them would cost more than it saves.
    static let maximumLength = 128

    /// - Parameter tapeCount: tape words of the subtree being materialized (a proxy for its size).
    init(tapeCount: Int) {
        var size = 16
        while size < 256 && size &* 32 < tapeCount { size &*= 2 }
        self.size = size
        shift = UInt64(64 &- size.trailingZeroBitCount)
    }

    deinit {
        if let shortEntries {
            shortEntries.deinitialize(count: size)
            shortEntries.deallocate()
        }
        if let longEntries {
            longEntries.deinitialize(count: size)
            longEntries.deallocate()
        }
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
            let entries = shortEntries ?? makeShortEntries()
            let entry = entries + slot
            if entry.pointee.length == length && entry.pointee.w0 == w0 && entry.pointee.w1 == w1 {
                return entry.pointee.string
            }
            let string = JSONKeyCache.make(bytes, start, length)
            entry.pointee = ShortEntry(w0: w0, w1: w1, length: length, string: string)
            return string
        }
        let head = UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self)
        let tail = UnsafeRawPointer(bytes + start + length - 8).loadUnaligned(as: UInt64.self)
        let mixed = ((head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &+ UInt64(length))) &* 0xC2B2_AE3D_27D4_EB4F
        let slot = Int(truncatingIfNeeded: mixed >> shift)
        let entries = longEntries ?? makeLongEntries()
        let entry = entries + slot
        if entry.pointee.length == length && JSONScalarDecoder.memcmpEqual(bytes + entry.pointee.start, bytes + start, length) {
            return entry.pointee.string
        }
        let string = JSONKeyCache.make(bytes, start, length)
        entry.pointee = LongEntry(start: start, length: length, string: string)
        return string
    }

    private mutating func makeShortEntries() -> UnsafeMutablePointer<ShortEntry> {
        let entries = UnsafeMutablePointer<ShortEntry>.allocate(capacity: size)
        entries.initialize(repeating: ShortEntry(), count: size)
        shortEntries = entries
        return entries
    }

    private mutating func makeLongEntries() -> UnsafeMutablePointer<LongEntry> {
        let entries = UnsafeMutablePointer<LongEntry>.allocate(capacity: size)
        entries.initialize(repeating: LongEntry(), count: size)
        longEntries = entries
        return entries
    }

    @inline(__always)
    private static func make(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ length: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes + start, count: length), as: UTF8.self)
    }
}
