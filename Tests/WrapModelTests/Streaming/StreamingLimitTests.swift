import Foundation
import Synchronization
import Testing
import WrapModel

/// The four ways to stream, each read through the synchronous reader and the asynchronous
/// iterator: what the limit tests run on.
enum LimitFormat: String, CaseIterable, CustomStringConvertible, Sendable {
    case array
    case keyPath
    case jsonLines
    case events

    var description: String { rawValue }

    /// What comes before the elements, and the text between two elements.
    var opening: String {
        switch self {
        case .array: return "["
        case .keyPath: return #"{"items":["#
        case .jsonLines: return ""
        case .events: return "data: "
        }
    }

    var separator: String {
        switch self {
        case .array, .keyPath: return ","
        case .jsonLines: return "\n"
        case .events: return "\n\ndata: "
        }
    }

    var closing: String {
        switch self {
        case .array: return "]"
        case .keyPath: return "]}"
        case .jsonLines: return "\n"
        case .events: return "\n\n"
        }
    }

    /// A stream of these elements, as this format frames them.
    func document(_ elements: [String]) -> [UInt8] {
        Array((opening + elements.joined(separator: separator) + closing).utf8)
    }

    /// The stream offset of element `index` of `document(elements)`.
    func offset(of index: Int, in elements: [String]) -> Int {
        (opening + elements.prefix(index).map { $0 + separator }.joined()).utf8.count
    }

    var streamFormat: WrapStreamFormat {
        switch self {
        case .array, .events: return .array
        case .keyPath: return .array(at: "items")
        case .jsonLines: return .jsonLines
        }
    }
}

/// What a stream gave: the ids of its models, the error that ended it, and what two more calls
/// to `next()` gave after it ended (both must be nil).
struct LimitOutcome: Equatable {
    var ids: [Int] = []
    var error: WrapStreamError?
    var after: [Int?] = []

    static func ended(_ ids: [Int], _ error: WrapStreamError?) -> LimitOutcome {
        LimitOutcome(ids: ids, error: error, after: [nil, nil])
    }
}

/// Reads a stream with either form and records its outcome.
enum LimitReader {
    static func sync<Chunks: Sequence>(_ format: LimitFormat, _ chunks: Chunks, options: WrapStreamOptions) -> LimitOutcome
    where Chunks.Element == [UInt8] {
        var outcome = LimitOutcome()
        let next: () throws(WrapStreamError) -> Int?
        if format == .events {
            let reader = StreamItem.events(streaming: chunks, options: options)
            next = { () throws(WrapStreamError) in try reader.next()?.model.id }
        } else {
            let reader = StreamItem.models(streaming: chunks, format: format.streamFormat, options: options)
            next = { () throws(WrapStreamError) in try reader.next()?.id }
        }
        do {
            while let id = try next() { outcome.ids.append(id) }
        } catch {
            outcome.error = error
        }
        for _ in 0..<2 {
            do { outcome.after.append(try next()) } catch { outcome.after.append(-1) }
        }
        return outcome
    }

    static func async<Source: AsyncSequence>(_ format: LimitFormat, _ source: Source, options: WrapStreamOptions) async -> LimitOutcome
    where Source.Element == Data {
        var outcome = LimitOutcome()
        if format == .events {
            var iterator = StreamItem.events(streaming: source, options: options).makeAsyncIterator()
            do {
                while let event = try await iterator.next() { outcome.ids.append(event.model.id) }
            } catch {
                outcome.error = error
            }
            for _ in 0..<2 {
                do { outcome.after.append(try await iterator.next()?.model.id) } catch { outcome.after.append(-1) }
            }
        } else {
            var iterator = StreamItem.models(streaming: source, format: format.streamFormat, options: options).makeAsyncIterator()
            do {
                while let model = try await iterator.next() { outcome.ids.append(model.id) }
            } catch {
                outcome.error = error
            }
            for _ in 0..<2 {
                do { outcome.after.append(try await iterator.next()?.id) } catch { outcome.after.append(-1) }
            }
        }
        return outcome
    }

