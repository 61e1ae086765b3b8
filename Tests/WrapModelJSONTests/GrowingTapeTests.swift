import Foundation
import Testing
@testable import WrapModelJSON

/// Feeds a document to a growing tape in pieces and checks, after every piece, the view readers
/// see; then holds the finished tape to `JSONTapeBuilder`'s, word for word.
enum GrowingFeed {
    struct Outcome {
        /// The finished tape's words, or the first error.
        var result: Result<[JSONTapeLayout.Word], JSONParseError>
        /// The piece whose append threw (nil: none did; `finish` may have).
        var failedPiece: Int?
        /// Bytes the builder looked at.
        var scanned: Int
        /// The first problem the view checks found after a piece.
        var viewProblem: String?
    }

    /// Feeds `input` cut at `cuts` (rising offsets inside it), then finishes.
    static func run(_ input: [UInt8], cuts: [Int], maxDepth: Int = 512, reference: JSONDocument? = nil, checksViews: Bool = false) -> Outcome {
        let keys = reference.map { $0.withView(keyEntries) } ?? []
        let document = JSONDocument(growingWithMaxDepth: maxDepth)
        let growth = document.growth!
        var outcome = Outcome(result: .success([]), failedPiece: nil, scanned: 0, viewProblem: nil)
        var start = 0
        for (piece, end) in (cuts + [input.count]).enumerated() where end >= start {
            do {
                try input[start..<end].withUnsafeBytes { raw in try growth.append(raw) }
            } catch let error as JSONParseError {
                outcome.failedPiece = piece
                outcome.result = .failure(error)
                outcome.scanned = growth.scannedBytes
                return outcome
            } catch {
                preconditionFailure("not a parse error: \(error)")
            }
            if checksViews && outcome.viewProblem == nil { outcome.viewProblem = checkView(document, growth, reference, keys, piece: piece) }
            start = end
        }
        outcome.scanned = growth.scannedBytes
        do throws(JSONParseError) {
            try growth.finish()
        } catch {
            outcome.result = .failure(error)
            return outcome
        }
        outcome.result = .success(Array(UnsafeBufferPointer(start: document.tape, count: document.tapeCount)))
        return outcome
    }

    /// What is wrong with the view after a piece, or nil: committed words are the reference's
    /// (open containers' extents aside), every open container is closed by a provisional close in
    /// stack order, committed scalars end where the reference's end, and the view reads whole.
    static func checkView(_ document: JSONDocument, _ growth: JSONGrowingTape, _ reference: JSONDocument?, _ keys: Set<Int>,
                          piece: Int) -> String? {
        document.withView { view -> String? in
            let committed = growth.count
            let stack = growth.stack
            if committed == 0 {
                guard view.tapeCount == 3, view.tag(0) == JSONTapeLayout.object, view.next(0) == 3 else { return "piece \(piece): no empty root" }
                return nil
            }
            guard view.tapeCount == committed + stack.count else { return "piece \(piece): view has \(view.tapeCount) words, expected \(committed + stack.count)" }
            for (level, frame) in stack.enumerated() {
                let close = committed + (stack.count - 1 - level)
                guard view.tag(close) == JSONTapeLayout.close, view.next(frame.header) == close + 1 else {
                    return "piece \(piece): open container \(frame.header) is not closed at \(close)"
                }
            }
            if let reference {
                let open = Set(stack.map { $0.header + 1 })
                let problem: String? = reference.withView { full in
                    for i in 0..<committed where !open.contains(i) {
                        guard view.tape[i] == full.tape[i] else { return "piece \(piece): word \(i) differs" }
                    }
                    var i = 0
                    while i < committed {
                        let tag = view.tag(i)
                        if tag == JSONTapeLayout.object || tag == JSONTapeLayout.array {
                            i += 2
                            continue
                        }
                        if tag != JSONTapeLayout.close {
                            // A key's end is found from its value, a value's from what follows.
                            let (got, want) = keys.contains(i) ? (view.keyEnd(i), full.keyEnd(i)) : (view.end(i), full.end(i))
                            guard got == want else { return "piece \(piece): entry \(i) ends at \(got), not \(want)" }
                        }
                        i += 1
                    }
                    return nil
                }
                if let problem { return problem }
            }
            // The whole view reads (no trap, no runaway loop).
            _ = view.materialize(0)
            return nil
        }
    }

