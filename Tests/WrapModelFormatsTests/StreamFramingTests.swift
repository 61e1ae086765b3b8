import Foundation
import Testing
import WrapModelFormats

/// The stream framers alone, with no model: where each element's bytes start and end, and the
/// framing errors with the offsets a user is shown.
struct StreamFramingTests {
    /// Every element `framer` cuts out of `chunks`, given one after the other, then the end.
    private func frame(_ framer: any ElementFramer, _ chunks: [String]) throws(StreamFramingError) -> [FramedElement] {
        var cursor = ChunkCursor(framer: framer)
        var elements: [FramedElement] = []
        for chunk in chunks {
            cursor.load(.bytes(Array(chunk.utf8)))
            while let element = try cursor.nextInChunk() { elements.append(element) }
        }
        if let last = try cursor.finish() { elements.append(last) }
        return elements
    }

    private func text(_ element: FramedElement) -> String { String(decoding: element.bytes, as: UTF8.self) }

    @Test("An array's elements, whole or a byte at a time: their exact bytes, indexes and offsets")
    func arrayElements() throws {
        let stream = #"[1, {"a":2} ,"x"]"#
        for chunks in [[stream], stream.map { String($0) }] {
            let elements = try frame(ArrayElementFramer(path: [], limit: 100), chunks)
            #expect(elements.map(text) == ["1", #"{"a":2}"#, #""x""#])
            #expect(elements.map(\.index) == [0, 1, 2])
            #expect(elements.map(\.offset) == [1, 4, 13])
        }
    }

    @Test("The array at a key path: the envelope's other members are passed over")
    func arrayAtKeyPath() throws {
        let elements = try frame(ArrayElementFramer(path: ["data", "items"], limit: 100),
                                 [#"{"meta":{"n":[1]},"data":{"items":[true, null]}}"#])
        #expect(elements.map(text) == ["true", "null"])
        #expect(elements.map(\.offset) == [35, 41])
    }

    @Test("No array at the key path, and a stream that stops inside the array: typed errors at their bytes")
    func arrayErrors() {
        #expect(throws: StreamFramingError(elementIndex: 0, offset: 12, kind: .arrayNotFound(keyPath: "items", found: "nothing"))) {
            _ = try frame(ArrayElementFramer(path: ["items"], limit: 100), [#"{"other":[1]}"#])
        }
        #expect(throws: StreamFramingError(elementIndex: 1, offset: 3, kind: .truncated)) {
            _ = try frame(ArrayElementFramer(path: [], limit: 100), ["[1,"])
        }
        #expect(throws: StreamFramingError(elementIndex: 1, offset: 4, kind: .malformedStream(reason: "expected a value after ',', found ']'"))) {
            _ = try frame(ArrayElementFramer(path: [], limit: 100), ["[1, ]"])
        }
    }

    @Test("JSON Lines with CRLF line ends and blank lines: the blank lines are passed over, the CR stays with its line")
    func jsonLinesWithCRLF() throws {
        let elements = try frame(JSONLinesFramer(limit: 100), ["{\"a\":1}\r\n\r\n  \r\n[2]\r\n"])
        #expect(elements.map(text) == ["{\"a\":1}\r", "[2]\r"])
        #expect(elements.map(\.index) == [0, 1])
        #expect(elements.map(\.offset) == [0, 15])
    }

    @Test("A server-sent event with two data lines: its data joined with a line feed, its fields, its first data byte")
    func eventWithMultiLineData() throws {
        let elements = try frame(ServerSentEventFramer(limit: 100), ["event: update\nid: 7\ndata: {\"a\":\ndata: 1}\n\n"])
        #expect(elements.count == 1)
        #expect(elements.map(text) == ["{\"a\":\n1}"])
        #expect(elements.first?.offset == 26)
        #expect(elements.first?.event?.name == "update")
        #expect(elements.first?.event?.id == "7")
        #expect(elements.first?.event?.retry == nil)
    }

    @Test("Nesting past 512 is refused at the bracket that opens level 513, in every format")
    func nestingLimit() {
        let brackets = String(repeating: "[", count: 513)
        // A JSON line carried over to a later chunk: it starts at byte 1, its 513th bracket is at 513.
        #expect(throws: StreamFramingError(elementIndex: 0, offset: 513, kind: .nestingTooDeep(limit: 512))) {
            _ = try frame(JSONLinesFramer(limit: 10_000), ["\n" + brackets, "]"])
        }
        // An array's element starts at byte 1, after the root's bracket.
        #expect(throws: StreamFramingError(elementIndex: 0, offset: 513, kind: .nestingTooDeep(limit: 512))) {
            _ = try frame(ArrayElementFramer(path: [], limit: 10_000), ["[" + brackets])
        }
        // An event's data starts at byte 6, after "data: ".
        #expect(throws: StreamFramingError(elementIndex: 0, offset: 518, kind: .nestingTooDeep(limit: 512))) {
            _ = try frame(ServerSentEventFramer(limit: 10_000), ["data: " + brackets])
        }
        #expect(NestingTracker.limit == 512)
    }

    @Test("An element one byte over the limit is refused at its first byte")
    func elementTooLarge() throws {
        #expect(try frame(JSONLinesFramer(limit: 5), ["1\n[1,2]\n"]).map(text) == ["1", "[1,2]"])
        #expect(throws: StreamFramingError(elementIndex: 1, offset: 2, kind: .elementTooLarge(limit: 4))) {
            _ = try frame(JSONLinesFramer(limit: 4), ["1\n[1,2]\n"])
        }
    }
}