    /// A byte sequence, one byte at a time.
    static func asyncBytes(_ format: LimitFormat, _ bytes: [UInt8], options: WrapStreamOptions) async -> LimitOutcome {
        var outcome = LimitOutcome()
        let source = StreamFixture.asyncBytes(bytes)
        if format == .events {
            var iterator = StreamItem.events(streaming: source, options: options).makeAsyncIterator()
            do {
                while let event = try await iterator.next() { outcome.ids.append(event.model.id) }
            } catch {
                outcome.error = error
            }
            for _ in 0..<2 {
                do { outcome.after.append(try await iterator.next()?.model.id) } catch { outcome.after.append(-1) }
            }
        } else {
            var iterator = StreamItem.models(streaming: source, format: format.streamFormat, options: options).makeAsyncIterator()
            do {
                while let model = try await iterator.next() { outcome.ids.append(model.id) }
            } catch {
                outcome.error = error
            }
            for _ in 0..<2 {
                do { outcome.after.append(try await iterator.next()?.id) } catch { outcome.after.append(-1) }
            }
        }
        return outcome
    }
}

/// How many bytes a source handed out.
final class PulledBytes: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func add(_ bytes: Int) { count.add(bytes, ordering: .relaxed) }
}

/// A stream that never ends by itself: `prefix`, then `unit` over and over, in chunks of
/// `chunkSize` bytes, counting what it hands out. It stops after `cap` bytes, so a stream that
/// fails to refuse it ends (as truncated) instead of running forever.
struct EndlessChunks: Sequence, IteratorProtocol {
    let prefix: [UInt8]
    let unit: [UInt8]
    let chunkSize: Int
    let pulled: PulledBytes
    let cap = 4 << 20
    private var produced = 0

    init(prefix: String, unit: String, chunkSize: Int, pulled: PulledBytes) {
        self.prefix = Array(prefix.utf8)
        self.unit = Array(unit.utf8)
        self.chunkSize = chunkSize
        self.pulled = pulled
    }

    mutating func next() -> [UInt8]? {
        guard produced < cap else { return nil }
        let chunk = (produced..<produced + chunkSize).map { at in at < prefix.count ? prefix[at] : unit[(at - prefix.count) % unit.count] }
        produced += chunkSize
        pulled.add(chunkSize)
        return chunk
    }

    /// The same chunks as `Data`, for the asynchronous forms.
    var data: EndlessDataChunks { EndlessDataChunks(chunks: self) }
}

/// ``EndlessChunks`` as an asynchronous sequence of `Data`.
struct EndlessDataChunks: AsyncSequence, AsyncIteratorProtocol {
    var chunks: EndlessChunks

    mutating func next() async -> Data? { chunks.next().map { Data($0) } }

    func makeAsyncIterator() -> EndlessDataChunks { self }
}

@Suite("Streaming: a stream ends at its first error, and every limit holds in every format")
struct StreamingLimitTests {
    static let skipping = WrapStreamOptions(onBadElement: .skip)

    // MARK: A stream ends at its first error

