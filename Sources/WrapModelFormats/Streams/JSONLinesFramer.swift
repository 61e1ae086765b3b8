import Foundation
import WrapModelJSON

/// Frames JSON Lines: every line (ending in LF; a CR before it is JSON whitespace) is one
/// document. A JSON string cannot hold a raw line feed, so the end of an element is simply the
/// next LF, found with `memchr`. Lines of whitespace only are passed over; the last line may
/// end without a line feed.
///
/// Nesting: a line that ends in the chunk where it began is checked by the parser that reads it
/// (and the model library turns its failure into a nesting-too-deep error
/// when the line nests too deep); the part of a line carried over to a later chunk is followed
/// here, so that a line of brackets without end is refused at its 513th bracket, not at the
/// element size limit.
package final class JSONLinesFramer: ElementFramer {
    private let limit: Int
    private var line: ElementBytes
    /// How deep the carried part of the current line nests.
    private var nesting = NestingTracker()
    /// True while a line has begun (in this chunk or an earlier one) and not ended.
    private var inLine = false
    private var nextIndex = 0

    package init(limit: Int) {
        self.limit = limit
        line = ElementBytes(limit: limit)
    }

    package func next(in buffer: UnsafeBufferPointer<UInt8>, at position: inout Int, streamOffset: Int) throws(StreamFramingError) -> FramedElement? {
        guard let p = buffer.baseAddress else { return nil }
        let n = buffer.count
        var i = position
        defer { position = i }
        while i < n {
            if !inLine {
                line.begin(at: i, streamOffset: streamOffset)
                nesting.reset()
                inLine = true
            }
            guard let found = memchr(p + i, 0x0A, n - i) else {
                guard line.count(upTo: n) <= limit else { throw tooLarge() }
                if let at = nesting.follow(p, from: line.start, to: n) {
                    throw StreamFramingError(elementIndex: nextIndex, offset: streamOffset + at, kind: .nestingTooDeep(limit: NestingTracker.limit))
                }
                line.carry(buffer, upTo: n)
                i = n
                return nil
            }
            let end = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(found))
            i = end + 1
            inLine = false
            guard line.count(upTo: end) <= limit else { throw tooLarge() }
            let bytes = line.take(buffer, upTo: end)
            if Self.isBlank(bytes) { continue }
            defer { nextIndex += 1 }
            return FramedElement(bytes: bytes, index: nextIndex, offset: line.offset, event: nil)
        }
        return nil
    }

    package func finish(streamLength: Int) throws(StreamFramingError) -> FramedElement? {
        guard inLine else { return nil }
        inLine = false
        let bytes = line.takeCarried()
        if Self.isBlank(bytes) { return nil }
        defer { nextIndex += 1 }
        return FramedElement(bytes: bytes, index: nextIndex, offset: line.offset, event: nil)
    }

    /// Whether a line holds only JSON whitespace (a CRLF file's empty line is a lone CR).
    private static func isBlank(_ bytes: Data) -> Bool {
        // A document starts with '{', '[', a quote, a digit or a letter: one byte usually decides.
        guard let first = bytes.first, JSONValueBoundary.isWhitespace(first) else { return bytes.isEmpty }
        return bytes.allSatisfy(JSONValueBoundary.isWhitespace)
    }

    private func tooLarge() -> StreamFramingError {
        StreamFramingError(elementIndex: nextIndex, offset: line.offset, kind: .elementTooLarge(limit: limit))
    }
}