    /// The tape indices of every object key of a finished tape.
    static func keyEntries(_ view: JSONTapeView) -> Set<Int> {
        var keys = Set<Int>()
        var stack: [(isObject: Bool, expectKey: Bool)] = []
        var i = 0
        while i < view.tapeCount {
            let tag = view.tag(i)
            if tag == JSONTapeLayout.close {
                stack.removeLast()
                if !stack.isEmpty && stack[stack.count - 1].isObject { stack[stack.count - 1].expectKey = true }
                i += 1
                continue
            }
            if let top = stack.last, top.isObject, top.expectKey {
                keys.insert(i)
                stack[stack.count - 1].expectKey = false
                i += 1
                continue
            }
            if tag == JSONTapeLayout.object || tag == JSONTapeLayout.array {
                stack.append((tag == JSONTapeLayout.object, tag == JSONTapeLayout.object))
                i += 2
                continue
            }
            if !stack.isEmpty && stack[stack.count - 1].isObject { stack[stack.count - 1].expectKey = true }
            i += 1
        }
        return keys
    }

    /// Whether `error` comes from the input ending (which a growing document reports at `finish`,
    /// or may find earlier from the bytes it has).
    static func isEndOfInput(_ error: JSONParseError, inputCount: Int) -> Bool {
        if error.reason == "unexpected end of input" || error.reason == "unterminated string" { return true }
        let nearEnd = error.offset >= inputCount - 12
        return nearEnd && ["invalid UTF-8", "lone surrogate in \\u escape", "invalid \\u escape"].contains(error.reason)
    }
}

@Suite("Growing tape: a document built piece by piece")
struct GrowingTapeTests {
    static func words(_ input: [UInt8], maxDepth: Int = 512) -> Result<[JSONTapeLayout.Word], JSONParseError> {
        JSONTapeBuilder.words(of: input, lenient: false, maxDepth: maxDepth)
    }

    /// Feeds `input` with `cuts` and holds the outcome to the whole-document builder's.
    static func expectSameAsWhole(_ input: [UInt8], cuts: [Int], maxDepth: Int = 512, checkViews: Bool = true,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = words(input, maxDepth: maxDepth)
        let reference: JSONDocument? = checkViews ? (try? JSONDocument(data: Data(input), maxDepth: maxDepth)) : nil
        let outcome = GrowingFeed.run(input, cuts: cuts, maxDepth: maxDepth, reference: reference, checksViews: checkViews)
        let label = "\(TapeLayoutTests.describe(input)) cut at \(cuts.count <= 12 ? "\(cuts)" : "\(cuts.count) places")"
        #expect(outcome.viewProblem == nil, "\(outcome.viewProblem ?? ""): \(label)", sourceLocation: sourceLocation)
        switch (whole, outcome.result) {
        case (.success(let expected), .success(let got)):
            #expect(got == expected, "another tape for \(label)", sourceLocation: sourceLocation)
        case (.failure(let expected), .failure(let got)):
            if GrowingFeed.isEndOfInput(expected, inputCount: input.count) { return }
            #expect(got == expected, "another error for \(label)", sourceLocation: sourceLocation)
            #expect(outcome.failedPiece != nil, "\(expected) reported only at the end: \(label)", sourceLocation: sourceLocation)
        case (.success, .failure(let got)):
            Issue.record("refused (\(got)) what the whole builder accepts: \(label)", sourceLocation: sourceLocation)
        case (.failure(let expected), .success):
            Issue.record("accepted what the whole builder refuses (\(expected)): \(label)", sourceLocation: sourceLocation)
        }
    }

    static let smallDocuments: [String] = [
        #"{}"#, #"[]"#, #"{"a":1}"#, #" { "a" : [ 1 , 2.5e-3 , -0 , true , false , null ] } "#,
        #"{"s":"h\u00e9llo \"w\" \\ \/ \b\f\n\r\t","e":"😀\uD83D\uDE00日本","n":{"x":{"y":[[],{},[{}]]}}}"#,
        #"[1234567890123,-98.76e+12,0.5,1E400]"#, #"{"a":"","b":[""],"c":{"":""}}"#, "\"just a string\"", "12", " -0.5e7 ",
        "true", "null", #"{"k":"\u0041\u00e9\u65E5\uD834\uDD1E"}"#, "{\"t\":\"\t\"}", #"{"a":1,}"#, #"[1,]"#, #"[01]"#,
        #"{"a" 1}"#, #"{"a":tru}"#, #"{"a":"\x"}"#, #"{"a":"\uD800x"}"#, #"{"a":"\uDC00"}"#, #"{"a":"\u12G4"}"#,
        "[\"\u{7F}\", \"\\u0000\"]", #"{"a":1}}"#, #"[1] x"#, #"{"a":-}"#, #"[1.e3]"#, #"[1e]"#, #"{1:2}"#,
    ]

