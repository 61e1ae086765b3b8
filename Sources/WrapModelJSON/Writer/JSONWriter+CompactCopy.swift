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
        out.reserve(view.end(i) &- start &+ 16)
        let origin = out.base + out.count
        var dst = origin
        let done: Bool
        if view.isContainer(i) {
            done = JSONWriter.copyContainer(view, i, depth: depth, to: &dst)
        } else {
            JSONWriter.copyToken(view, start, view.field(i), to: &dst)
            done = true
        }
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
        out.reserve(view.end(value) &- keyStart &+ 17)
        let origin = out.base + out.count
        var dst = origin
        if afterAnother {
            dst.pointee = UInt8(ascii: ",")
            dst += 1
        }
        JSONWriter.copyToken(view, keyStart, view.field(key), to: &dst)
        dst.pointee = UInt8(ascii: ":")
        dst += 1
        let done: Bool
        if view.isContainer(value) {
            done = JSONWriter.copyContainer(view, value, depth: depth, to: &dst)
        } else {
            JSONWriter.copyToken(view, view.start(value), view.field(value), to: &dst)
            done = true
        }
        out.advance(dst - origin)
        return done
    }

    /// Copies the container at `i` and everything in it; false when it nests too deep.
    private static func copyContainer(_ view: JSONTapeView, _ i: Int, depth: Int,
                                      to dst: inout UnsafeMutablePointer<UInt8>) -> Bool {
        let close = view.field(i) &- 1
        let isObject = view.tag(i) == JSONTapeLayout.object
        let open = isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")
        if close == i &+ 1 { // nothing between the open and close entries
            dst[0] = open
            dst[1] = open &+ 2 // '}' is '{' + 2 and ']' is '[' + 2
            dst += 2
            return true
        }
        guard depth < JSONWriter.maxDepth else { return false }
        var j = i &+ 1
        // The bracket opens the first member, a comma each later one: no branch per member.
        var separator = open
        while j < close {
            dst.pointee = separator
            dst += 1
            separator = UInt8(ascii: ",")
            if isObject {
                let key = view.word(j)
                copyToken(view, Int(truncatingIfNeeded: key & JSONTapeLayout.offsetMask),
                          Int(truncatingIfNeeded: (key >> JSONTapeLayout.fieldShift) & JSONTapeLayout.fieldMask), to: &dst)
                dst.pointee = UInt8(ascii: ":")
                dst += 1
                j &+= 1
            }
            let w = view.word(j)
            let tag = w >> JSONTapeLayout.tagShift
            let field = Int(truncatingIfNeeded: (w >> JSONTapeLayout.fieldShift) & JSONTapeLayout.fieldMask)
            if tag == JSONTapeLayout.object || tag == JSONTapeLayout.array {
                guard copyContainer(view, j, depth: depth &+ 1, to: &dst) else { return false }
                j = field
            } else {
                copyToken(view, Int(truncatingIfNeeded: w & JSONTapeLayout.offsetMask), field, to: &dst)
                j &+= 1
            }
        }
        dst.pointee = open &+ 2
        dst += 1
        return true
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