    static let badElements: [(String, WrapStreamError.Kind)] = [
        (#"{"id":}"#, .badElement(.malformedJSON(reason: "unexpected character '}'", offset: 6))),
        ("[2]", .badElement(.notAnObject(found: "array"))),
    ]

    @Test("After a bad element fails the stream, every later next() is nil: sync reader and async iterator, every format",
          arguments: LimitFormat.allCases, [0, 1])
    func nilAfterBadElement(format: LimitFormat, bad: Int) async {
        let (element, kind) = Self.badElements[bad]
        let elements = [#"{"id":1}"#, element, #"{"id":3}"#]
        let bytes = format.document(elements)
        let offset = format.offset(of: 1, in: elements) + (bad == 0 ? 6 : 0)
        let expected = LimitOutcome.ended([1], WrapStreamError(elementIndex: 1, offset: offset, kind: kind))
        #expect(LimitReader.sync(format, [bytes], options: WrapStreamOptions()) == expected)
        #expect(LimitReader.sync(format, bytes.map { [$0] }, options: WrapStreamOptions()) == expected)
        #expect(await LimitReader.async(format, StreamFixture.asyncChunks([bytes]), options: WrapStreamOptions()) == expected)
        #expect(await LimitReader.asyncBytes(format, bytes, options: WrapStreamOptions()) == expected)
        // Skipped, the same element lets the stream go on.
        #expect(LimitReader.sync(format, [bytes], options: Self.skipping) == .ended([1, 3], nil))
    }

    @Test("After a truncated stream's error, every later next() is nil", arguments: LimitFormat.allCases)
    func nilAfterTruncation(format: LimitFormat) async {
        // A truncated stream: the last element never ends (an event without its blank line is
        // discarded, as the standard says, so events end cleanly).
        let elements = [#"{"id":1}"#, #"{"id":2"#]
        let bytes = Array(format.document(elements).dropLast(format.closing.utf8.count))
        let expected: LimitOutcome
        switch format {
        case .array, .keyPath: expected = .ended([1], WrapStreamError(elementIndex: 1, offset: bytes.count, kind: .truncated))
        case .jsonLines: expected = .ended([1], WrapStreamError(elementIndex: 1, offset: format.offset(of: 1, in: elements) + 7,
                                                                 kind: .badElement(.malformedJSON(reason: "unexpected end of input", offset: 7))))
        case .events: expected = .ended([1], nil)
        }
        #expect(LimitReader.sync(format, [bytes], options: WrapStreamOptions()) == expected)
        #expect(await LimitReader.async(format, StreamFixture.asyncChunks([bytes]), options: WrapStreamOptions()) == expected)
    }

    @Test("A store's streamed import stops at the first error: nothing after it is stored")
    func storeImportStops() async {
        let store = WrapModelStore<StreamItem>(identityKeyPath: "id")
        let lines = Array("{\"id\": 1}\n{\"id\": }\n{\"id\": 3}\n".utf8)
        await #expect(throws: WrapStreamError(elementIndex: 1, offset: 17, kind: .badElement(.malformedJSON(reason: "unexpected character '}'", offset: 7)))) {
            try await store.import(streaming: StreamFixture.asyncChunks([lines]), format: .jsonLines)
        }
        #expect(store.count == 1)
        #expect(store.model(forIdentity: 3) == nil)
    }

    // MARK: Nesting

    /// An element nested `depth` deep (an object around arrays), with id `id`.
    static func nested(id: Int, depth: Int) -> String {
        #"{"id":\#(id),"a":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
    }

    /// The offset in `element` of the bracket that opens level 513.
    static func level513(in element: String) -> Int {
        var depth = 0
        for (index, byte) in element.utf8.enumerated() where byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
            depth += 1
            if depth == 513 { return index }
        }
        return -1
    }

    @Test("512 levels are read; 513 end the stream with nestingTooDeep at the 513th bracket, even when skipping, in every chunking",
          arguments: LimitFormat.allCases)
    func nestingInEveryFormat(format: LimitFormat) async {
        let accepted = [#"{"id":1}"#, Self.nested(id: 2, depth: 512), #"{"id":3}"#]
        #expect(LimitReader.sync(format, [format.document(accepted)], options: Self.skipping) == .ended([1, 2, 3], nil))
        #expect(LimitReader.sync(format, StreamFixture.split(format.document(accepted), at: 300), options: Self.skipping) == .ended([1, 2, 3], nil))

        // Too deep, and too deep after a syntax error the parser would have stopped at first:
        // the brackets decide, whatever the chunks.
        for deep in [Self.nested(id: 2, depth: 513), #"{"id":x,"a":"# + String(repeating: "[", count: 600)] {
            let elements = [#"{"id":1}"#, deep, #"{"id":3}"#]
            let bytes = format.document(elements)
            let offset = format.offset(of: 1, in: elements) + Self.level513(in: deep)
            let expected = LimitOutcome.ended([1], WrapStreamError(elementIndex: 1, offset: offset, kind: .nestingTooDeep(limit: 512)))
            for chunks in [[bytes], bytes.map { [$0] }, StreamFixture.split(bytes, at: 300), StreamFixture.split(bytes, at: offset)] {
                #expect(LimitReader.sync(format, chunks, options: Self.skipping) == expected, "\(chunks.count) chunks")
                #expect(LimitReader.sync(format, chunks, options: WrapStreamOptions()) == expected, "\(chunks.count) chunks")
            }
            #expect(await LimitReader.async(format, StreamFixture.asyncChunks([bytes]), options: Self.skipping) == expected)
            #expect(await LimitReader.asyncBytes(format, bytes, options: Self.skipping) == expected)
        }
    }

    @Test("A store's streamed import refuses a JSON line nested 513 deep, even when skipping")
    func storeImportNesting() async {
        let store = WrapModelStore<StreamItem>(identityKeyPath: "id")
        let deep = Self.nested(id: 2, depth: 513)
        let lines = Array("{\"id\":1}\n\(deep)\n{\"id\":3}\n".utf8)
        await #expect(throws: WrapStreamError(elementIndex: 1, offset: 9 + Self.level513(in: deep), kind: .nestingTooDeep(limit: 512))) {
            try await store.import(streaming: StreamFixture.asyncChunks([lines]), format: .jsonLines, options: Self.skipping)
        }
        #expect(store.count == 1)
        #expect(store.model(forIdentity: 3) == nil)
    }

    /// An endless run of brackets after one good element, for each format: the prefix and the
    /// unit repeated after it.
    static func endlessBrackets(_ format: LimitFormat) -> (prefix: String, unit: String) {
        switch format {
        case .events:
            // One data line per bracket: the depth carries across the event's lines.
            return ("data: {\"id\":1}\n\n", "data: [\n")
        default:
            return (format.opening + #"{"id":1}"# + format.separator, "[")
        }
    }

    @Test("Endless brackets are refused at the 513th: no more is pulled than the chunk that holds it",
          arguments: LimitFormat.allCases, [1, 64, 4096])
    func endlessNesting(format: LimitFormat, chunkSize: Int) async {
        let (prefix, unit) = Self.endlessBrackets(format)
        let bracket = prefix.utf8.count + 512 * unit.utf8.count + (unit.utf8.count - 1 - (format == .events ? 1 : 0))
        let expected = LimitOutcome.ended([1], WrapStreamError(elementIndex: 1, offset: bracket, kind: .nestingTooDeep(limit: 512)))
        let pulledThrough = (bracket / chunkSize + 1) * chunkSize
        let pulled = PulledBytes()
        #expect(LimitReader.sync(format, EndlessChunks(prefix: prefix, unit: unit, chunkSize: chunkSize, pulled: pulled), options: Self.skipping) == expected)
        #expect(pulled.value == pulledThrough)
        let asyncPulled = PulledBytes()
        #expect(await LimitReader.async(format, EndlessChunks(prefix: prefix, unit: unit, chunkSize: chunkSize, pulled: asyncPulled).data,
                                        options: Self.skipping) == expected)
        #expect(asyncPulled.value == pulledThrough)
    }

    @Test("Endless brackets in a member around the array at a key path are refused at the 513th")
    func endlessNestingInEnvelope() {
        let pulled = PulledBytes()
        let chunks = EndlessChunks(prefix: #"{"meta": "#, unit: "[", chunkSize: 64, pulled: pulled)
        #expect(LimitReader.sync(.keyPath, chunks, options: Self.skipping)
                == .ended([], WrapStreamError(elementIndex: 0, offset: 9 + 512, kind: .nestingTooDeep(limit: 512))))
        #expect(pulled.value == 576)
    }

    // MARK: Element size

    /// An element that never ends after one good element: a string that never closes (for
    /// events, in one data line).
    static func endlessString(_ format: LimitFormat) -> (prefix: String, unit: String, elementStart: Int) {
        let prefix = format.opening + #"{"id":1}"# + format.separator
        // For events the limit that is reached first is the line's, which starts at "data: ".
        let start = format == .events ? prefix.utf8.count - 6 : prefix.utf8.count
        return (prefix + #"{"a":""#, "x", start)
    }

    @Test("An element that never ends is refused once maxElementBytes of it were read, even when skipping",
          arguments: LimitFormat.allCases, [1, 64, 4096])
    func endlessElement(format: LimitFormat, chunkSize: Int) async {
        let options = WrapStreamOptions(maxElementBytes: 1000, onBadElement: .skip)
        let (prefix, unit, start) = Self.endlessString(format)
        let expected = LimitOutcome.ended([1], WrapStreamError(elementIndex: 1, offset: start, kind: .elementTooLarge(limit: 1000)))
        // The byte that makes the element 1,001 bytes long is in the last chunk pulled.
        let pulledThrough = ((start + 1000) / chunkSize + 1) * chunkSize
        let pulled = PulledBytes()
        #expect(LimitReader.sync(format, EndlessChunks(prefix: prefix, unit: unit, chunkSize: chunkSize, pulled: pulled), options: options) == expected)
        #expect(pulled.value == pulledThrough)
        let asyncPulled = PulledBytes()
        #expect(await LimitReader.async(format, EndlessChunks(prefix: prefix, unit: unit, chunkSize: chunkSize, pulled: asyncPulled).data,
                                        options: options) == expected)
        #expect(asyncPulled.value == pulledThrough)
    }

