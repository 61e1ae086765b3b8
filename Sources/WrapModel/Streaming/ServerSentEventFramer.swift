import Foundation

/// Frames server-sent events as the HTML standard's event stream defines them: lines end in CR,
/// LF or CRLF; a blank line dispatches the event; `data:` lines are joined with LF; lines that
/// start with `:` are comments; `event:`, `id:` and `retry:` set their fields (a value loses one
/// leading space); other fields are ignored; a byte-order mark at the very start is dropped.
///
/// Each dispatched event with data is one element: its data is the element's bytes. As the
/// standard says, an event the stream ends in the middle of (before its blank line) is discarded.
final class ServerSentEventFramer: ElementFramer {
    private let limit: Int
    private var line: [UInt8] = []
    private var lineStart = 0
    private var lineStarted = false
    /// The previous byte was a CR: an LF right after it ends nothing more.
    private var skipLineFeed = false
    private var atStreamStart = true

    private var data: [UInt8] = []
    private var hasData = false
    private var dataOffset = 0
    private var eventType = ""
    private var lastEventID = ""
    private var retry: Int?
    private var nextIndex = 0

    init(limit: Int) { self.limit = limit }

    func next(in buffer: UnsafeBufferPointer<UInt8>, at position: inout Int, streamOffset: Int) throws(WrapStreamError) -> FramedElement? {
        guard let p = buffer.baseAddress else { return nil }
        let n = buffer.count
        var i = position
        defer { position = i }
        while i < n {
            let byte = p[i]
            if skipLineFeed {
                skipLineFeed = false
                if byte == 0x0A { i += 1; continue }
            }
            if !lineStarted {
                lineStarted = true
                lineStart = streamOffset + i
            }
            if byte == 0x0D || byte == 0x0A {
                skipLineFeed = byte == 0x0D
                i += 1
                lineStarted = false
                if let event = try endLine() { return event }
                continue
            }
            var end = i + 1
            while end < n && p[end] != 0x0D && p[end] != 0x0A { end += 1 }
            guard line.count + end - i <= limit else {
                throw WrapStreamError(elementIndex: nextIndex, offset: lineStart, kind: .elementTooLarge(limit: limit))
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<end]))
            i = end
        }
        return nil
    }

    func finish(streamLength: Int) throws(WrapStreamError) -> FramedElement? {
        nil  // an unfinished event is discarded, as the standard says
    }

    /// Interprets the line just ended; the event when it was a blank line after data.
    private func endLine() throws(WrapStreamError) -> FramedElement? {
        defer { line.removeAll(keepingCapacity: line.capacity <= 1 << 16) }
        var start = 0
        if atStreamStart {
            atStreamStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        }
        let count = line.count
        if start == count { return dispatch() }
        if line[start] == UInt8(ascii: ":") { return nil }
        var fieldEnd = count
        var valueStart = count
        if let colon = line[start...].firstIndex(of: UInt8(ascii: ":")) {
            fieldEnd = colon
            valueStart = colon + 1
            if valueStart < count && line[valueStart] == 0x20 { valueStart += 1 }
        }
        let field = line[start..<fieldEnd]
        let value = line[valueStart..<count]
        if field.elementsEqual("data".utf8) {
            if !hasData {
                hasData = true
                dataOffset = lineStart + valueStart
            }
            guard data.count + value.count + 1 <= limit else {
                throw WrapStreamError(elementIndex: nextIndex, offset: dataOffset, kind: .elementTooLarge(limit: limit))
            }
            data.append(contentsOf: value)
            data.append(0x0A)
        } else if field.elementsEqual("event".utf8) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if field.elementsEqual("id".utf8) {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual("retry".utf8) {
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
               let milliseconds = Int(String(decoding: value, as: UTF8.self)) {
                retry = milliseconds
            }
        }
        return nil
    }

    /// The event the blank line ends: nil when it had no data (the standard dispatches nothing).
    private func dispatch() -> FramedElement? {
        defer {
            data.removeAll(keepingCapacity: data.capacity <= 1 << 16)
            hasData = false
            eventType = ""
        }
        guard hasData else { return nil }
        data.removeLast()  // the LF after the last data line
        let fields = FramedElement.EventFields(name: eventType.isEmpty ? "message" : eventType,
                                               id: lastEventID.isEmpty ? nil : lastEventID, retry: retry)
        defer { nextIndex += 1 }
        return FramedElement(bytes: Data(data), index: nextIndex, offset: dataOffset, event: fields)
    }
}
