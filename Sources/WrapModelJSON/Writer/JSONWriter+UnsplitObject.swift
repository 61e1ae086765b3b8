import Foundation

extension JSONWriter {
    /// Writes an unsplit object of lossless output in compact form: members no change names are
    /// copied from the document's bytes, changed ones are written from their values in place, new
    /// ones last. The same bytes as writing its split form, without building a member per key.
    ///
    /// Returns false, having written nothing, when the original's keys are not all distinct,
    /// unescaped ASCII (checked while copying unless `keysArePlain` says they are; see
    /// `OrderedObject.original`) or a copied member nests too deep; the caller then writes the
    /// split form (whose error names the member).
    mutating func writeUnsplit(_ original: JSONNode, keys: [String], values: [Any?],
                               keysArePlain: Bool = false, depth: Int) throws(InvalidValue) -> Bool {
        // Each change's key length and first bytes, so most members are told apart by two
        // compares; on the stack, as posting a model back usually makes one change.
        try withUnsafeTemporaryAllocation(of: (length: Int, prefix: UInt64).self, capacity: keys.count) { (wanted) throws(InvalidValue) -> Bool in
            for (index, key) in keys.enumerated() {
                var prefix: UInt64 = 0
                for (k, byte) in key.utf8.prefix(8).enumerated() { prefix |= UInt64(byte) &<< UInt64(k &* 8) }
                wanted.initializeElement(at: index, to: (key.utf8.count, prefix))
            }
            return try writeUnsplit(original, keys: keys, values: values, wanted: UnsafeBufferPointer(wanted),
                                    keysArePlain: keysArePlain, depth: depth)
        }
    }

    private mutating func writeUnsplit(_ original: JSONNode, keys: [String], values: [Any?],
                                       wanted: UnsafeBufferPointer<(length: Int, prefix: UInt64)>,
                                       keysArePlain: Bool, depth: Int) throws(InvalidValue) -> Bool {
        let mark = out.count
        // Bit k set: change k named a member of the original (at most 16 changes, see OrderedObject).
        var matched: UInt32 = 0
        var first = true
        out.append(UInt8(ascii: "{"))
        let copied = try original.document.withView { (view) throws(InvalidValue) -> Bool in
            var j = view.firstChild(original.index)
            let stop = view.closeIndex(original.index)
            var plainKeys = PlainKeyCheck()
            while j < stop {
                guard keysArePlain || plainKeys.admit(view, object: original.index, key: j) else { return false }
                let keyStart = view.start(j)
                let keyEnd = view.keyEnd(j)
                let change = wanted.isEmpty ? nil : JSONWriter.change(named: view, keyStart, keyEnd, in: keys, wanted)
                if let change {
                    matched |= 1 &<< UInt32(change)
                    if let value = values[change] {
                        try writeMember(keys[change], value, depth: depth, first: first)
                        first = false
                    }
                } else {
                    guard copyCompactMember(view, key: j, depth: depth &+ 1, afterAnother: !first) else { return false }
                    first = false
                }
                j = view.next(j &+ 1)
            }
            return true
        }
        guard copied else {
            out.truncate(to: mark)
            return false
        }
        for position in keys.indices where matched & 1 &<< UInt32(position) == 0 {
            guard let value = values[position] else { continue }
            try writeMember(keys[position], value, depth: depth, first: first)
            first = false
        }
        out.append(UInt8(ascii: "}"))
        return true
    }

    /// Which of the changes (`keys`) names the key whose token (quotes included) is `start..<end`; keys of an
    /// unsplit object are unescaped ASCII, so bytes decide.
    ///
    /// Always inlined: it runs once per member of the object, and the optimizer otherwise leaves
    /// it a call once the loop is inlined into `writeOrderedObject`.
    @inline(__always)
    private static func change(named view: JSONTapeView, _ start: Int, _ end: Int,
                               in keys: [String],
                               _ wanted: UnsafeBufferPointer<(length: Int, prefix: UInt64)>) -> Int? {
        let length = end &- start &- 2
        let prefix = view.prefix(start &+ 1, length)
        for (position, key) in wanted.enumerated() where key.length == length && key.prefix == prefix {
            if length <= 8 || JSONWriter.bytes(of: keys[position], equal: view.bytes + (start &+ 1), length) {
                return position
            }
        }
        return nil
    }

    /// Whether `key`'s UTF-8 is the `length` bytes at `bytes` (a memory compare for native
    /// strings, which a `UTF8View` walk costs fifty times over).
    private static func bytes(of key: String, equal bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let fast = key.utf8.withContiguousStorageIfAvailable { own in
            own.count == length && (length == 0 || memcmp(own.baseAddress!, bytes, length) == 0)
        }
        return fast ?? key.utf8.elementsEqual(UnsafeBufferPointer(start: bytes, count: length))
    }
}
