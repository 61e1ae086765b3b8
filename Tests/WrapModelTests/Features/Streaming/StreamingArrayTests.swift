import Foundation
import Testing
import WrapModel

@Suite("Streaming: arrays, key paths and JSON Lines")
struct StreamingArrayTests {
    @Test("The elements of a top-level array, each a model as init(parsing:) makes it")
    func topLevelArray() throws {
        let json = #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b\"]"} , {"id": 3}]"#
        let items = try StreamFixture.collect(StreamItem.models(streaming: [Array(json.utf8)]))
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(items.map(\.name) == ["a", "b\"]", ""])
        #expect(items.allSatisfy { !$0.isMutable })
        let mutable = try StreamFixture.collect(StreamItem.models(streaming: [Array(json.utf8)], mutable: true))
        #expect(mutable.allSatisfy { $0.isMutable })
        #expect(try StreamFixture.collect(StreamItem.models(streaming: [Array("  [ ]\n".utf8)])).isEmpty)
    }

    @Test("A polymorphic class selects each element's subclass")
    func polymorphic() throws {
        let json = #"[{"id": 1, "type": "photo", "width": 640}, {"id": 2, "type": "audio"}]"#
        let media = try StreamFixture.collect(StreamMedia.models(streaming: [Array(json.utf8)]))
        #expect(media.count == 2)
        #expect((media[0] as? StreamPhoto)?.width == 640)
        #expect(type(of: media[1]) == StreamMedia.self)
    }

