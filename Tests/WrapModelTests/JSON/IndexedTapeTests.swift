import Foundation
import Testing
@testable import WrapModel
import WrapModelJSONIndex

/// The tape builder has two paths: the structural index (a vector scan listing where tokens
/// start, then a pass over those positions, both in C) for inputs of 128 bytes or more on
/// processors with AVX2, and the byte-at-a-time parser, which runs otherwise or whenever the
/// first declines, and reports every error. These hold the two against each other: the indexed
/// path must never accept what the byte-at-a-time parser refuses, must write the same tape word
/// for word, and should accept every valid input. Both block classifiers are checked: AVX2 where
/// the processor has it, and the portable byte-by-byte one everywhere.
@Suite("Indexed tape builder")
struct IndexedTapeTests {
    static let classifiers: [wrapmodel_classifier] = JSONTapeBuilder.indexedPathAvailable
        ? [wrapmodel_classifier_vector, wrapmodel_classifier_portable] : [wrapmodel_classifier_portable]

    static func name(_ classifier: wrapmodel_classifier) -> String {
        classifier == wrapmodel_classifier_vector ? "AVX2" : "portable"
    }

    /// The byte-at-a-time result of `input`, and each classifier's indexed one (nil: declined).
    static func results(_ input: [UInt8], lenient: Bool, maxDepth: Int = 512)
        -> (reference: Result<[UInt64], JSONParseError>, indexed: [Result<[UInt64], JSONParseError>?])
    {
        let reference = JSONTapeBuilder.words(of: input, path: .byteByByte, lenient: lenient, maxDepth: maxDepth)!
        let indexed = classifiers.map {
            JSONTapeBuilder.words(of: input, path: .indexed($0), lenient: lenient, maxDepth: maxDepth)
        }
        return (reference, indexed)
    }

    /// Checks that every classifier's indexed path builds exactly the reference tape of a valid input.
    static func expectSameTape(_ input: [UInt8], lenient: Bool = false, maxDepth: Int = 512,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let (reference, indexed) = results(input, lenient: lenient, maxDepth: maxDepth)
        guard case .success(let words) = reference else {
            Issue.record("the reference parser refused a valid input: \(reference)", sourceLocation: sourceLocation)
            return
        }
        for (classifier, result) in zip(classifiers, indexed) {
            let name = Self.name(classifier)
            #expect(result != nil, "\(name) declined a valid input of \(input.count) bytes", sourceLocation: sourceLocation)
            if case .success(let built)? = result {
                #expect(built == words, "\(name) wrote another tape", sourceLocation: sourceLocation)
            }
        }
    }

    /// Checks that no classifier accepts what the reference refuses, or writes another tape; returns
    /// whether the reference accepted the input.
    @discardableResult
    static func expectSound(_ input: [UInt8], lenient: Bool, maxDepth: Int = 512,
                            sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let (reference, indexed) = results(input, lenient: lenient, maxDepth: maxDepth)
        for (classifier, result) in zip(classifiers, indexed) {
            guard case .success(let built)? = result else { continue }
            let name = Self.name(classifier)
            switch reference {
            case .success(let words):
                #expect(built == words, "\(name) wrote another tape for \(Self.describe(input))", sourceLocation: sourceLocation)
            case .failure(let error):
                Issue.record("\(name) accepted what the reference refuses (\(error)): \(Self.describe(input))",
                             sourceLocation: sourceLocation)
            }
        }
        if case .success = reference { return true }
        return false
    }

    static func describe(_ input: [UInt8]) -> String {
        input.count <= 400 ? String(decoding: input, as: UTF8.self).debugDescription : "\(input.count) bytes"
    }

    // MARK: - Layout

    @Test("the C pass writes the tape layout the Swift reader reads")
    func layoutAgrees() {
        #expect(UInt64(wrapmodel_tape_tag_shift) == JSONTapeLayout.tagShift)
        #expect(UInt64(wrapmodel_tape_field_shift) == JSONTapeLayout.fieldShift)
        #expect((UInt64(1) << UInt64(wrapmodel_tape_field_bits)) - 1 == JSONTapeLayout.fieldMask)
        #expect(UInt64(wrapmodel_tape_object) == JSONTapeLayout.object)
        #expect(UInt64(wrapmodel_tape_array) == JSONTapeLayout.array)
        #expect(UInt64(wrapmodel_tape_string) == JSONTapeLayout.string)
        #expect(UInt64(wrapmodel_tape_number) == JSONTapeLayout.number)
        #expect(UInt64(wrapmodel_tape_true) == JSONTapeLayout.trueValue)
        #expect(UInt64(wrapmodel_tape_false) == JSONTapeLayout.falseValue)
        #expect(UInt64(wrapmodel_tape_null) == JSONTapeLayout.null)
        #expect(UInt64(wrapmodel_tape_close) == JSONTapeLayout.close)
    }

