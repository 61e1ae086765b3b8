extension JSONDocument {
    /// Walks the whole tape and stops (`precondition`) at the first entry that breaks the layout of
    /// `JSONTapeLayout`: known tags, offsets inside the bytes and rising along the tape, scalars
    /// that end after they start with the byte their kind ends with, containers closed where
    /// their extent says and whose count matches their children, object keys that are strings,
    /// and one root value spanning the tape.
    ///
    /// Debug builds run it on every parsed document; it costs a pass over the tape.
    func checkInvariants() {
        withView { view in
            precondition(view.tapeCount >= 1, "JSON tape: no root value")
            let end = checkValue(at: 0, in: view)
            precondition(end == view.tapeCount, "JSON tape: root value ends at \(end), tape has \(view.tapeCount) words")
        }
    }

    /// A container whose children are being checked.
    private struct OpenContainer {
        let index: Int
        let close: Int
        let isObject: Bool
        var children = 0
    }

    /// Checks the value at `index` and its subtree; returns the index just past it. Iterative, so
    /// documents nested as deep as the parser allows do not exhaust the stack.
    private func checkValue(at index: Int, in view: JSONTapeView) -> Int {
        var open: [OpenContainer] = []
        var current = index
        // The offset of the last tagged entry checked: offsets rise along the tape.
        var lastStart = -1
        while true {
            if let top = open.last, top.isObject {
                precondition(current < view.tapeCount && view.tag(current) == JSONTapeLayout.string,
                             "JSON tape: key \(current) is not a string")
                current += 1
            }
            current = checkEntry(at: current, in: view, open: &open, lastStart: &lastStart)
            // Close every container whose children are complete.
            while let top = open.last, current == top.close {
                precondition(view.count(top.index) == top.children,
                             "JSON tape: container \(top.index) counts \(view.count(top.index)), has \(top.children)")
                let closeStart = view.start(top.close)
                precondition(closeStart > lastStart && view.bytes[closeStart] == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")),
                             "JSON tape: close entry \(top.close) is not at its bracket")
                lastStart = closeStart
                open.removeLast()
                current = top.close + 1
                if !open.isEmpty { open[open.count - 1].children += 1 }
            }
            guard let top = open.last else { return current }
            precondition(current < top.close, "JSON tape: children of \(top.index) overrun its close entry")
        }
    }

    /// Checks one entry: a scalar (returns the index past it, counted as its parent's child) or a
    /// container's open and close entries (pushed; returns its first child's index).
    private func checkEntry(at index: Int, in view: JSONTapeView, open: inout [OpenContainer], lastStart: inout Int) -> Int {
        precondition(index < view.tapeCount, "JSON tape: entry \(index) runs past the tape")
        let start = view.start(index)
        precondition(start < view.byteCount, "JSON tape: entry \(index) starts past the input")
        precondition(start > lastStart, "JSON tape: entry \(index) does not start after the entry before it")
        lastStart = start
        let tag = view.tag(index)
        switch tag {
        case JSONTapeLayout.string, JSONTapeLayout.number, JSONTapeLayout.trueValue, JSONTapeLayout.falseValue, JSONTapeLayout.null:
            let end = view.end(index)
            precondition(end > start && end <= view.byteCount, "JSON tape: scalar \(index) has bad bounds")
            let last = view.bytes[end - 1]
            let lastOK = switch tag {
            case JSONTapeLayout.string: last == UInt8(ascii: "\"") && end - start >= 2
            case JSONTapeLayout.number: last >= UInt8(ascii: "0") && last <= UInt8(ascii: "9")
            case JSONTapeLayout.falseValue: end - start == 5
            default: end - start == 4
            }
            precondition(lastOK, "JSON tape: scalar \(index) does not end where its kind ends")
            if !open.isEmpty { open[open.count - 1].children += 1 }
            return index + 1
        case JSONTapeLayout.object, JSONTapeLayout.array:
            let next = view.next(index)
            precondition(next >= index + 3 && next <= view.tapeCount, "JSON tape: container \(index) has bad extent \(next)")
            let close = next - 1
            precondition(view.tag(close) == JSONTapeLayout.close, "JSON tape: container \(index) not closed at \(close)")
            open.append(OpenContainer(index: index, close: close, isObject: tag == JSONTapeLayout.object))
            return index + 2
        default:
            preconditionFailure("JSON tape: entry \(index) has unknown tag \(tag)")
        }
    }
}