    @Test("Migrations run on each element, and newer data is a bad element, as with init(parsing:)")
    func migrations() {
        let lines = "{\"name\": \"old\"}\n{\"version\": 1, \"title\": \"new\"}\n{\"version\": 2, \"title\": \"future\"}\n"
        let reader = StreamProduct.models(streaming: [Array(lines.utf8)], format: .jsonLines)
        #expect((try? reader.next())??.title == "old")
        #expect((try? reader.next())??.title == "new")
        #expect(throws: WrapStreamError(elementIndex: 2, offset: 47, kind: .badElement(.unsupportedVersion(found: 2, current: 1)))) {
            _ = try reader.next()
        }
    }

    @Test("Strict mode makes an invalid value a bad element")
    func strictValues() {
        let json = #"[{"id": 1, "name": "a"}, {"id": "x", "name": "b"}]"#
        let outcome = StreamFixture.outcome(StreamItem.self, [Array(json.utf8)], format: .array)
        #expect(outcome.texts.count == 2)
        let reader = StreamItem.models(streaming: [Array(json.utf8)], strict: true)
        #expect(throws: WrapStreamError(elementIndex: 1, offset: 25,
                                        kind: .badElement(.invalidValue(WrapModelIssue(keyPath: "id", kind: .wrongType(expected: "integer", found: "string")))))) {
            _ = try StreamFixture.collect(reader)
        }
    }

    @Test("The array at a key path; members around it are passed over")
    func keyPath() throws {
        let json = #"""
        {"meta": {"tricky": ["]", "}", {"items": [9]}], "n": 1.5e3},
         "da\u0074a": {"count": 2, "items": [{"id": 1}, {"id": 2}], "items": [{"id": 7}]},
         "after": [true, false, null]}
        """#
        let items = try StreamFixture.collect(StreamItem.models(streaming: [Array(json.utf8)], format: .array(at: "data.items")))
        #expect(items.map(\.id) == [1, 2])   // the first "items" wins, as it is the one streamed
    }

    @Test("A key path that is absent or not an array is an error", arguments: [
        (#"{"a": 1}"#, "data", "nothing", 7),
        (#"{"data": {"x": 1}}"#, "data", "object at data", 9),
        (#"{"data": 5}"#, "data.items", "number at data", 9),
        (#"[1]"#, "data", "array at the root", 0),
    ])
    func keyPathMissing(json: String, keyPath: String, found: String, offset: Int) {
        let outcome = StreamFixture.outcome(StreamItem.self, [Array(json.utf8)], format: .array(at: keyPath))
        #expect(outcome.error == WrapStreamError(elementIndex: 0, offset: offset, kind: .arrayNotFound(keyPath: keyPath, found: found)))
    }

    @Test("JSON Lines: LF and CRLF, blank lines passed over, the last line without a line end")
    func jsonLines() throws {
        let text = "{\"id\": 1}\n\n{\"id\": 2, \"name\": \"x\"}\r\n  \r\n{\"id\": 3}"
        let items = try StreamFixture.collect(StreamItem.models(streaming: [Array(text.utf8)], format: .jsonLines))
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(items[1].name == "x")
        #expect(try StreamFixture.collect(StreamItem.models(streaming: [Array("\n\n".utf8)], format: .jsonLines)).isEmpty)
        #expect(try StreamFixture.collect(StreamItem.models(streaming: [[UInt8]](), format: .jsonLines)).isEmpty)
    }

    @Test("JSON Lines: a bad line fails with its index and offset, or is skipped and reported")
    func jsonLinesBadLines() throws {
        let text = "{\"id\": 1}\n{\"id\": }\n[2]\n{\"id\": 4}\n"
        let outcome = StreamFixture.outcome(StreamItem.self, [Array(text.utf8)], format: .jsonLines)
        #expect(outcome.texts == [#"{"id":1}"#])
        #expect(outcome.error == WrapStreamError(elementIndex: 1, offset: 17,
                                                 kind: .badElement(.malformedJSON(reason: "unexpected character '}'", offset: 7))))
        #expect(outcome.error?.description == "stream element 1 at byte 17: malformed JSON at byte 7 of the element: unexpected character '}'")

        let skipped = StreamLog()
        let options = WrapStreamOptions(onBadElement: .skip, onSkip: skipped.add)
        let items = try StreamFixture.collect(StreamItem.models(streaming: [Array(text.utf8)], format: .jsonLines, options: options))
        #expect(items.map(\.id) == [1, 4])
        #expect(skipped.errors == [
            WrapStreamError(elementIndex: 1, offset: 17, kind: .badElement(.malformedJSON(reason: "unexpected character '}'", offset: 7))),
            WrapStreamError(elementIndex: 2, offset: 19, kind: .badElement(.notAnObject(found: "array"))),
        ])
        let ended = try StreamFixture.collect(StreamItem.models(streaming: [Array(text.utf8)], format: .jsonLines,
                                                                options: WrapStreamOptions(onBadElement: .endStream)))
        #expect(ended.map(\.id) == [1])
    }

    @Test("Malformed streams end with a typed error after every element before it", arguments: [
        // (document, elements delivered, error index, offset, kind)
        (#"[{"id":1},{"id":2},{"id":}]"#, 2, 2, 25, WrapStreamError.Kind.badElement(.malformedJSON(reason: "unexpected character '}'", offset: 6))),
        (#"[{"id":1},]"#, 1, 1, 10, .malformedStream(reason: "expected a value after ',', found ']'")),
        (#"[{"id":1} x {"id":2}]"#, 1, 1, 10, .malformedStream(reason: "expected ',' or ']' after an element, found 'x'")),
        (#"[{"id":1}] {"#, 1, 1, 11, .malformedStream(reason: "unexpected '{' after the root value")),
        (#"{"id":1}"#, 0, 0, 0, .malformedStream(reason: "expected an array at the root, found object")),
        (#"[{"id":1},{"id":2"#, 1, 1, 17, .truncated),
        (#"[{"id":1}"#, 1, 1, 9, .truncated),
        (#"[{"id":1},"#, 1, 1, 10, .truncated),
        ("", 0, 0, 0, .truncated),
        (#"[{"id":1}, 7]"#, 1, 1, 11, .badElement(.notAnObject(found: "integer"))),
        (#"[{"id":1}, {"id":2]]"#, 1, 1, 18, .badElement(.malformedJSON(reason: "unexpected character ']'", offset: 7))),
    ])
    func malformed(document: String, delivered: Int, index: Int, offset: Int, kind: WrapStreamError.Kind) {
        let outcome = StreamFixture.outcome(StreamItem.self, [Array(document.utf8)], format: .array)
        #expect(outcome.texts.count == delivered)
        #expect(outcome.error == WrapStreamError(elementIndex: index, offset: offset, kind: kind))
    }

    @Test("A hostile stream: an element without end is bounded; deep nesting is refused early")
    func hostile() {
        let options = WrapStreamOptions(maxElementBytes: 1000)
        // An open string that never closes, in 100-byte chunks: refused at the limit, not at the end.
        var chunks: [[UInt8]] = [Array(#"[{"id":1},{"a":""#.utf8)]
        chunks += Array(repeating: Array(repeating: UInt8(ascii: "x"), count: 100), count: 50)
        let open = StreamFixture.outcome(StreamItem.self, chunks, format: .array, options: options)
        #expect(open.texts.count == 1)
        #expect(open.error == WrapStreamError(elementIndex: 1, offset: 10, kind: .elementTooLarge(limit: 1000)))
        // A JSON Lines line without end.
        let line = StreamFixture.outcome(StreamItem.self, Array(repeating: Array(repeating: UInt8(ascii: " "), count: 100), count: 50),
                                         format: .jsonLines, options: options)
        #expect(line.error == WrapStreamError(elementIndex: 0, offset: 0, kind: .elementTooLarge(limit: 1000)))
        // A key of the envelope without end.
        let key = StreamFixture.outcome(StreamItem.self, [Array(#"{"a": 1, ""#.utf8)] + Array(repeating: Array(repeating: UInt8(ascii: "k"), count: 100), count: 50),
                                        format: .array(at: "items"), options: options)
        #expect(key.error == WrapStreamError(elementIndex: 0, offset: 9, kind: .elementTooLarge(limit: 1000)))
        // 100,000 opening brackets: refused at the 513th.
        let deep = StreamFixture.outcome(StreamItem.self, [Array(("[" + String(repeating: "[", count: 100_000)).utf8)], format: .array)
        #expect(deep.error == WrapStreamError(elementIndex: 0, offset: 513, kind: .nestingTooDeep(limit: 512)))
    }

    @Test("Releasing a model frees its bytes: elements share nothing")
    func independentElements() throws {
        let json = #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#
        let reader = StreamItem.models(streaming: [Array(json.utf8)])
        weak var first: StreamItem?
        do {
            let model = try #require(try reader.next())
            #expect(model.id == 1)
            first = model
        }
        #expect(first == nil)
        #expect(try reader.next()?.id == 2)
        #expect(try reader.next() == nil)
        #expect(try reader.next() == nil)
    }

    @Test("A file, a FileHandle and a store import from a file")
    func files() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wrapmodel-stream-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{\"id\": 1}\n{\"id\": 2}\n{\"id\": 1, \"name\": \"again\"}\n".utf8).write(to: url)
        let options = WrapStreamOptions(chunkSize: 3)
        #expect(try StreamFixture.collect(StreamItem.models(streamingContentsOf: url, format: .jsonLines, options: options)).map(\.id) == [1, 2, 1])
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        #expect(try StreamFixture.collect(StreamItem.models(streaming: handle, format: .jsonLines)).map(\.id) == [1, 2, 1])
        let store = WrapModelStore<StreamItem>(identityKeyPath: "id")
        let result = try store.import(streamingContentsOf: url, format: .jsonLines, options: options)
        #expect(result.models.map(\.id) == [1, 2, 1])
        #expect(result.models[0] === result.models[2])
        #expect((result.insertedCount, result.updatedCount) == (2, 1))
        #expect(store.model(forIdentity: 1)?.name == "again")
        let missing = url.appendingPathExtension("missing")
        #expect(throws: WrapStreamError.self) { _ = try StreamItem.models(streamingContentsOf: missing) }
    }

    @Test("Sizes of zero or less neither trap nor lose data: a chunk size reads with the default, an element limit accepts nothing")
    func nonPositiveSizes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wrapmodel-stream-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{\"id\": 1}\n{\"id\": 2}\n".utf8).write(to: url)
        for chunkSize in [0, -1, Int.min] {
            let options = WrapStreamOptions(chunkSize: chunkSize)
            #expect(try StreamFixture.collect(StreamItem.models(streamingContentsOf: url, format: .jsonLines, options: options)).map(\.id) == [1, 2])
            #expect(try WrapModelStore<StreamItem>(identityKeyPath: "id").import(streamingContentsOf: url, format: .jsonLines, options: options).models.map(\.id) == [1, 2])
        }
        var options = WrapStreamOptions()
        options.chunkSize = 0
        #expect(try StreamFixture.collect(StreamItem.models(streamingContentsOf: url, format: .jsonLines, options: options)).map(\.id) == [1, 2])
        for limit in [0, -5] {
            let reader = try StreamItem.models(streamingContentsOf: url, format: .jsonLines, options: WrapStreamOptions(maxElementBytes: limit))
            #expect(throws: WrapStreamError(elementIndex: 0, offset: 0, kind: .elementTooLarge(limit: limit))) { _ = try reader.next() }
        }
    }
}
