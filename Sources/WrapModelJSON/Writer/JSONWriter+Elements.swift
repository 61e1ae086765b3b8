extension JSONWriter {
    /// Writes a compact array of `count` candidate elements at `depth`, element `index` written
    /// by `element` at `depth + 1` (false: it has no value and is left out, as the tree's
    /// `compactMap` leaves it out). Commas, emptiness, the depth limit and the position an error
    /// names are as writing the array built first would give.
    package mutating func writeElements(count: Int, depth: Int,
                                _ element: (Int, inout JSONWriter) throws(InvalidValue) -> Bool) throws(InvalidValue) {
        out.append(UInt8(ascii: "["))
        var written = 0
        for index in 0..<count {
            let mark = out.count
            if written > 0 { out.append(UInt8(ascii: ",")) }
            let wrote: Bool
            do {
                wrote = try element(index, &self)
            } catch {
                if depth >= JSONWriter.maxDepth { throw .tooDeep }
                throw error.inElement(written)
            }
            guard wrote else {
                out.truncate(to: mark)
                continue
            }
            if depth >= JSONWriter.maxDepth { throw .tooDeep }
            written &+= 1
        }
        out.append(UInt8(ascii: "]"))
    }
}
