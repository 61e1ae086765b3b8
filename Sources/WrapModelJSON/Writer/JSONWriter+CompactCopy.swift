extension JSONWriter {
    /// Writes the parsed value at tape index `i` in compact form by copying its tokens' bytes: the
    /// same bytes the token-by-token verbatim writer produces without pretty printing or sorting,
    /// at the cost of copies. Whitespace and trailing commas of the source are left out because
    /// only tokens are copied; commas and colons are written from the structure.
    ///
    /// Returns false, having written an unspecified prefix, when nesting goes past
    /// ``JSONWriter/maxDepth``; the caller rewinds and lets the token writer report the error.
    mutating func copyCompact(_ view: JSONTapeView, _ i: Int, depth: Int) -> Bool {
        // Compact output of a value is never longer than its source: every byte written is a token
        // byte or a punctuation byte of the source. The slack covers the 16-byte stores below.
        let start = view.start(i)
        out.reserve(view.endBound(i) &- start &+ 16)
        let origin = out.base + out.count
        var dst = origin
        let done = JSONWriter.copyValue(view, i, depth: depth, to: &dst)
        out.advance(dst - origin)
        return done
    }

    /// Copies the object member whose key is at tape index `key` (`"key":value`, preceded by a
    /// comma when `afterAnother`), its value at `depth`, as ``copyCompact(_:_:depth:)`` does.
    ///
    /// Always inlined: it is the per-member step of the unsplit object's loop (lossless
    /// post-back), which the optimizer otherwise leaves a call once that loop is inlined into
    /// `writeOrderedObject`, and the buffer's base and count then go through memory per member.
    @inline(__always)
    mutating func copyCompactMember(_ view: JSONTapeView, key: Int, depth: Int, afterAnother: Bool) -> Bool {
        let keyStart = view.start(key)
        let value = key &+ 1
        out.reserve(view.endBound(value) &- keyStart &+ 17)
        let origin = out.base + out.count
        var dst = origin
        if afterAnother {
            dst.pointee = UInt8(ascii: ",")
            dst += 1
        }
        JSONWriter.copyToken(view, keyStart, view.keyEnd(key) &- keyStart, to: &dst)
        dst.pointee = UInt8(ascii: ":")
        dst += 1
        let done = JSONWriter.copyValue(view, value, depth: depth, to: &dst)
        out.advance(dst - origin)
        return done
    }

    /// Copies the value at `i` (a container and everything in it, or a scalar) at `depth`; false
    /// when it nests too deep. The one step each copy above and each member of a container takes.
    @inline(__always)
    private static func copyValue(_ view: JSONTapeView, _ i: Int, depth: Int, to dst: inout UnsafeMutablePointer<UInt8>) -> Bool {
        if view.isContainer(i) { return copyContainer(view, i, depth: depth, to: &dst) }
        copyScalar(view, i, to: &dst)
        return true
    }

    /// Copies the container at `i` and everything in it; false when it nests too deep.
    private static func copyContainer(_ view: JSONTapeView, _ i: Int, depth: Int,
                                      to dst: inout UnsafeMutablePointer<UInt8>) -> Bool {
        if view.compactNesting >= 0 && depth &+ view.compactNesting <= JSONWriter.maxDepth {
            // Compact input: the container's bytes are what the loop below would write.
            let start = view.start(i)
            let length = view.end(i) &- start
            dst.update(from: view.bytes + start, count: length)
            dst += length
            return true
        }
        let close = view.closeIndex(i)
        let isObject = view.tag(i) == JSONTapeLayout.object
        let open = isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")
        var j = view.firstChild(i)
        if close == j { // nothing between the open and close entries
            dst[0] = open
            dst[1] = open &+ 2 // '}' is '{' + 2 and ']' is '[' + 2
            dst += 2
            return true
        }
        guard depth < JSONWriter.maxDepth else { return false }
        // The bracket opens the first member, a comma each later one: no branch per member.
        var separator = open
        while j < close {
            dst.pointee = separator
            dst += 1
            separator = UInt8(ascii: ",")
            if isObject {
                let keyStart = view.start(j)
                copyToken(view, keyStart, view.keyEnd(j) &- keyStart, to: &dst)
                dst.pointee = UInt8(ascii: ":")
                dst += 1
                j &+= 1
            }
            guard copyValue(view, j, depth: depth &+ 1, to: &dst) else { return false }
            j = view.next(j)
        }
        dst.pointee = open &+ 2
        dst += 1
        return true
    }

    /// Copies the scalar at tape index `i`. The tape keeps no lengths, so a string without escapes
    /// or an integer is copied as sixteen bytes and its end found in them (its closing quote, its
    /// first byte that is no digit), a literal by its fixed length, and anything else (escapes,
    /// fractions, longer values, the input's last bytes) by asking the view where it ends.
    @inline(__always)
    private static func copyScalar(_ view: JSONTapeView, _ i: Int, to dst: inout UnsafeMutablePointer<UInt8>) {
        let start = view.start(i)
        if start &+ 16 <= view.byteCount {
            let source = UnsafeRawPointer(view.bytes + start)
            let low = UInt64(littleEndian: source.loadUnaligned(as: UInt64.self))
            let high = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let length = shortScalarLength(view, i, low, high)
            if _fastPath(length != 0) {
                let target = UnsafeMutableRawPointer(dst)
                target.storeBytes(of: low, as: UInt64.self)
                target.storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
                dst += length
                return
            }
        }
        copyLongScalar(view, i, start, to: &dst)
    }

    /// The length of the scalar at `i` whose first sixteen bytes are `low` and `high`, when it is
    /// a string without escapes, an integer or a literal that ends within them; else 0.
    @inline(__always)
    private static func shortScalarLength(_ view: JSONTapeView, _ i: Int, _ low: UInt64, _ high: UInt64) -> Int {
        let tag = view.tag(i)
        // `flag` means "escaped" for a string and "integral" for a number.
        switch tag {
        case JSONTapeLayout.string:
            // The first quote after the opening one.
            let at = firstMarked(JSONTapeView.bytesEqual(low, UInt8(ascii: "\"")) & ~0x80, JSONTapeView.bytesEqual(high, UInt8(ascii: "\"")))
            return view.flag(i) || at == 16 ? 0 : at &+ 1
        case JSONTapeLayout.number:
            // The first byte that is no digit, after a minus sign.
            let minus: UInt64 = low & 0xFF == UInt64(UInt8(ascii: "-")) ? 0x80 : 0
            let at = firstMarked(JSONTapeView.nonDigitBytes(low) & ~minus, JSONTapeView.nonDigitBytes(high))
            return view.flag(i) && at < 16 ? at : 0
        case JSONTapeLayout.falseValue:
            return 5
        default:
            return 4 // true, null
        }
    }

    /// `copyScalar` for a scalar that does not end within sixteen bytes, has escapes or a
    /// fraction, or sits at the input's end.
    private static func copyLongScalar(_ view: JSONTapeView, _ i: Int, _ start: Int, to dst: inout UnsafeMutablePointer<UInt8>) {
        let end: Int
        if view.tag(i) == JSONTapeLayout.string && !view.flag(i) && start &+ 16 <= view.byteCount {
            end = view.quote(from: start &+ 16) &+ 1 // no quote among the first sixteen bytes
        } else if view.tag(i) == JSONTapeLayout.number {
            end = view.scalarEndScanningForward(i)
        } else {
            end = view.scalarEnd(i)
        }
        copyToken(view, start, end &- start, to: &dst)
    }

    /// The index of the first byte whose high bit is set in `low` then `high` (eight bytes
    /// each), or 16 when none is.
    @inline(__always)
    private static func firstMarked(_ low: UInt64, _ high: UInt64) -> Int {
        let inLow = low.trailingZeroBitCount
        return (inLow < 64 ? inLow : 64 &+ high.trailingZeroBitCount) >> 3
    }

    /// Copies the `length` source bytes at `start`. Short tokens (most keys, numbers, literals)
    /// move as two 8-byte words instead of a call to `memcpy`; the destination has room for the
    /// overshoot, and the source is only read that far when it has that many bytes.
    @inline(__always)
    private static func copyToken(_ view: JSONTapeView, _ start: Int, _ length: Int,
                                  to dst: inout UnsafeMutablePointer<UInt8>) {
        if length <= 16 && start &+ 16 <= view.byteCount {
            let source = UnsafeRawPointer(view.bytes + start)
            let target = UnsafeMutableRawPointer(dst)
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        } else {
            dst.update(from: view.bytes + start, count: length)
        }
        dst += length
    }
}
