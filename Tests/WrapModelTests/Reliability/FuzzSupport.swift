import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The fuzzer's parts: a small seeded generator, an index of the values in a (valid) seed document,
// and the mutations. Everything is derived from the seed and the case number only — never from
// dictionary iteration order, which Swift randomises per process — so a case replays exactly.

/// SplitMix64: tiny, fast, and the same sequence on every platform.
struct RelRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The generator for one case: independent of the order in which cases run.
    init(seed: UInt64, caseNumber: Int) {
        var mixer = RelRandom(seed: seed ^ (UInt64(truncatingIfNeeded: caseNumber) &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

// MARK: - Value index

/// One value of a seed document: its byte range, JSON kind and where it sits.
struct RelValueSpan {
    enum Kind { case object, array, string, number, literal, null }
    enum Step: Equatable { case key(String), index(Int) }

    let start: Int
    let end: Int
    let kind: Kind
    let path: [Step]

    /// The path the way `validate()` spells it: `lines[0].price`.
    var keyPath: String {
        var result = ""
        for step in path {
            switch step {
            case .key(let key): result += result.isEmpty ? key : ".\(key)"
            case .index(let index): result += "[\(index)]"
            }
        }
        return result
    }

    /// The key path with every array index written `[]`, to match a table of property kinds.
    var pattern: String {
        var result = ""
        for step in path {
            switch step {
            case .key(let key): result += result.isEmpty ? key : ".\(key)"
            case .index: result += "[]"
            }
        }
        return result
    }
}

/// Indexes every value of a *valid* JSON document (the seeds are checked before use).
struct RelValueIndexer {
    private let bytes: [UInt8]
    private var i = 0
    private(set) var spans: [RelValueSpan] = []

    static func index(_ bytes: [UInt8]) -> [RelValueSpan] {
        var indexer = RelValueIndexer(bytes: bytes)
        indexer.skipSpace()
        indexer.value(path: [])
        return indexer.spans
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
    }

    private mutating func stringEnd() -> Int {
        var j = i + 1
        while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
        return j + 1
    }

    private mutating func value(path: [RelValueSpan.Step]) {
        let start = i
        let slot = spans.count
        spans.append(RelValueSpan(start: start, end: start, kind: .null, path: path))
        let kind: RelValueSpan.Kind
        switch bytes[i] {
        case UInt8(ascii: "{"):
            kind = .object
            i += 1
            skipSpace()
            while bytes[i] != UInt8(ascii: "}") {
                let keyEnd = stringEnd()
                let keyData = Data(bytes[i..<keyEnd])
                let key = (try? JSONSerialization.jsonObject(with: keyData, options: .fragmentsAllowed) as? String) ?? ""
                i = keyEnd
                skipSpace()
                i += 1 // ':'
                skipSpace()
                value(path: path + [.key(key)])
                skipSpace()
                if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace() }
            }
            i += 1
        case UInt8(ascii: "["):
            kind = .array
            i += 1
            skipSpace()
            var index = 0
            while bytes[i] != UInt8(ascii: "]") {
                value(path: path + [.index(index)])
                index += 1
                skipSpace()
                if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace() }
            }
            i += 1
        case UInt8(ascii: "\""):
            kind = .string
            i = stringEnd()
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            kind = .literal
            i += bytes[i] == UInt8(ascii: "t") ? 4 : 5
        case UInt8(ascii: "n"):
            kind = .null
            i += 4
        default:
            kind = .number
            while i < bytes.count, !",]} \n\r\t".utf8.contains(bytes[i]) { i += 1 }
        }
        spans[slot] = RelValueSpan(start: start, end: i, kind: kind, path: path)
    }
}

// MARK: - Mutations

/// A seed document and the spans of its values.
struct RelSeed {
    enum Family: String { case order, tweet, event, timeline, other }

    let name: String
    let family: Family
    let bytes: [UInt8]
    let spans: [RelValueSpan]

    init(name: String, family: Family, bytes: [UInt8]) {
        self.name = name
        self.family = family
        self.bytes = bytes
        self.spans = RelValueIndexer.index(bytes)
    }
}

/// What a case did to its seed, for the failure message and for the exact checks.
struct RelMutation {
    var steps: [String] = []
    /// Set when the case is exactly one value replaced by a value of `newKind` (still valid JSON).
    var typeSwap: (span: RelValueSpan, newKind: RelValueSpan.Kind)?
}

enum RelMutator {
    /// Replacement values by kind. Numbers include the extremes; strings include date and enum
    /// lookalikes, escapes, non-ASCII in NFC and NFD, and a lone surrogate escape.
    static let strings: [String] = [
        #""""#, #""x""#, #""2017-02-05T17:03:13.000-03:00""#, #""31/31/2020""#, #""shipped""#, #""bogus""#,
        #""123""#, #""-7""#, #""1e5""#, #""true""#, #""yes""#, #""\u0000\ud83d\ude00""#, #""caf\u00e9""#,
        #""cafe\u0301""#, #""\ud800""#, #""a.b""#, #""20180215""#, #""Tue Jun 3 2008 11:05:30 GMT""#,
        "\"" + String(repeating: "long ", count: 300) + "\"",
    ]
    static let numbers: [String] = [
        "0", "-0", "1", "-1", "42", "3.5", "1e308", "-1e308", "1e-320", "5e-324", "1.7976931348623157e308",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "123456789012345678901234567890", "0.1", "-0.0", "19000101", "20180215",
        "99991232", "1e400", "-1e400", "1E2", "2e-5",
    ]
    static let literals = ["true", "false"]
    static let objects = [#"{}"#, #"{"a": 1}"#, #"{"id": "x", "name": {}, "sku": []}"#, #"{"a.b": 1, "": 2, "a": {"b": null}}"#]
    static let arrays = ["[]", "[1, 2, 3]", "[null]", #"["a", {}, 2.5, true]"#, "[[[]]]"]

    /// Bytes that are never valid UTF-8 (or are overlong, surrogate or truncated encodings).
    static let invalidUTF8: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xF4, 0x90, 0x80, 0x80]]

    static func replacement(for kind: RelValueSpan.Kind, random: inout RelRandom) -> String {
        switch kind {
        case .string: return random.pick(strings)
        case .number: return random.pick(numbers)
        case .literal: return random.pick(literals)
        case .null: return "null"
        case .object: return random.pick(objects)
        case .array: return random.pick(arrays)
        }
    }

    static let kinds: [RelValueSpan.Kind] = [.string, .number, .literal, .null, .object, .array]

    /// Mutates `seed` as case `caseNumber` of `seed` run `runSeed` would.
    static func mutate(_ seed: RelSeed, random: inout RelRandom) -> ([UInt8], RelMutation) {
        var bytes = seed.bytes
        var mutation = RelMutation()
        let structural = random.chance(92)
        if structural {
            let span = seed.spans[random.below(seed.spans.count)]
            let operation = random.below(100)
            let text: String
            switch operation {
            case 0..<45:
                // Type swap (also null, huge/tiny numbers, odd strings).
                var newKind = random.pick(kinds)
                if newKind == span.kind && span.kind != .string && span.kind != .number { newKind = .null }
                text = replacement(for: newKind, random: &random)
                mutation.typeSwap = (span, newKind)
                mutation.steps.append("replace \(span.keyPath.isEmpty ? "<root>" : span.keyPath) with \(text.prefix(60))")
            case 45..<55:
                // Deep nesting around the value, sometimes beyond the parser's 512 levels.
                let depth = random.pick([2, 10, 100, 511, 512, 513, 600, 2000])
                let asArray = random.chance(50)
                let original = String(decoding: bytes[span.start..<span.end], as: UTF8.self)
                text = asArray
                    ? String(repeating: "[", count: depth) + original + String(repeating: "]", count: depth)
                    : String(repeating: #"{"d":"#, count: depth) + original + String(repeating: "}", count: depth)
                mutation.steps.append("nest \(span.keyPath.isEmpty ? "<root>" : span.keyPath) \(depth) levels in \(asArray ? "arrays" : "objects")")
            case 55..<65:
                // Inserted null: as an extra array element or object member, or replacing the value.
                let original = String(decoding: bytes[span.start..<span.end], as: UTF8.self)
                switch span.kind {
                case .array where span.end - span.start > 2: text = "[null, " + original.dropFirst()
                case .object where span.end - span.start > 2: text = #"{"id": null, "lines": null, "#  + original.dropFirst()
                default: text = "null"
                }
                mutation.steps.append("insert null at \(span.keyPath.isEmpty ? "<root>" : span.keyPath)")
            case 65..<75:
                // Splice: another value of the document in this value's place.
                let other = seed.spans[random.below(seed.spans.count)]
                text = String(decoding: seed.bytes[other.start..<other.end], as: UTF8.self)
                mutation.steps.append("splice \(other.keyPath) into \(span.keyPath.isEmpty ? "<root>" : span.keyPath)")
            case 75..<85:
                // Duplicate the value's key (objects hold the last), or the whole value twice.
                let original = String(decoding: bytes[span.start..<span.end], as: UTF8.self)
                text = span.kind == .object && span.end - span.start > 2
                    ? original.dropLast() + #", "id": "dup", "id": 2}"#
                    : original + ", " + original
                mutation.steps.append("duplicate at \(span.keyPath.isEmpty ? "<root>" : span.keyPath)")
            default:
                // Invalid UTF-8 or an invalid escape inside a string, else raw anywhere in the value.
                let bad = random.pick(invalidUTF8)
                var replaced = Array(bytes[span.start..<span.end])
                let at = replaced.count > 2 ? 1 + random.below(replaced.count - 1) : 0
                if random.chance(25) {
                    replaced.insert(contentsOf: Array(random.pick([#"\x"#, #"\u12"#, #"\uDC00"#, "\u{01}", #"\"#]).utf8), at: at)
                } else {
                    replaced.insert(contentsOf: bad, at: at)
                }
                text = String(decoding: replaced, as: UTF8.self) // only for the step's description
                bytes.replaceSubrange(span.start..<span.end, with: replaced)
                mutation.steps.append("invalid bytes in \(span.keyPath.isEmpty ? "<root>" : span.keyPath)")
            }
            if operation < 85 {
                bytes.replaceSubrange(span.start..<span.end, with: Array(text.utf8))
            }
        }
        if !structural || random.chance(12) {
            mutation.typeSwap = nil
            let rounds = 1 + random.below(3)
            for _ in 0..<rounds where !bytes.isEmpty {
                switch random.below(4) {
                case 0:
                    let at = random.below(bytes.count)
                    bytes[at] ^= UInt8(1 << random.below(8))
                    mutation.steps.append("flip a bit of byte \(at)")
                case 1:
                    let at = random.below(bytes.count)
                    bytes[at] = UInt8(truncatingIfNeeded: random.next())
                    mutation.steps.append("overwrite byte \(at)")
                case 2:
                    let at = random.below(bytes.count + 1)
                    bytes.removeSubrange(at...)
                    mutation.steps.append("truncate at \(at)")
                default:
                    let at = random.below(bytes.count + 1)
                    bytes.insert(contentsOf: random.pick(invalidUTF8), at: at)
                    mutation.steps.append("insert invalid UTF-8 at \(at)")
                }
            }
        }
        return (bytes, mutation)
    }
}

// MARK: - Crash breadcrumb

/// What each fuzz worker is doing right now, printed by a signal handler if a case traps so that
/// the case can be replayed (a trap ends the process before any `#expect` can report).
enum RelCrashNote {
    static let slots = 16
    nonisolated(unsafe) private static let buffers = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>.allocate(capacity: slots)
    nonisolated(unsafe) private static let counts: UnsafeMutablePointer<Int> = {
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: slots)
        counts.initialize(repeating: 0, count: slots)
        buffers.initialize(repeating: nil, count: slots)
        return counts
    }()
    nonisolated(unsafe) private static var capacities = [Int](repeating: 0, count: slots)
    nonisolated(unsafe) private static var installed = false

    /// Remembers `header` and `document` for worker `slot` (each worker writes only its own slot).
    static func set(slot: Int, header: String, document: [UInt8]) {
        let text = Array("\n*** WrapModel fuzz case trapped (or was running when the process trapped): \(header)\n*** document (\(document.count) bytes) follows:\n".utf8)
            + document + Array("\n*** end of document\n".utf8)
        counts[slot] = 0
        if text.count > capacities[slot] {
            buffers[slot]?.deallocate()
            capacities[slot] = text.count * 2
            buffers[slot] = .allocate(capacity: capacities[slot])
        }
        text.withUnsafeBufferPointer { buffers[slot]!.update(from: $0.baseAddress!, count: text.count) }
        counts[slot] = text.count
    }

    static func clear() {
        for slot in 0..<slots { counts[slot] = 0 }
    }

    /// Installs the handler once per process (call before starting workers).
    static func install() {
        _ = counts
        guard !installed else { return }
        installed = true
        for number in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            _ = signal(number) { caught in
                for slot in 0..<RelCrashNote.slots where RelCrashNote.counts[slot] > 0 {
                    if let buffer = RelCrashNote.buffers[slot] { _ = write(2, buffer, RelCrashNote.counts[slot]) }
                }
                _ = signal(caught, SIG_DFL)
                _ = raise(caught)
            }
        }
    }
}