    @Test("An event's data of many short lines is refused once it grows past maxElementBytes, before its blank line",
          arguments: [1, 64, 4096])
    func endlessEventData(chunkSize: Int) async {
        let options = WrapStreamOptions(maxElementBytes: 1000, onBadElement: .skip)
        let prefix = "data: {\"id\":1}\n\n"
        // 91 lines give 91 × 10 bytes and 90 line feeds: 1,000 bytes. A 92nd data line makes it
        // 1,001, and is refused as soon as it is known to be one (its "data: ").
        let unit = "data: xxxxxxxxxx\n"
        let crossing = prefix.utf8.count + 91 * unit.utf8.count + 5
        let expected = LimitOutcome.ended([1], WrapStreamError(elementIndex: 1, offset: prefix.utf8.count + 6, kind: .elementTooLarge(limit: 1000)))
        let pulled = PulledBytes()
        #expect(LimitReader.sync(.events, EndlessChunks(prefix: prefix, unit: unit, chunkSize: chunkSize, pulled: pulled), options: options) == expected)
        #expect(pulled.value == (crossing / chunkSize + 1) * chunkSize)
    }

    @Test("An event's data of exactly maxElementBytes is read; one byte more is refused")
    func eventDataAtTheLimit() {
        // The data is `{"id":5,"a":` + LF + `"abcdefghij"}`: 12 + 1 + 13 = 26 bytes.
        let stream = Array("data:{\"id\":5,\"a\":\ndata:\"abcdefghij\"}\n\n".utf8)
        #expect(LimitReader.sync(.events, [stream], options: WrapStreamOptions(maxElementBytes: 26)) == .ended([5], nil))
        #expect(LimitReader.sync(.events, [stream], options: WrapStreamOptions(maxElementBytes: 25, onBadElement: .skip))
                == .ended([], WrapStreamError(elementIndex: 0, offset: 5, kind: .elementTooLarge(limit: 25))))
    }

    @Test("An element, a JSON line and an event line of exactly maxElementBytes are read; one byte more is refused",
          arguments: LimitFormat.allCases)
    func elementAtTheLimit(format: LimitFormat) {
        let element = #"{"id":7,"name":"abc"}"#   // 21 bytes
        let size = element.utf8.count + (format == .events ? 6 : 0)   // an event's line holds "data: "
        let bytes = format.document([element])
        #expect(LimitReader.sync(format, [bytes], options: WrapStreamOptions(maxElementBytes: size)) == .ended([7], nil))
        #expect(LimitReader.sync(format, bytes.map { [$0] }, options: WrapStreamOptions(maxElementBytes: size)) == .ended([7], nil))
        let start = format.offset(of: 0, in: [element]) - (format == .events ? 6 : 0)
        let refused = LimitOutcome.ended([], WrapStreamError(elementIndex: 0, offset: start, kind: .elementTooLarge(limit: size - 1)))
        #expect(LimitReader.sync(format, [bytes], options: WrapStreamOptions(maxElementBytes: size - 1, onBadElement: .skip)) == refused)
        #expect(LimitReader.sync(format, bytes.map { [$0] }, options: WrapStreamOptions(maxElementBytes: size - 1, onBadElement: .skip)) == refused)
    }
}
