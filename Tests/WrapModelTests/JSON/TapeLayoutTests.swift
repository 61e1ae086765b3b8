import Foundation
import Testing
@testable import WrapModel
@testable import WrapModelJSON

/// The tape builder skips string contents and whitespace 16 bytes at a time (`ByteScan.h`), so
/// where a token falls relative to a block must not change what it builds. These parse each
/// document as it is, compacted, and spread out with whitespace runs of every length (so every
/// token lands at every offset of a block), and hold the tapes against each other: the same
/// kinds, flags, lengths, counts and token texts, word for word; only the offsets may differ.
/// Invalid input is refused. (Until the AVX2 indexer was removed, these tests held it
/// against the byte-at-a-time parser; the C branches themselves are held against a byte-by-byte
/// reference by `Tests/ByteScanDifferential`.)
@Suite("Tape builder: the same tape in every layout")
struct TapeLayoutTests {
    /// A tape word without its offset (or an untagged extent word whole), and the text of
    /// the token it points at (a scalar's whole text, a bracket, nothing for an untagged word).
    struct Entry: Equatable, CustomStringConvertible {
        let head: UInt32
        let text: [UInt8]
        var description: String { "\(String(head, radix: 16)) \(String(decoding: text, as: UTF8.self).debugDescription)" }
    }

    static func entries(_ words: [JSONTapeLayout.Word], of input: [UInt8]) -> [Entry] {
        words.withUnsafeBufferPointer { tape in
            input.withUnsafeBufferPointer { bytes in
                let view = JSONTapeView(tape: tape.baseAddress!, tapeCount: tape.count, bytes: bytes.baseAddress!, byteCount: bytes.count)
                var result: [Entry] = []
                var i = 0
                while i < words.count {
                    let word = words[i]
                    let offset = view.start(i)
                    let head = word >> 28 // tag and flag
                    switch word >> JSONTapeLayout.tagShift {
                    case JSONTapeLayout.object, JSONTapeLayout.array:
                        // A bracket, then its untagged extent.
                        result.append(Entry(head: head, text: [input[offset]]))
                        result.append(Entry(head: words[i + 1], text: []))
                        i += 2
                    case JSONTapeLayout.close:
                        result.append(Entry(head: head, text: [input[offset]]))
                        i += 1
                    default:
                        result.append(Entry(head: head, text: Array(input[offset..<view.scalarEnd(i)])))
                        i += 1
                    }
                }
                return result
            }
        }
    }

