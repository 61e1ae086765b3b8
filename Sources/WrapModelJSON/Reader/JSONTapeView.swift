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
    @usableFromInline let tape: UnsafePointer<UInt64>
    /// Number of tape words.
    @usableFromInline package let tapeCount: Int
    @usableFromInline package let bytes: UnsafePointer<UInt8>
    /// Number of input bytes.
    @usableFromInline let byteCount: Int

    /// A view of `tapeCount` words at `tape` over `byteCount` bytes at `bytes`.
    @inlinable @inline(__always)
    package init(tape: UnsafePointer<UInt64>, tapeCount: Int, bytes: UnsafePointer<UInt8>, byteCount: Int) {
        self.tape = tape
        self.tapeCount = tapeCount
        self.bytes = bytes
        self.byteCount = byteCount
    }

    /// The tape word at `i`; out-of-range indices stop debug builds (release reads unchecked).
    @inlinable @inline(__always) func word(_ i: Int) -> UInt64 {
        assert(i >= 0 && i < tapeCount, "JSON tape index \(i) outside 0..<\(tapeCount)")
        return tape[i]
    }

    @inlinable @inline(__always) package func tag(_ i: Int) -> UInt64 { word(i) >> JSONTapeLayout.tagShift }
    @inlinable @inline(__always) package func flag(_ i: Int) -> Bool { word(i) & JSONTapeLayout.flagBit != 0 }
    @inlinable @inline(__always) package func start(_ i: Int) -> Int { Int(truncatingIfNeeded: word(i) & JSONTapeLayout.offsetMask) }
    /// The entry's middle field: a scalar's length, a container's `next`, a close entry's count.
    @inlinable @inline(__always) func field(_ i: Int) -> Int {
        Int(truncatingIfNeeded: (word(i) >> JSONTapeLayout.fieldShift) & JSONTapeLayout.fieldMask)
    }
    /// Exclusive end byte offset of the scalar at `i`.
    @inlinable @inline(__always) package func scalarEnd(_ i: Int) -> Int { start(i) &+ field(i) }

    @inlinable @inline(__always) func isContainer(_ i: Int) -> Bool {
        let t = tag(i)
        return t == JSONTapeLayout.object || t == JSONTapeLayout.array
    }

    /// Tape index of the value following the one at `i` (skips whole subtrees in O(1)).
    @inlinable @inline(__always) package func next(_ i: Int) -> Int {
        isContainer(i) ? field(i) : i &+ 1
    }

    /// Members (objects) or elements (arrays); 0 for scalars.
    @inlinable @inline(__always) func count(_ i: Int) -> Int {
        isContainer(i) ? field(next(i) &- 1) : 0
    }

    /// Tape indices of the keys of the object at `i`, in document order (a member is its key's
    /// entry followed by its value's).
    func keyIndices(ofObjectAt i: Int) -> [Int] {
        var keys: [Int] = []
        keys.reserveCapacity(count(i))
        var j = i &+ 1
        let stop = next(i) &- 1
        while j < stop {
            keys.append(j)
            j = next(j &+ 1)
        }
        return keys
    }

    /// Exclusive end byte offset of the value at `i`.
    @inlinable @inline(__always) package func end(_ i: Int) -> Int {
        if isContainer(i) {
            return start(next(i) &- 1) &+ 1 // close entry sits just before `next`
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
        var j = i &+ 1
        let stop = next(i) &- 1
        var found: Int?
        while j < stop {
            let w = word(j)
            let s = Int(truncatingIfNeeded: w & JSONTapeLayout.offsetMask)
            if JSONScalarDecoder.stringEquals(bytes, s, s &+ Int(truncatingIfNeeded: (w >> JSONTapeLayout.fieldShift) & JSONTapeLayout.fieldMask),
                                              escaped: w & JSONTapeLayout.flagBit != 0, key) {
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
        var i = root &+ 1
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
                } else if t == JSONTapeLayout.string {
                    frames[top].object[key] = string(i)
                } else {
                    frames[top].object[key] = scalar(i)
                }
            } else if t == JSONTapeLayout.object || t == JSONTapeLayout.array {
                push(i, isObject: t == JSONTapeLayout.object)
            } else if t == JSONTapeLayout.string {
                frames[top].array.append(string(i))
            } else {
                frames[top].array.append(scalar(i))
            }
            i &+= 1
        }
    }

    /// The key at `i`, shared with an earlier identical one when possible (see `JSONKeyCache`).
    @inline(__always)
    private func cachedKey(_ i: Int, _ cache: inout JSONKeyCache) -> String {
        let contentStart = start(i) &+ 1
        let length = scalarEnd(i) &- 1 &- contentStart
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
