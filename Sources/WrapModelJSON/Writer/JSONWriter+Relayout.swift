extension JSONWriter {
    /// Writes the value at `i` of the tape of compact JSON this writer's own rules produced (model
    /// output written straight from the slots), laid out as this writer lays out the same value
    /// held as a dictionary: pretty on request, members sorted by their keys' UTF-8 bytes on
    /// request (as `writeObject` sorts a dictionary's keys). Scalars are copied byte for byte:
    /// they were written by the same code the dictionary's values would be.
    ///
    /// The input's nesting is already within ``maxDepth`` (the compact writer checked it).
    package mutating func writeLaidOut(_ view: JSONTapeView, _ i: Int, depth: Int) {
        let tag = view.tag(i)
        guard tag == JSONTapeLayout.object || tag == JSONTapeLayout.array else {
            let start = view.start(i)
            out.append(view.bytes + start, count: view.end(i) &- start)
            return
        }
        let isObject = tag == JSONTapeLayout.object
        guard !view.isEmptyContainer(i) else {
            out.append(isObject ? "{}" : "[]")
            return
        }
        out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        var first = true
        if isObject {
            for key in keysInOutputOrder(view, i) {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                if pretty { newline(depth &+ 1) }
                let start = view.start(key)
                out.append(view.bytes + start, count: view.keyEnd(key) &- start)
                if pretty { out.append(" : ") } else { out.append(UInt8(ascii: ":")) }
                writeLaidOut(view, key &+ 1, depth: depth &+ 1)
            }
        } else {
            var j = view.firstChild(i)
            let stop = view.closeIndex(i)
            while j < stop {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                if pretty { newline(depth &+ 1) }
                writeLaidOut(view, j, depth: depth &+ 1)
                j = view.next(j)
            }
        }
        if pretty { newline(depth) }
        out.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Tape indices of the keys of the object at `i`, in document order or, when this writer
    /// sorts, by the UTF-8 bytes of the keys as decoded (a key with escapes is decoded first; one
    /// without is compared as it stands). Model output has no duplicate keys.
    private func keysInOutputOrder(_ view: JSONTapeView, _ i: Int) -> [Int] {
        var keys = view.keyIndices(ofObjectAt: i)
        guard sorted, keys.count > 1 else { return keys }
        keys.sort { a, b in
            guard !view.flag(a) && !view.flag(b) else { return JSONWriter.utf8Precedes(view.string(a), view.string(b)) }
            // The key's contents, between its quotes.
            let aStart = view.start(a) &+ 1, bStart = view.start(b) &+ 1
            return JSONWriter.bytesPrecede(UnsafeBufferPointer(start: view.bytes + aStart, count: view.keyEnd(a) &- 1 &- aStart),
                                           UnsafeBufferPointer(start: view.bytes + bStart, count: view.keyEnd(b) &- 1 &- bStart))
        }
        return keys
    }
}