    /// `input` without whitespace outside strings.
    static func compact(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var inString = false, escaped = false
        for byte in input {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                continue
            }
            output.append(byte)
        }
        return output
    }

    /// `input` with a run of whitespace after every `{ [ , :` and before every `} ]` outside
    /// strings, each run one longer than the last (modulo `period`), made of `alphabet`.
    static func spread(_ input: [UInt8], period: Int, alphabet: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var inString = false, escaped = false, run = 0
        func whitespace() {
            run += 1
            for k in 0..<(run % period) { output.append(alphabet[(run + k) % alphabet.count]) }
        }
        for byte in input {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                output.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true; output.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): whitespace(); output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":"): output.append(byte); whitespace()
            default: output.append(byte)
            }
        }
        return output
    }

    static func layouts(of input: [UInt8]) -> [[UInt8]] {
        [compact(input), spread(input, period: 37, alphabet: [0x20]), spread(input, period: 23, alphabet: Array(" \t\n\r\n ".utf8))]
    }

    /// Checks that `input` is accepted and that every layout of it builds the same tape.
    static func expectSameTape(_ input: [UInt8], lenient: Bool = false, maxDepth: Int = 512,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .success(let words) = JSONTapeBuilder.words(of: input, lenient: lenient, maxDepth: maxDepth) else {
            Issue.record("a valid input was refused: \(describe(input))", sourceLocation: sourceLocation)
            return
        }
        expectLayoutsAgree(input, words, lenient: lenient, maxDepth: maxDepth, sourceLocation: sourceLocation)
    }

    static func expectLayoutsAgree(_ input: [UInt8], _ words: [JSONTapeLayout.Word], lenient: Bool, maxDepth: Int,
                                   sourceLocation: SourceLocation) {
        let expected = entries(words, of: input)
        for layout in layouts(of: input) {
            switch JSONTapeBuilder.words(of: layout, lenient: lenient, maxDepth: maxDepth) {
            case .success(let other):
                #expect(entries(other, of: layout) == expected, "another tape for \(describe(layout))", sourceLocation: sourceLocation)
            case .failure(let error):
                Issue.record("refused \(describe(layout)) (\(error)), accepted \(describe(input))", sourceLocation: sourceLocation)
            }
        }
    }

    /// Whether `input` is accepted; when it is, checks that every layout of it builds the same tape.
    @discardableResult
    static func expectSound(_ input: [UInt8], lenient: Bool, maxDepth: Int = 512,
                            sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard case .success(let words) = JSONTapeBuilder.words(of: input, lenient: lenient, maxDepth: maxDepth) else { return false }
        expectLayoutsAgree(input, words, lenient: lenient, maxDepth: maxDepth, sourceLocation: sourceLocation)
        return true
    }

    static func refused(_ input: [UInt8], lenient: Bool = false, maxDepth: Int = 512) -> Bool {
        if case .failure = JSONTapeBuilder.words(of: input, lenient: lenient, maxDepth: maxDepth) { return true }
        return false
    }

    static func describe(_ input: [UInt8]) -> String {
        input.count <= 400 ? String(decoding: input, as: UTF8.self).debugDescription : "\(input.count) bytes"
    }

    // MARK: - Valid documents

    @Test("bundled documents, as they are and with a byte-order mark: the same tape in every layout")
    func bundledDocuments() throws {
        for name in JSONTestSupport.documentNames {
            let data = Array(try JSONTestSupport.data(name))
            Self.expectSameTape(data)
            Self.expectSameTape(data, lenient: true)
            Self.expectSameTape([0xEF, 0xBB, 0xBF] + data, lenient: true)
        }
    }

    @Test("generated documents: strings with escapes and every UTF-8 length, numbers, literals, nesting, whitespace runs")
    func generatedDocuments() {
        var generator = SeededJSON(seed: 0x5EED)
        let count = TestScale.pick(reduced: 300, full: 5_000)
        for _ in 0..<count {
            let document = generator.document()
            Self.expectSameTape(document)
            Self.expectSameTape(document, lenient: true)
        }
    }

    @Test("a scalar's end is found behind every run of whitespace, at every alignment")
    func scalarEndBehindWhitespace() throws {
        // Every token kind, then a run of 0...40 whitespace bytes of all four kinds (with bytes
        // that differ from a whitespace byte in one bit), then a comma or nothing: the end found
        // by stepping back must be the token's own.
        let whitespace = Array(" \t\n\r".utf8)
        for token in [#""a b""#, "-12.5e3", "true", "false", "null", #""\"""#, "0"] {
            for run in 0...40 {
                for prefix in 0..<3 {
                    let gap = (0..<run).map { whitespace[($0 * 7 + run) % 4] }
                    let text = Array(String(repeating: "[", count: 1).utf8) + Array(repeating: UInt8(ascii: " "), count: prefix)
                        + Array(token.utf8) + gap + Array(",1]".utf8)
                    let document = try JSONDocument(bytes: text)
                    let first = try #require(document.root.elements.first)
                    #expect(first.byteRange == (1 + prefix)..<(1 + prefix + token.utf8.count), "\(token) before \(run) whitespace bytes")
                }
            }
        }
        // A top-level scalar has no entry after it: its end is found from the input's end, behind
        // trailing whitespace, and its compact copy is the token alone.
        for token in [#""a b""#, "-12.5e3", "true", "false", "null", #""\"""#, "0", #""0123456789abcdefghij""#] {
            for run in [0, 1, 7, 8, 9, 17, 40] {
                let text = Array(token.utf8) + (0..<run).map { whitespace[$0 % 4] }
                let document = try JSONDocument(bytes: text)
                #expect(document.root.byteRange == 0..<token.utf8.count, "\(token) before \(run) trailing whitespace bytes")
                #expect(try JSONWriter.write(VerbatimJSON(node: document.root)) == Array(token.utf8), "\(token) copied")
            }
        }
        // The per-byte check is exact: bytes one bit away from whitespace are not whitespace.
        for byte in UInt8(0)...UInt8(255) {
            let word = UInt64(byte) << 56 | 0x0A_09_0D_20_20_0A_20
            let isWhitespace = [0x20, 0x0A, 0x09, 0x0D].contains(byte)
            #expect((JSONTapeView.nonWhitespaceBytes(word) != 0) == !isWhitespace, "byte \(byte)")
        }
    }

    @Test("trailing commas in lenient mode, at every nesting and after every kind of value")
    func trailingCommas() {
        let filler = String(repeating: " ", count: 130)
        for body in [#"{"a": 1,}"#, #"[1, 2,]"#, #"{"a": [true,], "b": {"c": "d",},}"#, #"[[],{},"x",null,]"#] {
            let input = Array((filler + body + filler).utf8)
            Self.expectSameTape(input, lenient: true)
            #expect(Self.refused(input))
        }
    }

    @Test("nesting up to the depth limit is built; one level more is refused")
    func depthLimit() {
        for depth in [1, 2, 63, 64, 65, 200] {
            let input = Array((String(repeating: "[", count: depth) + "0" + String(repeating: "]", count: depth)
                               + String(repeating: " ", count: 128)).utf8)
            Self.expectSameTape(input, maxDepth: depth)
            #expect(Self.refused(input, maxDepth: depth - 1))
        }
    }

    // MARK: - Block boundaries

    @Test("tokens at every offset around block boundaries")
    func blockBoundaries() {
        let tokens = [
            #""plain""#, #""esc\"aped""#, #""back\\\\slash\\""#, #""\u00e9\uD83D\uDE00""#, "\"é日😀\"",
            "-12.5e+3", "1234567890123456789", "0", "true", "false", "null", "{}", "[]", #"{"k":"v"}"#,
        ]
        for token in tokens {
            for offset in 40...80 {
                let padding = String(repeating: " ", count: offset)
                Self.expectSameTape(Array("[\(padding)\(token),\(token)]\(padding)".utf8))
                Self.expectSameTape(Array("{\(padding)\"k\":\(token)}".utf8))
            }
        }
        // A multi-byte sequence split by a block boundary at every byte, and runs of backslashes
        // of every length ending at it.
        for lead in 58...66 {
            for text in ["é", "日", "😀"] {
                let input = Array(("[\"" + String(repeating: "a", count: lead) + text + "\"]" + String(repeating: " ", count: 70)).utf8)
                Self.expectSameTape(input)
            }
            for slashes in 1...6 {
                let escaped = String(repeating: "\\\\", count: slashes)
                let input = Array(("[\"" + String(repeating: "a", count: lead) + escaped + "\\\"x\"]" + String(repeating: " ", count: 70)).utf8)
                Self.expectSameTape(input)
            }
        }
    }

    @Test("text that escapes every character (as JSON writers with ASCII-only output do), across block boundaries")
    func escapeDenseText() {
        var generator = SeededJSON(seed: 0xE5C)
        let escapes = [#"\u3042"#, #"\u00E9"#, #"\uD83D\uDE00"#, #"\\"#, #"\""#, #"\/"#, #"\n"#, #"\t"#, #"\u005C"#]
        for _ in 0..<TestScale.pick(reduced: 200, full: 3_000) {
            var members: [String] = []
            for member in 0..<Int(generator.below(6) + 1) {
                let text = (0..<generator.below(40)).map { _ in
                    generator.coin() ? generator.pick(escapes) : String(repeating: "\\\\", count: Int(generator.below(5))) + "x"
                }.joined()
                members.append("\"k\(member)\": \"\(text)\"")
            }
            let padding = String(repeating: " ", count: Int(generator.below(64)))
            let document = Array(("{" + padding + members.joined(separator: ",") + "}" + String(repeating: " ", count: 128)).utf8)
            Self.expectSameTape(document)
        }
    }

    // MARK: - Invalid and random input

    @Test("mutated documents: what is accepted builds the same tape in every layout")
    func mutatedDocuments() {
        var generator = SeededJSON(seed: 0xBAD)
        let count = TestScale.pick(reduced: 1_500, full: 40_000)
        var accepted = 0
        for _ in 0..<count {
            var document = generator.document()
            generator.mutate(&document)
            if Self.expectSound(document, lenient: generator.coin()) { accepted += 1 }
        }
        // Both outcomes must be exercised, or the test shows nothing.
        #expect(accepted > count / 20 && accepted < count - count / 20, "\(accepted) of \(count) accepted")
    }

    @Test("random bytes from JSON's alphabet, and walks over its grammar that stray into them: what is accepted builds the same tape in every layout")
    func randomAlphabet() {
        var generator = SeededJSON(seed: 0xA1FA)
        let count = TestScale.pick(reduced: 3_000, full: 60_000)
        var accepted = 0
        for index in 0..<count {
            let bytes: [UInt8]
            if index % 2 == 0 {
                // Hardly ever valid (about one in 3,000): the refusals.
                let length = Int(generator.below(300))
                bytes = (0..<length).map { _ in SeededJSON.interesting[Int(generator.below(UInt64(SeededJSON.interesting.count)))] }
            } else {
                bytes = generator.grammarWalk()
            }
            if Self.expectSound(bytes, lenient: generator.coin()) { accepted += 1 }
        }
        // Both outcomes must be exercised, or the test shows nothing.
        #expect(accepted > count / 10 && accepted < count - count / 10, "\(accepted) of \(count) accepted")
    }

    @Test("every truncation of a document is refused")
    func truncations() throws {
        let data = Array(try JSONTestSupport.data("tweet"))
        let lastBrace = try #require(data.lastIndex(of: UInt8(ascii: "}")))
        for end in stride(from: 0, to: lastBrace, by: TestScale.pick(reduced: 7, full: 1)) {
            #expect(Self.refused(Array(data[..<end])), "cut at \(end)")
        }
    }

    @Test("invalid UTF-8 anywhere in a string is refused: overlong forms, surrogates, stray and missing continuation bytes")
    func invalidUTF8() {
        let bad: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
            [0xED, 0xBF, 0xBF], [0xE1, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xF1, 0x80, 0x80], [0xE2, 0x82, 0xAC, 0x80], [0xC3, 0xA9, 0xA9],
        ]
        let good: [[UInt8]] = [[0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
                               [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xE2, 0x82, 0xAC]]
        for lead in [0, 1, 29, 30, 31, 32, 33, 60, 61, 62, 63, 64, 65, 95] {
            let before = Array("[\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: lead)
            let after = Array("\"]".utf8) + Array(repeating: 0x20, count: 100)
            for sequence in bad {
                #expect(Self.refused(before + sequence + after), "\(sequence) after \(lead)")
                // And at the very end of the input, where no byte follows to show it is cut short.
                #expect(Self.refused(before + Array(repeating: 0x61, count: 100) + sequence))
            }
            for sequence in good {
                Self.expectSameTape(before + sequence + after)
            }
        }
    }
}

/// A seeded generator of JSON documents, and of the mutations that break them.
struct SeededJSON {
    private var random: RelRandom

    init(seed: UInt64) { random = RelRandom(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func below(_ bound: UInt64) -> UInt64 { bound == 0 ? 0 : next() % bound }
    mutating func coin() -> Bool { next() & 1 == 0 }
    mutating func pick<T>(_ options: [T]) -> T { options[Int(below(UInt64(options.count)))] }

    /// Bytes that matter to a JSON parser, and some that never may appear.
    static let interesting: [UInt8] = Array(#""\{}[]:, 0123456789-+.eEtrufalsn"#.utf8) + [0x09]
        + [0x0A, 0x0D, 0x00, 0x01, 0x0B, 0x0C, 0x1A, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xC3, 0xA9, 0xE0, 0xE6, 0x97,
           0xA5, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0x61, 0x5C, 0x2F]

    mutating func whitespace() -> String {
        switch below(8) {
        case 0, 1, 2: return ""
        case 3: return " "
        case 4: return "\n" + String(repeating: " ", count: Int(below(80)))
        case 5: return "\t"
        case 6: return "\r\n"
        default: return String(repeating: pick([" ", "\t", "\n", "\r"]), count: Int(below(70)))
        }
    }

    mutating func string() -> String {
        var text = "\""
        let length = below(4) == 0 ? below(150) : below(12)
        for _ in 0..<length {
            switch below(12) {
            case 0: text += pick(["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"])
            case 1: text += pick(["\\u0041", "\\u00e9", "\\u65E5", "\\uD83D\\uDE00", "\\u0000", "\\uFFFF"])
            case 2: text += pick(["é", "ß", "日", "本", "€", "😀", "𝄞"])
            case 3: text += pick(["{", "}", "[", "]", ":", ",", " ", "'"])
            default: text += String(UnicodeScalar(UInt8(below(26)) + 0x61))
            }
        }
        return text + "\""
    }

    mutating func number() -> String {
        var text = coin() ? "" : "-"
        text += below(5) == 0 ? "0" : String(below(9) + 1) + String(repeating: "7", count: Int(below(20)))
        if below(3) == 0 { text += "." + String(repeating: "3", count: Int(below(10)) + 1) }
        if below(4) == 0 { text += pick(["e", "E"]) + pick(["", "+", "-"]) + String(below(99)) }
        return text
    }

    mutating func value(depth: Int) -> String {
        let kind = depth > 5 ? below(5) : below(7)
        switch kind {
        case 0: return string()
        case 1: return number()
        case 2: return pick(["true", "false", "null"])
        case 3, 4: return below(3) == 0 ? string() : number()
        case 5:
            let members = (0..<below(6)).map { _ in
                whitespace() + string() + whitespace() + ":" + whitespace() + value(depth: depth + 1) + whitespace()
            }
            return "{" + (members.isEmpty ? whitespace() : members.joined(separator: ",")) + "}"
        default:
            let elements = (0..<below(6)).map { _ in whitespace() + value(depth: depth + 1) + whitespace() }
            return "[" + (elements.isEmpty ? whitespace() : elements.joined(separator: ",")) + "]"
        }
    }

    /// A document of at least 128 bytes (several 16-byte blocks).
    mutating func document() -> [UInt8] {
        var text = whitespace() + value(depth: 0) + whitespace()
        while text.utf8.count < 128 { text = "[" + text + "," + value(depth: 1) + "]" }
        return Array(text.utf8)
    }

    /// Bytes from a walk over JSON's grammar that strays: each step writes what the grammar
    /// allows next, or now and then a byte of `interesting` as well, and the end is sometimes cut
    /// off. About a third are valid documents (containers, scalars at the root, whitespace, every
    /// kind of string and number), the rest are invalid somewhere in the middle.
    mutating func grammarWalk() -> [UInt8] {
        enum Next { case value, valueOrClose, key, keyOrClose, colon, commaOrClose, done }
        let stray = below(40) + 10
        let steps = Int(below(50)) + 1
        var out: [UInt8] = []
        var open: [UInt8] = []
        var next = Next.value
        var step = 0
        while out.count < 400 && next != .done {
            step += 1
            if below(stray) == 0 { out.append(pick(Self.interesting)) }
            if below(5) == 0 { out += Array(whitespace().utf8) }
            let closing = step > steps
            switch next {
            case .value, .valueOrClose:
                if next == .valueOrClose && (closing || below(4) == 0) {
                    out.append(UInt8(ascii: "]"))
                    open.removeLast()
                    next = open.isEmpty ? .done : .commaOrClose
                } else if !closing && below(3) == 0 {
                    let bracket = coin() ? UInt8(ascii: "{") : UInt8(ascii: "[")
                    out.append(bracket)
                    open.append(bracket)
                    next = bracket == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                } else {
                    out += Array((below(3) == 0 ? pick(["true", "false", "null"]) : coin() ? string() : number()).utf8)
                    next = open.isEmpty ? .done : .commaOrClose
                }
            case .key, .keyOrClose:
                if next == .keyOrClose && (closing || below(4) == 0) {
                    out.append(UInt8(ascii: "}"))
                    open.removeLast()
                    next = open.isEmpty ? .done : .commaOrClose
                } else {
                    out += Array(string().utf8)
                    next = .colon
                }
            case .colon:
                out.append(UInt8(ascii: ":"))
                next = .value
            case .commaOrClose:
                if closing || below(3) == 0 {
                    out.append(open.removeLast() == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                    next = open.isEmpty ? .done : .commaOrClose
                } else {
                    out.append(UInt8(ascii: ","))
                    next = open.last == UInt8(ascii: "{") ? .key : .value
                }
            case .done:
                break
            }
        }
        if below(5) == 0 { out += Array(whitespace().utf8) }
        if below(10) == 0 { out.removeLast(Int(below(UInt64(min(out.count, 8))))) }
        return out
    }

    /// One to three random edits: a byte replaced, inserted or removed, or the end cut off.
    mutating func mutate(_ bytes: inout [UInt8]) {
        for _ in 0...below(3) where !bytes.isEmpty {
            let at = Int(below(UInt64(bytes.count)))
            switch below(4) {
            case 0: bytes[at] = pick(Self.interesting)
            case 1: bytes.insert(pick(Self.interesting), at: at)
            case 2: bytes.remove(at: at)
            default: bytes.removeLast(Int(below(UInt64(min(bytes.count, 8)))))
            }
        }
    }
}
