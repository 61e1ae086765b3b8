import Foundation

/// Read access to a tape plus the bytes it indexes (both borrowed; valid only while their owner
/// keeps them alive). Shared by `JSONNode` (lazy access) and the eager materializer.
///
/// Public, with package members, only so that the model library's reads can inline what is
/// `@inlinable` here (members of a package type are not inlined across modules); the target is
/// no product, so nothing outside this package sees it.
public struct JSONTapeView {
    // Raw pointers because the tape is read in the innermost loops; every read goes through
    // `word(_:)`, which checks the index in debug builds.
    @usableFromInline let tape: UnsafePointer<JSONTapeLayout.Word>
    /// Number of tape words.
    @usableFromInline package let tapeCount: Int
    @usableFromInline package let bytes: UnsafePointer<UInt8>
    /// Number of input bytes.
    @usableFromInline let byteCount: Int
    /// For documents above 256 MiB only: the tape index where each page after the first begins
    /// (see `JSONTapeLayout`); nil for every smaller document.
    @usableFromInline let pageStarts: UnsafePointer<Int>?
    @usableFromInline let pageCount: Int
    /// For input with nothing between its tokens but the `,` and `:` the grammar needs, its
    /// deepest nesting of containers (so a container's bytes are its compact form, and copying
    /// them whole stays within a writer's nesting limit when this is small enough); -1 otherwise.
    @usableFromInline package let compactNesting: Int

    /// A view of `tapeCount` words at `tape` over `byteCount` bytes at `bytes`, with the page
    /// starts the builder recorded (none below 256 MiB).
    @inlinable @inline(__always)
    package init(tape: UnsafePointer<JSONTapeLayout.Word>, tapeCount: Int, bytes: UnsafePointer<UInt8>, byteCount: Int,
                 pageStarts: UnsafePointer<Int>? = nil, pageCount: Int = 0, compactNesting: Int = -1) {
        self.tape = tape
        self.tapeCount = tapeCount
        self.bytes = bytes
        self.byteCount = byteCount
        self.pageStarts = pageStarts
        self.pageCount = pageCount
        self.compactNesting = compactNesting
    }

    /// The tape word at `i`; out-of-range indices stop debug builds (release reads unchecked).
    @inlinable @inline(__always) func word(_ i: Int) -> JSONTapeLayout.Word {
        assert(i >= 0 && i < tapeCount, "JSON tape index \(i) outside 0..<\(tapeCount)")
        return tape[i]
    }

    @inlinable @inline(__always) package func tag(_ i: Int) -> UInt32 { word(i) >> JSONTapeLayout.tagShift }
    @inlinable @inline(__always) package func flag(_ i: Int) -> Bool { word(i) & JSONTapeLayout.flagBit != 0 }
    /// Byte offset of the first byte of the value at `i` (a container's bracket).
    @inlinable @inline(__always) package func start(_ i: Int) -> Int {
        let low = Int(truncatingIfNeeded: word(i) & JSONTapeLayout.offsetMask)
        if _fastPath(pageCount == 0) { return low }
        return low | page(of: i) &<< JSONTapeLayout.pageShift
    }

    /// How many page starts are at or before tape index `i` (documents above 256 MiB only).
    @usableFromInline func page(of i: Int) -> Int {
        var page = 0
        while page < pageCount && pageStarts.unsafelyUnwrapped[page] <= i { page &+= 1 }
        return page
    }

    /// Exclusive end byte offset of the scalar at `i` (see `JSONTapeLayout`). In compact text the
    /// byte before the next entry (or before the comma or colon there) is the scalar's last one;
    /// behind whitespace, the scalar is scanned forward instead.
    @inlinable @inline(__always) package func scalarEnd(_ i: Int) -> Int {
        var e = (i &+ 1 < tapeCount ? start(i &+ 1) : byteCount) &- 1
        var b = bytes[e]
        if b == UInt8(ascii: ",") || b == UInt8(ascii: ":") {
            e &-= 1
            b = bytes[e]
        }
        if !JSONTapeView.isWhitespace(b) { return e &+ 1 }
        return scalarEndScanningForward(i)
    }

    /// Exclusive end byte offset of the object key at `i` (whose value always follows it): just
    /// past the quote before the colon.
    @inlinable @inline(__always) package func keyEnd(_ i: Int) -> Int {
        let v = start(i &+ 1)
        // `"key":value` and `"key": value`; the closing quote is the last byte before the colon.
        if bytes[v &- 1] == UInt8(ascii: ":") && bytes[v &- 2] == UInt8(ascii: "\"") { return v &- 1 }
        if bytes[v &- 1] == UInt8(ascii: " ") && bytes[v &- 2] == UInt8(ascii: ":") && bytes[v &- 3] == UInt8(ascii: "\"") {
            return v &- 2
        }
        return lastNonWhitespace(before: lastNonWhitespace(before: v)) &+ 1
    }

