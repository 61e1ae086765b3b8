import Foundation
import Testing
import WrapModel

@Suite("Streaming: server-sent events")
struct StreamingEventTests {
    static let stream = "\u{FEFF}: a comment\n"
        + "event: delta\nid: 1\nretry: 3000\ndata: {\"text\":\ndata:  \"Hel\\nlo\"}\n\n"
        + "data:{\"text\": \"second\"}\r\nunknown: field\r\nid\r\n\r\n"
        + "id: 7\rdata: {\"text\": \"third\"}\r\r"
        + "event: ping\n\n"                       // no data: nothing dispatched
        + "data: [DONE]\n\n"
        + "data: {\"text\": \"after done\"}\n\n"
        + "data: {\"text\": \"never dispatched\"}\n"  // the stream ends before its blank line

    struct Seen: Equatable {
        let text: String
        let name: String
        let id: String?
        let retry: Int?
        let index: Int
    }

    static func seen(_ chunks: [[UInt8]], options: WrapStreamOptions) -> ([Seen], WrapStreamError?) {
        let reader = StreamDelta.events(streaming: chunks.map { Data($0) }, options: options)
        var events: [Seen] = []
        do {
            while let event = try reader.next() {
                events.append(Seen(text: event.model.text, name: event.name, id: event.id, retry: event.retry, index: event.index))
            }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }

    static let firstThree = [
        Seen(text: "Hel\nlo", name: "delta", id: "1", retry: 3000, index: 0),
        Seen(text: "second", name: "message", id: nil, retry: 3000, index: 1),
        Seen(text: "third", name: "message", id: "7", retry: 3000, index: 2),
    ]

    @Test("Fields, comments, CR, LF and CRLF, a leading BOM; [DONE] ends the stream, or is skipped")
    func fields() {
        let bytes = Array(Self.stream.utf8)
        let ended = Self.seen([bytes], options: WrapStreamOptions(onBadElement: .endStream))
        #expect(ended.0 == Self.firstThree)
        #expect(ended.1 == nil)

        let log = StreamLog()
        let skipped = Self.seen([bytes], options: WrapStreamOptions(onBadElement: .skip, onSkip: log.add))
        #expect(skipped.0 == Self.firstThree + [Seen(text: "after done", name: "message", id: "7", retry: 3000, index: 4)])
        #expect(log.errors.map(\.elementIndex) == [3])
        #expect(log.errors.first?.kind == .badElement(.malformedJSON(reason: "unexpected character 'D'", offset: 1)))

        let failed = Self.seen([bytes], options: WrapStreamOptions())
        #expect(failed.0 == Self.firstThree)
        #expect(failed.1?.elementIndex == 3)
    }

    @Test("Every split position gives the same events")
    func everySplit() {
        let bytes = Array(Self.stream.utf8)
        let options = WrapStreamOptions(onBadElement: .skip)
        let whole = Self.seen([bytes], options: options)
        #expect(whole.0.count == 4)
        for cut in 0...bytes.count {
            #expect(Self.seen(StreamFixture.split(bytes, at: cut), options: options).0 == whole.0, "cut at \(cut)")
        }
        #expect(Self.seen(bytes.map { [$0] }, options: options).0 == whole.0)
    }

    @Test("Asynchronous byte sequences: events arrive as their blank line does")
    func asynchronous() async throws {
        var texts: [String] = []
        for try await event in StreamDelta.events(streaming: StreamFixture.asyncBytes(Array(Self.stream.utf8)),
                                                  options: WrapStreamOptions(onBadElement: .endStream)) {
            texts.append(event.model.text)
        }
        #expect(texts == ["Hel\nlo", "second", "third"])

        // A live source: the event is delivered before the source ends.
        let (source, continuation) = AsyncStream<[UInt8]>.makeStream()
        var iterator = StreamDelta.events(streaming: source).makeAsyncIterator()
        continuation.yield(Array("data: {\"text\": \"live\"}\n".utf8))
        continuation.yield(Array("\n".utf8))
        #expect(try await iterator.next()?.model.text == "live")
        continuation.finish()
        #expect(try await iterator.next() == nil)
    }

    @Test("Hostile events: a line without end is bounded, garbage is never a crash")
    func hostile() {
        let options = WrapStreamOptions(maxElementBytes: 100, onBadElement: .skip)
        let long = Self.seen([Array(("data: " + String(repeating: "x", count: 200)).utf8)], options: options)
        #expect(long.1 == WrapStreamError(elementIndex: 0, offset: 0, kind: .elementTooLarge(limit: 100)))
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in
                [UInt8(ascii: ":"), 0x0A, 0x0D, UInt8(ascii: "d"), UInt8(ascii: "{"), 0xFF, 0x00, UInt8(ascii: "\"")].randomElement(using: &generator)!
            }
            _ = Self.seen([bytes], options: options)
        }
    }
}