    @Test("every split position of small documents, and byte by byte: the same tape or the same error")
    func everySplitOfSmallDocuments() {
        var documents = Self.smallDocuments.map { Array($0.utf8) }
        documents += [[0x22, 0xC3, 0x28, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
                      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x5B, 0x22, 0x61, 0x0A, 0x22, 0x5D]]
        for document in documents {
            for cut in 0...document.count { Self.expectSameAsWhole(document, cuts: [cut]) }
            for first in stride(from: 0, through: document.count, by: 5) {
                for second in stride(from: first, through: document.count, by: 3) { Self.expectSameAsWhole(document, cuts: [first, second]) }
            }
            Self.expectSameAsWhole(document, cuts: Array(0..<document.count))
        }
    }

    @Test("generated and mutated documents, cut at random places: the same tape, or the same error at once")
    func generatedDocuments() {
        var generator = SeededJSON(seed: 0x9A27)
        let count = TestScale.pick(reduced: 300, full: 3_000)
        for round in 0..<count {
            var document = generator.document()
            if round % 2 == 1 { generator.mutate(&document) }
            var cuts: [Int] = []
            var at = 0
            while at < document.count {
                at += Int(generator.below(UInt64(round % 3 == 0 ? 4 : 40))) + 1
                if at < document.count { cuts.append(at) }
            }
            Self.expectSameAsWhole(document, cuts: cuts, checkViews: round % 4 == 0 && document.count < 600)
        }
    }

    @Test("bundled documents in 16-byte pieces and random pieces: the same tape; bytes looked at once")
    func bundledDocuments() throws {
        var generator = SeededJSON(seed: 0xB0D1)
        for name in JSONTestSupport.documentNames {
            let input = Array(try JSONTestSupport.data(name))
            let sixteen = Array(stride(from: 16, to: input.count, by: 16))
            Self.expectSameAsWhole(input, cuts: sixteen, checkViews: input.count < 6_000)
            var cuts: [Int] = []
            var at = 0
            while true {
                at += Int(generator.below(300)) + 1
                guard at < input.count else { break }
                cuts.append(at)
            }
            Self.expectSameAsWhole(input, cuts: cuts, checkViews: false)
        }
    }

    @Test("bytes scanned: the document once, plus only the unfinished token at each piece's end")
    func linearScanning() throws {
        let input = Array(try JSONTestSupport.data("twitter"))
        let reference = try JSONDocument(data: Data(input))
        for size in [1, 7, 16, 4096] {
            let cuts = Array(stride(from: size, to: input.count, by: size))
            let outcome = GrowingFeed.run(input, cuts: cuts)
            guard case .success = outcome.result else {
                Issue.record("twitter.json refused in \(size)-byte pieces")
                continue
            }
            // What may be looked at again: a number or literal a cut falls in (from its start), or
            // the part of a string's character or escape before the cut (at most 11 bytes).
            var allowance = 0
            reference.withView { view in
                let keys = GrowingFeed.keyEntries(view)
                var cut = 0
                for i in 0..<view.tapeCount where view.tag(i) > JSONTapeLayout.array {
                    let start = view.start(i)
                    let end = keys.contains(i) ? view.keyEnd(i) : view.end(i)
                    while cut < cuts.count && cuts[cut] <= start { cut += 1 }
                    while cut < cuts.count && cuts[cut] < end {
                        allowance += view.tag(i) == JSONTapeLayout.string ? min(11, cuts[cut] - start) : cuts[cut] - start
                        cut += 1
                    }
                }
            }
            #expect(outcome.scanned >= input.count)
            #expect(outcome.scanned <= input.count + allowance, "\(size)-byte pieces: \(outcome.scanned) bytes looked at for \(input.count)")
            if size == 16 {
                print("twitter.json (\(input.count) bytes) in \(cuts.count + 1) pieces of 16 bytes: \(outcome.scanned) bytes scanned, "
                      + String(format: "%.4f", Double(outcome.scanned) / Double(input.count)) + " per byte")
            }
        }
    }