    /// `scalarEnd(_:)` by reading the scalar itself: up to its closing quote (a string without
    /// escapes), past its digits, exponent and fraction (a number), or its fixed length (literals).
    @usableFromInline func scalarEndScanningForward(_ i: Int) -> Int {
        let s = start(i)
        switch tag(i) {
        case JSONTapeLayout.string:
            if flag(i) { break } // with escapes a quote may be part of the text: step back instead
            return quote(from: s &+ 1) &+ 1
        case JSONTapeLayout.number:
            var j = s
            if bytes[j] == UInt8(ascii: "-") { j &+= 1 }
            j = digitsEnd(from: j)
            if j < byteCount && bytes[j] == UInt8(ascii: ".") { j = digitsEnd(from: j &+ 1) }
            if j < byteCount && bytes[j] | 0x20 == UInt8(ascii: "e") {
                j &+= 1
                if bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j &+= 1 }
                j = digitsEnd(from: j)
            }
            return j
        case JSONTapeLayout.falseValue:
            return s &+ 5
        case JSONTapeLayout.trueValue, JSONTapeLayout.null:
            return s &+ 4
        default:
            break
        }
        var e = lastNonWhitespace(before: i &+ 1 < tapeCount ? start(i &+ 1) : byteCount)
        if bytes[e] == UInt8(ascii: ",") || bytes[e] == UInt8(ascii: ":") { e = lastNonWhitespace(before: e) }
        return e &+ 1
    }

    /// The index of the first `"` at or after `start` (one exists: the string's closing quote).
    /// Sixteen bytes are looked at in place; past them, `memchr`, because strings that long run
    /// longer (URLs, text) and the C library's is vectorised.
    func quote(from start: Int) -> Int {
        if start &+ 16 <= byteCount { // most strings are short: look at sixteen bytes first
            let source = UnsafeRawPointer(bytes + start)
            let low = JSONTapeView.bytesEqual(UInt64(littleEndian: source.loadUnaligned(as: UInt64.self)), UInt8(ascii: "\""))
            if low != 0 { return start &+ low.trailingZeroBitCount >> 3 }
            let high = JSONTapeView.bytesEqual(UInt64(littleEndian: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)), UInt8(ascii: "\""))
            if high != 0 { return start &+ 8 &+ high.trailingZeroBitCount >> 3 }
        }
        guard let found = memchr(bytes + start, Int32(UInt8(ascii: "\"")), byteCount &- start) else {
            preconditionFailure("JSON tape: a string has no closing quote")
        }
        return UnsafeRawPointer(found) - UnsafeRawPointer(bytes)
    }

    /// An offset at or past the end of the value at `i`, found without reading the value: a
    /// container's end, or where the next entry starts.
    @inlinable @inline(__always) package func endBound(_ i: Int) -> Int {
        if isContainer(i) { return end(i) }
        return i &+ 1 < tapeCount ? start(i &+ 1) : byteCount
    }

    /// The index of the first byte at or after `j` that is not an ASCII digit.
    func digitsEnd(from start: Int) -> Int {
        var j = start
        while j &+ 8 <= byteCount {
            let flagged = JSONTapeView.nonDigitBytes(UInt64(littleEndian: UnsafeRawPointer(bytes + j).loadUnaligned(as: UInt64.self)))
            if flagged != 0 { return j &+ flagged.trailingZeroBitCount >> 3 }
            j &+= 8
        }
        while j < byteCount && bytes[j] &- UInt8(ascii: "0") < 10 { j &+= 1 }
        return j
    }

    /// The high bit of each byte of `x` that is not an ASCII digit; exact per byte.
    @inline(__always) static func nonDigitBytes(_ x: UInt64) -> UInt64 {
        // Digits become 0...9; a byte is flagged when its low seven bits are 10 or more or its
        // top bit is set (masking the top bit keeps the addition from carrying across bytes).
        let a = x ^ 0x3030_3030_3030_3030
        return (((a & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | a) & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `x` equal to `c`; exact per byte (no borrow crosses bytes).
    @inline(__always) static func bytesEqual(_ x: UInt64, _ c: UInt8) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let t = x ^ (0x0101_0101_0101_0101 &* UInt64(c))
        return ~(((t & low7) &+ low7) | t) & ~low7
    }

    /// The index of the last byte before `end` that is not JSON whitespace. Only called where
    /// such a byte exists (a token precedes `end`).
    @inlinable @inline(__always) func lastNonWhitespace(before end: Int) -> Int {
        let e = end &- 1
        if !JSONTapeView.isWhitespace(bytes[e]) { return e } // compact text: no whitespace at all
        return lastNonWhitespace(from: e)
    }

    /// `lastNonWhitespace(before:)` past a run of whitespace ending at `e`: a line break and an
    /// indentation are stepped over eight bytes at a time.
    @usableFromInline func lastNonWhitespace(from start: Int) -> Int {
        var e = start
        while e >= 8 {
            let x = UInt64(littleEndian: UnsafeRawPointer(bytes + (e &- 7)).loadUnaligned(as: UInt64.self))
            let other = JSONTapeView.nonWhitespaceBytes(x)
            if other != 0 { return e &- 7 &+ (63 &- other.leadingZeroBitCount) >> 3 }
            e &-= 8
        }
        while JSONTapeView.isWhitespace(bytes[e]) { e &-= 1 }
        return e
    }

    /// The high bit of each byte of `x` that is not a space, tab, line feed or carriage return.
    /// Exact per byte (no borrow crosses bytes), so the highest set bit marks the last such byte.
    @inline(__always) static func nonWhitespaceBytes(_ x: UInt64) -> UInt64 {
        ~(bytesEqual(x, 0x20) | bytesEqual(x, 0x0A) | bytesEqual(x, 0x09) | bytesEqual(x, 0x0D)) & 0x8080_8080_8080_8080
    }

    @inlinable @inline(__always)
    static func isWhitespace(_ c: UInt8) -> Bool {
        // Bits 9 (tab), 10 (line feed), 13 (carriage return) and 32 (space).
        c <= 0x20 && (UInt64(0x1_0000_2600) >> UInt64(c)) & 1 != 0
    }

    @inlinable @inline(__always) func isContainer(_ i: Int) -> Bool {
        let t = tag(i)
        return t == JSONTapeLayout.object || t == JSONTapeLayout.array
    }

    /// Tape index of the value following the one at `i` (skips whole subtrees in O(1)).
    @inlinable @inline(__always) package func next(_ i: Int) -> Int {
        isContainer(i) ? Int(truncatingIfNeeded: word(i &+ 1)) : i &+ 1
    }

    /// Tape index of the first member key or element of the container at `i` (its close entry
    /// when it is empty).
    @inlinable @inline(__always) package func firstChild(_ i: Int) -> Int { i &+ 2 }

    /// Tape index of the close entry of the container at `i`: where its children stop.
    @inlinable @inline(__always) package func closeIndex(_ i: Int) -> Int { Int(truncatingIfNeeded: word(i &+ 1)) &- 1 }

    /// Members (objects) or elements (arrays); 0 for scalars. Counted by skipping from child to
    /// child (the tape keeps no counts): callers use it to size what they are about to fill.
    func count(_ i: Int) -> Int {
        guard isContainer(i) else { return 0 }
        let isObject = tag(i) == JSONTapeLayout.object
        var n = 0
        var j = firstChild(i)
        let stop = closeIndex(i)
        while j < stop {
            n &+= 1
            j = next(isObject ? j &+ 1 : j)
        }
        return n
    }

    /// True when the container at `i` has no members or elements.
    @inlinable @inline(__always) package func isEmptyContainer(_ i: Int) -> Bool { firstChild(i) == closeIndex(i) }

    /// Tape indices of the keys of the object at `i`, in document order (a member is its key's
    /// entry followed by its value's).
    func keyIndices(ofObjectAt i: Int) -> [Int] {
        var keys: [Int] = []
        keys.reserveCapacity(count(i))
        var j = firstChild(i)
        let stop = closeIndex(i)
        while j < stop {
            keys.append(j)
            j = next(j &+ 1)
        }
        return keys
    }

    /// Exclusive end byte offset of the value at `i`.
    @inlinable @inline(__always) package func end(_ i: Int) -> Int {
        if isContainer(i) {
            return start(closeIndex(i)) &+ 1
        }
        return scalarEnd(i)
    }

    @inline(__always) func string(_ i: Int) -> String {
        JSONScalarDecoder.string(bytes, start(i), end(i), escaped: flag(i))
    }

    /// `Int` for integral literals that fit; an unsigned `NSNumber` for integral literals between
    /// `Int.max` and `UInt64.max` (as `JSONSerialization` reads them, so both kinds of model read
    /// the same); otherwise `Double`. `-0` stays `Double(-0.0)` so the sign survives.
    @inline(__always) func number(_ i: Int) -> Any {
        let s = start(i)
        let e = scalarEnd(i)
        if flag(i) {
            if let v = JSONScalarDecoder.int(bytes, s, e) {
                if v == 0 && bytes[s] == UInt8(ascii: "-") { return -0.0 }
                return v
            }
            if bytes[s] != UInt8(ascii: "-"), let v = JSONScalarDecoder.uint64(bytes, s, e) { return NSNumber(value: v) }
        }
        return JSONScalarDecoder.double(bytes, s, e)
    }

    func scalar(_ i: Int) -> Any {
        switch tag(i) {
        case JSONTapeLayout.string: return string(i)
        case JSONTapeLayout.number: return number(i)
        case JSONTapeLayout.trueValue: return true
        case JSONTapeLayout.falseValue: return false
        default: return NSNull()
        }
    }

    /// Tape index of the value for `key` in the object at `i` (last duplicate wins), or nil.
    @inline(__always)
    func member(_ i: Int, _ key: UnsafeBufferPointer<UInt8>) -> Int? {
        var j = firstChild(i)
        let stop = closeIndex(i)
        var found: Int?
        while j < stop {
            if JSONScalarDecoder.stringEquals(bytes, start(j), keyEnd(j), escaped: flag(j), key) {
                found = j &+ 1
            }
            j = next(j &+ 1)
        }
        return found
    }

    // MARK: - Materialization

    /// One open container while materializing.
    private struct Frame {
        var isObject: Bool
        var object: [String: Any] = [:]
        var array: [Any] = []
        var pendingKey = ""
    }

    /// Builds native Swift values (`[String: Any]`, `[Any]`, `String`, `Int`/`Double`, `Bool`, `NSNull`)
    /// for the value at `root`. Uses an explicit stack, so depth is limited only by memory.
    func materialize(_ root: Int) -> Any {
        guard isContainer(root) else { return scalar(root) }
        // The stack of open containers lives in a manually managed buffer: this loop runs once per
        // value, and Array's per-access uniqueness and bounds checks were measurable here.
        var capacity = 32
        var frames = UnsafeMutablePointer<Frame>.allocate(capacity: capacity)
        defer { frames.deallocate() }
        (frames + 0).initialize(to: makeFrame(root))
        var top = 0
        var inObject = frames[0].isObject
        var i = firstChild(root)
        var keys = JSONKeyCache(tapeCount: (next(root) &- root) &* 2)
        /// Opens the container at tape index `index`, growing the stack when it is full.
        @inline(__always) func push(_ index: Int, isObject: Bool) {
            top &+= 1
            if top == capacity {
                let bigger = UnsafeMutablePointer<Frame>.allocate(capacity: capacity &* 2)
                bigger.moveInitialize(from: frames, count: capacity)
                frames.deallocate()
                frames = bigger
                capacity &*= 2
            }
            (frames + top).initialize(to: makeFrame(index))
            inObject = isObject
        }
        while true {
            var t = tag(i)
            if t == JSONTapeLayout.close {
                let finished = (frames + top).move()
                let value: Any = finished.isObject ? finished.object : finished.array
                i &+= 1
                if top == 0 { return value }
                top &-= 1
                inObject = frames[top].isObject
                if inObject {
                    frames[top].object[frames[top].pendingKey] = value
                } else {
                    frames[top].array.append(value)
                }
                continue
            }
            if inObject {
                let key = cachedKey(i, &keys)
                i &+= 1
                t = tag(i)
                if t == JSONTapeLayout.object || t == JSONTapeLayout.array {
                    frames[top].pendingKey = key
                    push(i, isObject: t == JSONTapeLayout.object)
                    i &+= 1 // the open entry's second word
                } else if t == JSONTapeLayout.string {
                    frames[top].object[key] = string(i)
                } else {
                    frames[top].object[key] = scalar(i)
                }
            } else if t == JSONTapeLayout.object || t == JSONTapeLayout.array {
                push(i, isObject: t == JSONTapeLayout.object)
                i &+= 1 // the open entry's second word
            } else if t == JSONTapeLayout.string {
                frames[top].array.append(string(i))
            } else {
                frames[top].array.append(scalar(i))
            }
            i &+= 1
        }
    }

    /// The key at `i`, shared with an earlier identical one when possible (see `JSONKeyCache`).
    @inline(never) // inlined, it pushed the dictionary insertions out of `materialize` (8% slower)
    private func cachedKey(_ i: Int, _ cache: inout JSONKeyCache) -> String {
        let contentStart = start(i) &+ 1
        let length = keyEnd(i) &- 1 &- contentStart
        if length <= JSONKeyCache.maximumLength && !flag(i) {
            return cache.string(bytes, contentStart, length, byteCount: byteCount)
        }
        return string(i)
    }

    @inline(__always)
    private func makeFrame(_ i: Int) -> Frame {
        if tag(i) == JSONTapeLayout.object {
            return Frame(isObject: true, object: Dictionary(minimumCapacity: count(i)))
        }
        var frame = Frame(isObject: false)
        frame.array.reserveCapacity(count(i))
        return frame
    }
}
