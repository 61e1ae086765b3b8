import Foundation

extension JSONWriter {
    /// Writes a parsed value token by token from its document's tape: scalars are copied byte for
    /// byte, containers are laid out as this writer lays out its own (compact or pretty, members
    /// sorted on request), duplicate keys are kept.
    mutating func writeVerbatim(_ value: VerbatimJSON, depth: Int) throws(InvalidValue) {
        let document = value.node.document
        try document.withView { (view) throws(InvalidValue) in
            if !pretty && !sorted {
                let mark = out.count
                if copyCompact(view, value.node.index, depth: depth) { return }
                out.truncate(to: mark) // too deep: the token writer says where
            }
            try writeVerbatim(view, value.node.index, depth: depth)
        }
    }

    /// `value` written by the token writer alone (no byte-copy fast path): what the fast paths
    /// must reproduce, for tests that hold them to it.
    static func writeVerbatimByTokens(_ value: VerbatimJSON, options: Options = []) throws(InvalidValue) -> [UInt8] {
        var writer = JSONWriter(options: options)
        defer { writer.out.release() }
        try value.node.document.withView { (view) throws(InvalidValue) in
            try writer.writeVerbatim(view, value.node.index, depth: 0)
        }
        return writer.out.copyBytes()
    }

    private mutating func writeVerbatim(_ view: JSONTapeView, _ i: Int, depth: Int) throws(InvalidValue) {
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
        guard depth < JSONWriter.maxDepth else {
            throw InvalidValue(path: "", found: "nesting deeper than \(JSONWriter.maxDepth)")
        }
        out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        var first = true
        if isObject {
            for key in memberOrder(view, i) {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                if pretty { newline(depth &+ 1) }
                let start = view.start(key)
                out.append(view.bytes + start, count: view.keyEnd(key) &- start)
                if pretty { out.append(" : ") } else { out.append(UInt8(ascii: ":")) }
                do {
                    try writeVerbatim(view, key &+ 1, depth: depth &+ 1)
                } catch {
                    throw error.inMember(view.string(key))
                }
            }
        } else {
            var j = view.firstChild(i)
            let stop = view.closeIndex(i)
            var index = 0
            while j < stop {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                if pretty { newline(depth &+ 1) }
                do {
                    try writeVerbatim(view, j, depth: depth &+ 1)
                } catch {
                    throw error.inElement(index)
                }
                j = view.next(j)
                index &+= 1
            }
        }
        if pretty { newline(depth) }
        out.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Tape indices of the keys of the object at `i`: in document order, or ordered by their
    /// decoded UTF-8 bytes when this writer sorts keys. Keys are compared in composed form (NFC),
    /// so keys a reader takes for the same one ("é" composed or decomposed) stay in document order
    /// and the last one still wins.
    private func memberOrder(_ view: JSONTapeView, _ i: Int) -> [Int] {
        let keys = view.keyIndices(ofObjectAt: i)
        guard sorted, keys.count > 1 else { return keys }
        let names = keys.map { view.string($0).precomposedStringWithCanonicalMapping }
        return keys.indices
            .sorted { a, b in
                JSONWriter.utf8Precedes(names[a], names[b]) || (!JSONWriter.utf8Precedes(names[b], names[a]) && a < b)
            }
            .map { keys[$0] }
    }
}

extension JSONWriter {
    /// Writes an object of lossless output: members in their order, or sorted on request.
    mutating func writeOrderedObject(_ object: OrderedObject, depth: Int) throws(InvalidValue) {
        if let original = object.original, !pretty, !sorted, depth < JSONWriter.maxDepth,
           try writeUnsplit(original, keys: object.changeKeys, values: object.changeValues, keysArePlain: object.keysArePlain == true, depth: depth) {
            return
        }
        let object = object.materialized()
        guard !object.isEmpty else {
            out.append("{}")
            return
        }
        guard depth < JSONWriter.maxDepth else {
            throw InvalidValue(path: "", found: "nesting deeper than \(JSONWriter.maxDepth)")
        }
        out.append(UInt8(ascii: "{"))
        let keys = sorted ? object.keys.sorted(by: JSONWriter.utf8Precedes) : object.keys
        for (position, key) in keys.enumerated() {
            try writeMember(key, object[key]!, depth: depth, first: position == 0)
        }
        if pretty { newline(depth) }
        out.append(UInt8(ascii: "}"))
    }
}
