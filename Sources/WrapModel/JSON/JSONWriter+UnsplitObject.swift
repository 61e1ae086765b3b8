extension JSONWriter {
    /// Writes an unsplit object of lossless output in compact form: members no change names are
    /// copied from the document's bytes, changed ones are written from their values in place, new
    /// ones last. The same bytes as writing its split form, without building a member per key.
    ///
    /// Returns false, having written nothing, when the original's keys are not all distinct,
    /// unescaped ASCII (checked while copying; see `OrderedObject.original`) or a copied member
    /// nests too deep; the caller then writes the split form (whose error names the member).
    mutating func writeUnsplit(_ original: JSONNode, changes: [(key: String, value: Any?)],
                               depth: Int) throws(InvalidValue) -> Bool {
        let mark = out.count
        // Bit k set: change k named a member of the original (at most 16 changes, see OrderedObject).
        var matched: UInt32 = 0
        var first = true
        // Each change's key length and first bytes, so most members are told apart by two compares.
        let wanted = changes.map { change in
            var prefix: UInt64 = 0
            for (k, byte) in change.key.utf8.prefix(8).enumerated() { prefix |= UInt64(byte) &<< UInt64(k &* 8) }
            return (length: change.key.utf8.count, prefix: prefix)
        }
        out.append(UInt8(ascii: "{"))
        let copied = try original.document.withView { (view) throws(InvalidValue) -> Bool in
            var j = original.index &+ 1
            let stop = view.next(original.index) &- 1
            var keys = PlainKeyCheck()
            while j < stop {
                guard keys.admit(view, object: original.index, key: j) else { return false }
                let keyStart = view.start(j)
                let keyEnd = view.scalarEnd(j)
                let change = wanted.isEmpty ? nil : JSONWriter.change(named: view, keyStart, keyEnd, in: changes, wanted)
                if let change {
                    matched |= 1 &<< UInt32(change)
                    if let value = changes[change].value {
                        try writeMember(changes[change].key, value, depth: depth, first: first)
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
        for (position, change) in changes.enumerated() where matched & 1 &<< UInt32(position) == 0 {
            guard let value = change.value else { continue }
            try writeMember(change.key, value, depth: depth, first: first)
            first = false
        }
        out.append(UInt8(ascii: "}"))
        return true
    }

    /// Which of `changes` names the key whose token (quotes included) is `start..<end`; keys of an
    /// unsplit object are unescaped ASCII, so bytes decide.
    private static func change(named view: JSONTapeView, _ start: Int, _ end: Int,
                               in changes: [(key: String, value: Any?)],
                               _ wanted: [(length: Int, prefix: UInt64)]) -> Int? {
        let length = end &- start &- 2
        let prefix = view.prefix(start &+ 1, length)
        for (position, key) in wanted.enumerated() where key.length == length && key.prefix == prefix {
            if length <= 8 || changes[position].key.utf8.elementsEqual(UnsafeBufferPointer(start: view.bytes + (start &+ 1), count: length)) {
                return position
            }
        }
        return nil
    }
}
