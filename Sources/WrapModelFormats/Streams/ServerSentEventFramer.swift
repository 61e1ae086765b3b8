import Foundation

/// Frames server-sent events as the HTML standard's event stream defines them: lines end in CR,
/// LF or CRLF; a blank line dispatches the event; `data:` lines are joined with LF; lines that
/// start with `:` are comments; `event:`, `id:` and `retry:` set their fields (a value loses one
/// leading space); other fields are ignored; a byte-order mark at the very start is dropped.
///
/// Each dispatched event with data is one element: its data is the element's bytes. As the
/// standard says, an event the stream ends in the middle of (before its blank line) is discarded.
///
/// The limits hold while a `data:` line arrives, not only when it ends: the event's data may
/// not grow beyond the size limit, nor nest deeper than 512 containers (followed across the
/// event's data lines, which the standard joins with line feeds).
package final class ServerSentEventFramer: ElementFramer {
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

    /// What the line being read is, as far as its first bytes tell.
    private enum LineKind {
        /// Too few bytes yet to tell.
        case undecided
        /// A `data:` line whose value starts at this index of `line`.
        case data(valueStart: Int)
        /// Any other line, or a data line with an empty value.
        case other
    }
    private var lineKind = LineKind.undecided
    /// How many bytes of the line's value were followed for nesting.
    private var lineFollowed = 0
    /// How deep the event's data nests so far.
    private var nesting = NestingTracker()

    package init(limit: Int) { self.limit = limit }

    package func next(in buffer: UnsafeBufferPointer<UInt8>, at position: inout Int, streamOffset: Int) throws(StreamFramingError) -> FramedElement? {
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
                try followData(lineEnded: true)
                if let event = try endLine() { return event }
                continue
            }
            var end = i + 1
            while end < n && p[end] != 0x0D && p[end] != 0x0A { end += 1 }
            guard line.count + end - i <= limit else {
                throw StreamFramingError(elementIndex: nextIndex, offset: lineStart, kind: .elementTooLarge(limit: limit))
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<end]))
            i = end
            try followData(lineEnded: false)
        }
        return nil
    }

    /// Follows the bytes of a `data:` line's value read since the last call: refuses the event
    /// once its data is larger than the limit or nests deeper than 512, without waiting for the
    /// line to end.
    private func followData(lineEnded: Bool) throws(StreamFramingError) {
        if case .undecided = lineKind {
            lineKind = Self.kind(of: line, atStreamStart: atStreamStart, ended: lineEnded)
            if case .data(let valueStart) = lineKind { lineFollowed = valueStart }
        }
        guard case .data(let valueStart) = lineKind else { return }
        let valueCount = line.count - valueStart
        guard data.count + valueCount <= limit else {
            throw StreamFramingError(elementIndex: nextIndex, offset: hasData ? dataOffset : lineStart + valueStart, kind: .elementTooLarge(limit: limit))
        }
        let followed = lineFollowed
        lineFollowed = line.count
        let tooDeep = line.withUnsafeBufferPointer { buffer in
            nesting.follow(buffer.baseAddress!, from: followed, to: buffer.count)
        }
        if let at = tooDeep {
            throw StreamFramingError(elementIndex: nextIndex, offset: lineStart + at, kind: .nestingTooDeep(limit: NestingTracker.limit))
        }
    }

    /// Whether `line` (so far) is a `data:` line, and where its value starts.
    private static func kind(of line: [UInt8], atStreamStart: Bool, ended: Bool) -> LineKind {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var start = 0
        if atStreamStart {
            if line.starts(with: byteOrderMark) {
                start = 3
            } else if !ended && line.count < 3 && byteOrderMark.starts(with: line) {
                return .undecided
            }
        }
        let field = Array("data:".utf8)
        let body = line[start...]
        guard body.count > field.count else {
            // "data:" alone, or "data" without a colon, has an empty value.
            return !ended && field.starts(with: body) ? .undecided : .other
        }
        guard body.starts(with: field) else { return .other }
        let afterColon = start + field.count
        return .data(valueStart: line[afterColon] == 0x20 ? afterColon + 1 : afterColon)
    }

    package func finish(streamLength: Int) throws(StreamFramingError) -> FramedElement? {
        nil  // an unfinished event is discarded, as the standard says
    }

    /// Interprets the line just ended; the event when it was a blank line after data.
    private func endLine() throws(StreamFramingError) -> FramedElement? {
        defer {
            line.removeAll(keepingCapacity: line.capacity <= 1 << 16)
            lineKind = .undecided
        }
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
            // The event's data is `data` (earlier lines, each with its line feed) and this value.
            guard data.count + value.count <= limit else {
                throw StreamFramingError(elementIndex: nextIndex, offset: dataOffset, kind: .elementTooLarge(limit: limit))
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
            nesting.reset()
        }
        guard hasData else { return nil }
        data.removeLast()  // the LF after the last data line
        let fields = FramedElement.EventFields(name: eventType.isEmpty ? "message" : eventType,
                                               id: lastEventID.isEmpty ? nil : lastEventID, retry: retry)
        defer { nextIndex += 1 }
        return FramedElement(bytes: Data(data), index: nextIndex, offset: dataOffset, event: fields)
    }
}