    // MARK: - Valid documents

    @Test("bundled documents, as they are, compacted and re-indented: the same tape from every path")
    func bundledDocuments() throws {
        for name in JSONTestSupport.documentNames {
            let data = try JSONTestSupport.data(name)
            let object = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            let compact = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .withoutEscapingSlashes])
            let pretty = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .prettyPrinted])
            for variant in [data, compact, pretty] {
                Self.expectSameTape(Array(variant))
                Self.expectSameTape(Array(variant), lenient: true)
            }
            // Carriage returns and tabs for indentation, and a byte-order mark in lenient mode.
            let crlf = Array(String(decoding: pretty, as: UTF8.self).replacingOccurrences(of: "\n  ", with: "\r\n\t").utf8)
            Self.expectSameTape(crlf)
            Self.expectSameTape([0xEF, 0xBB, 0xBF] + Array(data), lenient: true)
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

    @Test("trailing commas in lenient mode, at every nesting and after every kind of value")
    func trailingCommas() {
        let filler = String(repeating: " ", count: 130)
        for body in [#"{"a": 1,}"#, #"[1, 2,]"#, #"{"a": [true,], "b": {"c": "d",},}"#, #"[[],{},"x",null,]"#] {
            let input = Array((filler + body + filler).utf8)
            Self.expectSameTape(input, lenient: true)
            let (reference, indexed) = Self.results(input, lenient: false)
            #expect(throws: JSONParseError.self) { try reference.get() }
            #expect(indexed.allSatisfy { $0 == nil })
        }
    }

    @Test("nesting up to the depth limit is built; one level more is declined and reported")
    func depthLimit() {
        for depth in [1, 2, 63, 64, 65, 200] {
            let input = Array((String(repeating: "[", count: depth) + "0" + String(repeating: "]", count: depth)
                               + String(repeating: " ", count: 128)).utf8)
            Self.expectSameTape(input, maxDepth: depth)
            let (reference, indexed) = Self.results(input, lenient: false, maxDepth: depth - 1)
            #expect(throws: JSONParseError.self) { try reference.get() }
            #expect(indexed.allSatisfy { $0 == nil })
        }
    }

    // MARK: - Block boundaries

    @Test("tokens at every offset around a 64-byte block boundary")
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
        // A multi-byte sequence split by the boundary at every byte, and runs of backslashes of
        // every length ending at the boundary.
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

    @Test("mutated documents: never accepted when the reference refuses, never another tape")
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

    @Test("random bytes from JSON's alphabet: never accepted when the reference refuses")
    func randomAlphabet() {
        var generator = SeededJSON(seed: 0xA1FA)
        let count = TestScale.pick(reduced: 3_000, full: 60_000)
        for _ in 0..<count {
            let length = Int(generator.below(300))
            let bytes = (0..<length).map { _ in SeededJSON.interesting[Int(generator.below(UInt64(SeededJSON.interesting.count)))] }
            Self.expectSound(bytes, lenient: generator.coin())
        }
    }

    @Test("every truncation of a document is refused by every path")
    func truncations() throws {
        let data = Array(try JSONTestSupport.data("tweet"))
        let lastBrace = try #require(data.lastIndex(of: UInt8(ascii: "}")))
        for end in stride(from: 0, to: lastBrace, by: TestScale.pick(reduced: 7, full: 1)) {
            #expect(!Self.expectSound(Array(data[..<end]), lenient: false), "cut at \(end)")
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
                #expect(!Self.expectSound(before + sequence + after, lenient: false), "\(sequence) after \(lead)")
                // And at the very end of the input, where no byte follows to show it is cut short.
                #expect(!Self.expectSound(before + Array(repeating: 0x61, count: 100) + sequence, lenient: false))
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

    /// A document of at least 128 bytes (so that the builder itself would take the indexed path).
    mutating func document() -> [UInt8] {
        var text = whitespace() + value(depth: 0) + whitespace()
        while text.utf8.count < 128 { text = "[" + text + "," + value(depth: 1) + "]" }
        return Array(text.utf8)
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