    @Test("a number is committed only once the byte after it has arrived")
    func numbersAcrossPieces() throws {
        let document = JSONDocument(growingWithMaxDepth: 512)
        let growth = try #require(document.growth)
        func append(_ text: String) throws {
            try Array(text.utf8).withUnsafeBytes { raw in try growth.append(raw) }
        }
        try append(#"{"n": 12"#)
        #expect(growth.count == 2)   // the object only: neither the key nor the number yet
        try append("34")
        #expect(growth.count == 2)
        try append(".5e")
        #expect(growth.count == 2)
        try append("1")
        #expect(growth.count == 2)
        try append(",")
        #expect(growth.count == 4)
        let value = document.root.member("n")
        #expect(value?.doubleValue == 1234.5e1)
        try append(#" "m": -"#)
        #expect(document.root.member("m") == nil)
        try append("0 }")
        #expect(document.root.member("m")?.doubleValue == -0.0)
        try growth.finish()
        #expect(document.tapeCount == 7)
    }

    @Test("a string in progress stops at its last complete character or escape")
    func stringPrefixes() throws {
        let text = #"{"s":"a\u00e9\n😀b\uD83D\uDE00ç"}"#
        let input = Array(text.utf8)
        // Offsets where a complete character or escape of the value ends (inside the value).
        let valueStart = 5
        var boundaries: [Int] = [valueStart + 1]
        var j = valueStart + 1
        while input[j] != UInt8(ascii: "\"") {
            if input[j] == UInt8(ascii: "\\") {
                j += input[j + 1] == UInt8(ascii: "u") ? (input[j + 2...j + 3] == Array("D8".utf8)[...] ? 12 : 6) : 2
            } else if input[j] >= 0xF0 { j += 4 } else if input[j] >= 0xE0 { j += 3 } else if input[j] >= 0xC0 { j += 2 } else { j += 1 }
            boundaries.append(j)
        }
        for cut in (valueStart + 1)..<j {
            let document = JSONDocument(growingWithMaxDepth: 512)
            let growth = try #require(document.growth)
            try input[..<cut].withUnsafeBytes { raw in try growth.append(raw) }
            let member = try #require(growth.unfinishedMember)
            let value = try #require(member.value)
            #expect(value.start == valueStart)
            #expect(value.prefixEnd == boundaries.last { $0 <= cut }, "cut at \(cut)")
            let prefix = JSONScalarDecoder.string(UnsafePointer(document.bytes), value.start, value.prefixEnd + 1, escaped: value.isEscaped)
            #expect("a\u{e9}\n😀b😀ç".hasPrefix(prefix), "cut at \(cut): \(prefix.debugDescription)")
        }
    }

    @Test("errors come with the whole builder's reason and offset, in the piece that holds the byte")
    func errorsAtOnce() throws {
        let cases: [(String, String, Int)] = [
            (#"{"a": [1, 2,, 3]}"#, "unexpected character ','", 12),
            (#"{"a": "b\q"}"#, "invalid escape sequence", 8),
            (#"{"a": tx}"#, "unexpected character 'x'", 7),
            (#"{"a": 1e400}"#, "number out of range", 6),
            (#"{"a": "\uZZZZ"}"#, "invalid \\u escape", 7),
        ]
        for (text, reason, offset) in cases {
            let input = Array(text.utf8)
            for cut in 1..<input.count {
                let outcome = GrowingFeed.run(input, cuts: [cut])
                guard case .failure(let error) = outcome.result else {
                    Issue.record("\(text) accepted")
                    continue
                }
                #expect(error.reason == reason && error.offset == offset, "\(text) cut at \(cut): \(error)")
                #expect(outcome.failedPiece != nil, "\(text) cut at \(cut): reported only at the end")
            }
        }
        // A byte that cannot continue a UTF-8 sequence fails as soon as it arrives.
        let document = JSONDocument(growingWithMaxDepth: 512)
        let growth = try #require(document.growth)
        try (Array(#"{"a":""#.utf8) + [0xE6]).withUnsafeBytes { try growth.append($0) }
        #expect(throws: JSONParseError(reason: "invalid UTF-8", offset: 6)) {
            try [UInt8]([0x41]).withUnsafeBytes { try growth.append($0) }
        }
        // Every later append repeats the error.
        #expect(throws: JSONParseError(reason: "invalid UTF-8", offset: 6)) {
            try [UInt8]([0x22]).withUnsafeBytes { try growth.append($0) }
        }
    }

    @Test("the nesting limit holds at the first bracket beyond it")
    func nestingLimit() throws {
        let input = Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
        let outcome = GrowingFeed.run(input, cuts: Array(stride(from: 7, to: input.count, by: 7)))
        guard case .failure(let error) = outcome.result else {
            Issue.record("600 levels accepted")
            return
        }
        #expect(error == JSONParseError(reason: "nesting deeper than 512", offset: 512))
        #expect(outcome.failedPiece == 73)
    }

    @Test("an unfinished document is an end-of-input error at finish, and a finished one takes no more bytes")
    func unfinished() throws {
        for text in ["", "   ", #"{"a":"#, #"{"a":1"#, #"["x"#, "12"] {
            let document = JSONDocument(growingWithMaxDepth: 512)
            let growth = try #require(document.growth)
            try Array(text.utf8).withUnsafeBytes { try growth.append($0) }
            if text == "12" {
                try growth.finish()   // a bare number ends with the input
                #expect(document.root.intValue == 12)
                continue
            }
            #expect(throws: JSONParseError.endOfInput(at: text.utf8.count)) { try growth.finish() }
        }
    }
}
