import Foundation
import Testing
import WrapModel

/// A chunk may end anywhere: every split of small documents, and random splits of large ones,
/// give what the whole document gives, through every form.
@Suite("Streaming: any chunk boundary")
struct StreamingChunkBoundaryTests {
    /// Documents whose every byte is a split position worth testing: strings with escapes
    /// (`\\`, `\"`, `\u`), multi-byte UTF-8, numbers, keys, CRLF.
    static let arrayDocument = #"""
    [ {"id": 1, "name": "a\\\"b\u00e9\\", "x": [1.5e-3, true, null]} ,
      {"id": -20, "name": "日本語 🎉", "n": {"k\"ey": ["]", "}", "\\"]}},{"id":3}]
    """#
    static let envelopeDocument = #"{"skip": {"a": ["[{", "\\\""]}, "data": {"items": [{"id": 1, "name": "é\"]"}, {"id": 2}]}, "z": 0}"#
    static let linesDocument = "{\"id\": 1, \"name\": \"a\\\"\\\\\"}\r\n\n{\"id\": 2, \"name\": \"ü\"}\n{\"id\": 3}"

    static let cases: [(String, WrapStreamFormat)] = [
        (arrayDocument, .array),
        (envelopeDocument, .array(at: "data.items")),
        (linesDocument, .jsonLines),
    ]

    @Test("Every split position of small documents gives the whole document's models", arguments: 0..<3)
    func everySplit(caseIndex: Int) throws {
        let (document, format) = Self.cases[caseIndex]
        let bytes = Array(document.utf8)
        let whole = StreamFixture.outcome(StreamItem.self, [bytes], format: format)
        #expect(whole.error == nil)
        #expect(whole.texts.count == 3 || (format == .array(at: "data.items") && whole.texts.count == 2))
        for cut in 0...bytes.count {
            let split = StreamFixture.outcome(StreamItem.self, StreamFixture.split(bytes, at: cut), format: format)
            #expect(split.texts == whole.texts, "cut at \(cut)")
            #expect(split.error == nil, "cut at \(cut)")
        }
        // One byte per chunk, and three chunks around every pair of positions.
        #expect(StreamFixture.outcome(StreamItem.self, bytes.map { [$0] }, format: format).texts == whole.texts)
        for first in stride(from: 0, to: bytes.count, by: 7) {
            for second in first...bytes.count {
                let chunks = [Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])]
                #expect(StreamFixture.outcome(StreamItem.self, chunks, format: format).texts == whole.texts)
            }
        }
    }

    @Test("Every split of a malformed document gives the same error at the same offset")
    func everySplitOfAnError() {
        let bytes = Array(#"[{"id": 1, "name": "\"x"}, {"id": 2, "name": "y"} {"id": 3}]"#.utf8)
        let whole = StreamFixture.outcome(StreamItem.self, [bytes], format: .array)
        #expect(whole.texts.count == 2)
        #expect(whole.error == WrapStreamError(elementIndex: 2, offset: 50, kind: .malformedStream(reason: "expected ',' or ']' after an element, found '{'")))
        for cut in 0...bytes.count {
            let split = StreamFixture.outcome(StreamItem.self, StreamFixture.split(bytes, at: cut), format: .array)
            #expect(split.texts == whole.texts && split.error == whole.error, "cut at \(cut)")
        }
    }

    @Test("twitter.json: random splits through every form give the whole document's statuses")
    func twitterRandomSplits() async throws {
        let document = try StreamFixture.resource("twitter")
        let elementTexts = try RelCorpusStatuses.texts(document)
        #expect(elementTexts.count == 100)
        let arrayDocument = Array(("[" + elementTexts.joined(separator: ",\n") + "]").utf8)
        let linesDocument = Array((elementTexts.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n").utf8)
        // The same models made from the whole document in one buffer.
        let expected = try StreamTweet.importModels(from: Data(arrayDocument))
        #expect(expected.count == 100)
        let byID = Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        var generator = SeededGenerator(seed: 35)
        for round in 0..<TestScale.pick(reduced: 4, full: 40) {
            let maxChunk = [7, 100, 4096, 70_000][round % 4]
            for (bytes, format) in [(document, WrapStreamFormat.array(at: "statuses")), (arrayDocument, .array), (linesDocument, .jsonLines)] {
                let chunks = StreamFixture.randomChunks(bytes, maxChunk: maxChunk, generator: &generator)
                let models = try StreamFixture.collect(StreamTweet.models(streaming: chunks, format: format))
                #expect(models.count == 100)
                for model in models {
                    let reference = try #require(byID[model.id])
                    #expect(model.text == reference.text && model.screenName == reference.screenName)
                }
                #expect(models.map(\.id) == expected.map(\.id))
                if format != .jsonLines {   // JSON Lines had the statuses' line feeds replaced
                    #expect(models.map(StreamFixture.text) == expected.map(StreamFixture.text), "round \(round) \(format)")
                }
                // The asynchronous forms: Data chunks, [UInt8] chunks.
                var asyncIDs: [Int] = []
                for try await model in StreamTweet.models(streaming: StreamFixture.asyncChunks(chunks), format: format) { asyncIDs.append(model.id) }
                #expect(asyncIDs == models.map(\.id))
            }
        }
        // A store import of [UInt8] chunks gives the report of the whole document's import.
        let whole = try WrapModelStore<StreamTweet>(identityKeyPath: "id").import(Data(arrayDocument))
        let chunks = StreamFixture.randomChunks(linesDocument, maxChunk: 5000, generator: &generator)
        let (source, continuation) = AsyncStream<[UInt8]>.makeStream()
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
        let streamed = try await WrapModelStore<StreamTweet>(identityKeyPath: "id").import(streaming: source, format: .jsonLines)
        #expect(streamed.models.map(\.id) == whole.models.map(\.id))
        #expect(streamed.issues == whole.issues)
        #expect((streamed.insertedCount, streamed.updatedCount) == (whole.insertedCount, whole.updatedCount))
        // A byte sequence, one byte at a time.
        var byteIDs: [Int] = []
        for try await model in StreamTweet.models(streaming: StreamFixture.asyncBytes(document), format: .array(at: "statuses")) { byteIDs.append(model.id) }
        #expect(byteIDs == expected.map(\.id))
    }
}

/// The text of each status of twitter.json, cut out with the streaming reader's counterpart in
/// the test suite (the reliability tests' value indexer).
enum RelCorpusStatuses {
    static func texts(_ document: [UInt8]) throws -> [String] {
        RelCorpus.elements(of: document, path: [.key("statuses")]).map { String(decoding: $0, as: UTF8.self) }
    }
}

@Suite("Streaming: the block scan and the byte scan frame alike")
struct StreamingScanAgreementTests {
    @Test("Random bracket, quote and backslash soup: one chunk (64-byte blocks) and one byte per chunk give the same elements and error")
    func soup() {
        var generator = SeededGenerator(seed: 64)
        let alphabet = Array(#"[]{}"\\\\"":, a1é"#.utf8)
        for _ in 0..<TestScale.pick(reduced: 300, full: 3000) {
            var bytes = Array("[".utf8)
            for _ in 0..<Int.random(in: 0..<400, using: &generator) {
                bytes.append(alphabet.randomElement(using: &generator)!)
            }
            let whole = StreamFixture.outcome(StreamItem.self, [bytes], format: .array)
            let bytewise = StreamFixture.outcome(StreamItem.self, bytes.map { [$0] }, format: .array)
            #expect(whole.texts == bytewise.texts)
            #expect(whole.error == bytewise.error, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
