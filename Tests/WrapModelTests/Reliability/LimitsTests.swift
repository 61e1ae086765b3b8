import Foundation
import Testing
import WrapModel

// Limits: every oversized or odd input is either handled or refused with a typed error — never a
// stack overflow or a trap. Timings are printed so Docs/Reliability.md can quote them.

final class RelTinyItem: WrapModel, @unchecked Sendable {
    @IntProperty("i") var i
}

final class RelBigHolder: WrapModel, @unchecked Sendable {
    @ModelArrayProperty("items") var items: [RelTinyItem]
    @IntArrayProperty("ints") var ints
    @StrProperty("text") var text
    @DictProperty("deep") var deep
}

/// Key edge cases: a dotted key path, an empty component, unicode keys.
final class RelKeys: WrapModel, @unchecked Sendable {
    @OptIntProperty("a.b") var dotted
    @OptIntProperty("x..y") var emptyComponent
    @OptIntProperty("😀") var emoji
    @OptIntProperty("caf\u{E9}") var nfc
    @OptIntProperty("cafe\u{301}") var nfd
    @OptIntProperty("👩‍👩‍👧.n") var zwjPath
}

/// The heavy sizes: full with `WRAPMODEL_FULL_TESTS=1`, else a twentieth (the same checks, exact values).
private enum RelLimitSize {
    static let megabytes = TestScale.pick(reduced: 5, full: 100)
    static let elements = TestScale.pick(reduced: 50_000, full: 1_000_000)
    static let stringBytes = TestScale.pick(reduced: 1, full: 10) * 1024 * 1024
}

private func measure<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
    let started = Date()
    let result = try body()
    print("WrapModel limits: \(label): \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    return result
}

private func isDepthError(_ error: WrapModelError) -> Bool {
    if case .malformedJSON(let reason, _) = error { return reason.contains("nesting deeper than 512") }
    return false
}

extension ReliabilityTests {
    @Suite("Reliability: Limits")
    struct ReliabilityLimitsTests {
        // MARK: Depth

        @Test("10,000 levels of nested objects and arrays are refused with a typed error", arguments: ["[", "{\"a\":"])
        func deepNesting(open: String) throws {
            let close = open == "[" ? "]" : "}"
            let depth = 10_000
            let nested = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
            for document in [nested, #"{"deep": "# + nested + "}"] {
                let data = Data(document.utf8)
                #expect(throws: WrapModelError.self) { try WrapJSON.parse(data) }
                do {
                    _ = try RelBigHolder(parsing: data)
                    Issue.record("a document nested \(depth) deep was accepted")
                } catch {
                    #expect(isDepthError(error) || error == .notAnObject(found: "array"), "\(error)")
                }
                #expect(RelBigHolder(jsonData: data) == nil)
                #expect(RelBigHolder(json: document) == nil)
                #expect(throws: WrapModelError.self) { try RelBigHolder.read(from: data) }
            }
            // Unterminated nesting (a truncated hostile document) is refused the same way.
            let unterminated = Data((#"{"deep": "# + String(repeating: open, count: depth)).utf8)
            #expect(throws: WrapModelError.self) { try RelBigHolder(parsing: unterminated) }
        }

        @Test("512 levels are read and written back; 513 are refused")
        func depthBoundary() throws {
            // The root object is level 1: "deep" holds 511 more levels.
            func document(levels: Int) -> Data {
                Data((#"{"deep": "# + String(repeating: "[", count: levels - 2) + #"{"x": 1}"#
                      + String(repeating: "]", count: levels - 2) + "}").utf8)
            }
            let model = try RelBigHolder(parsing: document(levels: 512))
            #expect(model.validate().contains { $0.keyPath == "deep" })   // an array, not a dictionary
            let written = try model.jsonData(options: [.keepUnmodeledKeys])
            #expect(try WrapJSON.parse(written) is [String: Any])
            _ = try model.data(format: .xmlPlist)
            do {
                _ = try RelBigHolder(parsing: document(levels: 513))
                Issue.record("513 levels were accepted")
            } catch {
                #expect(isDepthError(error), "\(error)")
            }
        }

        @Test("A dictionary nested 10,000 deep given to init(data:) is read, and refused by the JSON writer, without a stack overflow")
        func deepNativeDictionary() async throws {
            // JSON input cannot get this deep (the parser stops at 512), but init(data:) takes any
            // dictionary. Everything runs in a child process so an overflow fails this test only.
            await #expect(processExitsWith: .success, "reading or writing a 10,000-deep [String: Any] crashed") {
                var deep: [String: Any] = ["x": 1]
                for _ in 0..<10_000 { deep = ["d": deep] }
                let model = RelBigHolder(data: ["deep": deep], mutable: true)
                guard model.deep.count == 1, !model.validate().isEmpty else { exit(2) }
                guard (try? model.jsonData(options: [.keepUnmodeledKeys])) == nil,
                      (try? model.data(format: .json)) == nil,
                      model.currentModelDataAsJSON(withNulls: false) == nil else { exit(3) }
                _ = try? model.data(format: .xmlPlist)
                _ = try? model.data(format: .binaryPlist)
                _ = model.isEqualToModel(model: RelBigHolder(data: ["deep": deep], mutable: false))
                _ = model.hash
                _ = model.mutableCopy()
                _ = model.description
            }
        }

        // MARK: Size

        @Test("A 100 MB document (20,000 tweets; 5 MB unless WRAPMODEL_FULL_TESTS=1) parses into models and writes back")
        func hundredMegabytes() throws {
            let tweet = try #require(RelCorpus.resource("tweet"))
            var bytes: [UInt8] = []
            let megabytes = RelLimitSize.megabytes
            let count = (megabytes * 1024 * 1024) / (tweet.count + 2) + 1
            bytes.reserveCapacity(count * (tweet.count + 2) + 64)
            bytes += Array(#"{"search_metadata": {"count": 20000}, "statuses": ["#.utf8)
            for index in 0..<count {
                if index > 0 { bytes += Array(", ".utf8) }
                bytes += tweet
            }
            bytes += Array("]}".utf8)
            #expect(bytes.count >= megabytes * 1024 * 1024)
            let data = Data(bytes)
            bytes = []
            let timeline = try measure("\(megabytes) MB: init(parsing:)") { try RelTimeline(parsing: data) }
            let statuses = measure("\(megabytes) MB: \(count) statuses as models") { timeline.statuses }
            #expect(statuses.count == count)
            #expect(statuses.last?.user?.screenName == statuses.first?.user?.screenName)
            #expect(statuses[count / 2].retweeted?.text.isEmpty == false)
            #expect(timeline.meta.count == 20000)
            let issues = measure("\(megabytes) MB: validate()") { timeline.validate() }
            #expect(!issues.contains { $0.kind != .missing })
            let written = try measure("\(megabytes) MB: jsonData(keepUnmodeledKeys)") { try timeline.jsonData(options: [.keepUnmodeledKeys]) }
            #expect(written.count > megabytes * 512 * 1024)
            let parsed = try measure("\(megabytes) MB: WrapJSON.parse") { try WrapJSON.parse(data) }
            #expect(((parsed as? [String: Any])?["statuses"] as? [Any])?.count == count)
            // Truncated at the very end: refused with the offset of the end.
            let truncated = data.prefix(data.count - 1)
            #expect(throws: WrapModelError.malformedJSON(reason: "unexpected end of input", offset: truncated.count)) {
                try RelTimeline(parsing: truncated)
            }
        }

        @Test("A 1,000,000-element array (50,000 unless WRAPMODEL_FULL_TESTS=1) as a model array, an Int array and through WrapJSON.parse")
        func millionElements() throws {
            let million = RelLimitSize.elements
            var text = #"{"items": ["#
            text.reserveCapacity(million * 12)
            for index in 0..<million { text += index == 0 ? #"{"i":0}"# : #",{"i":\#(index)}"# }
            text += #"], "ints": ["#
            for index in 0..<million { text += index == 0 ? "0" : ",\(index)" }
            text += "]}"
            let data = Data(text.utf8)
            text = ""
            let model = try measure("\(million): init(parsing:)") { try RelBigHolder(parsing: data) }
            let items = measure("\(million): model array of \(million) submodels") { model.items }
            #expect(items.count == million)
            #expect(items[million - 1].i == million - 1)
            let ints = measure("\(million): [Int] of \(million)") { model.ints }
            #expect(ints.count == million && ints.last == million - 1)
            let parsed = try measure("\(million): WrapJSON.parse") { try WrapJSON.parse(data) }
            #expect(((parsed as? [String: Any])?["ints"] as? [Int])?.count == million)
            let bare = try measure("\(million): WrapJSON.parse of a bare array") {
                try WrapJSON.parse(Data(("[" + (0..<million).map { _ in "null" }.joined(separator: ",") + "]").utf8))
            }
            #expect((bare as? [Any])?.count == million)
            let written = try measure("\(million): jsonData") { try model.jsonData(options: [.sortedKeys]) }
            #expect(written.count > 2 * million)
        }

        @Test("A 10 MB string (1 MB unless WRAPMODEL_FULL_TESTS=1; ASCII, multibyte and escapes) reads, validates and writes back")
        func tenMegabyteString() throws {
            let ten = RelLimitSize.stringBytes
            let plain = String(repeating: "a", count: ten)
            let fancy = String(repeating: "é😀\\n\\\"\\u00e9", count: ten / 16)
            for body in [plain, fancy] {
                let data = Data((#"{"text": ""# + body + #""}"#).utf8)
                let model = try measure("\(ten >> 20) MB string: init(parsing:) + read") { () throws(WrapModelError) -> RelBigHolder in
                    let model = try RelBigHolder(parsing: data)
                    _ = model.text
                    return model
                }
                #expect(model.text.utf8.count >= ten / 2)
                let written = try model.jsonData()
                let back = try RelBigHolder(parsing: written)
                #expect(back.text == model.text)
            }
            // The same string, unterminated: a typed error.
            #expect(throws: WrapModelError.self) { try RelBigHolder(parsing: Data((#"{"text": ""# + plain).utf8)) }
        }

        // MARK: Keys

        @Test("A key containing a dot is not reachable by key path; the key path reads the nested value")
        func dottedKeys() throws {
            let json = #"{"a.b": 1, "a": {"b": 2}, "x": {"": {"y": 3}}, "": 4}"#
            for model in [try RelKeys(parsing: json), RelKeys(data: try #require(try WrapJSON.parse(Data(json.utf8)) as? [String: Any]), mutable: false)] {
                #expect(model.dotted == 2)
                #expect(model.emptyComponent == 3)   // "x..y" walks through the empty key
                let kept = try WrapJSON.parse(model.jsonData(options: [.keepUnmodeledKeys])) as? [String: Any]
                #expect(kept?["a.b"] as? Int == 1)   // the literal dotted key survives as an unmodelled key
                #expect(kept?[""] as? Int == 4)      // so does the empty key
                #expect((kept?["a"] as? [String: Any])?["b"] as? Int == 2)
            }
            // Writing a dotted key path creates nested dictionaries, never a literal dotted key.
            let mutable = RelKeysMutable(data: ["a.b": 1], mutable: true)
            mutable.dotted = 9
            let out = mutable.currentModelData(withNulls: false)
            #expect((out["a"] as? [String: Any])?["b"] as? Int == 9)
            #expect(out["a.b"] == nil)
            // A non-object on the way of a key path reads as absent, and output replaces it.
            let blocked = try RelKeysMutable(parsing: #"{"a": 5}"#, mutable: true)
            #expect(blocked.dotted == nil)
            #expect(blocked.validate() == [])
            blocked.dotted = 1
            #expect(try WrapJSON.parse(blocked.jsonData(options: [.keepUnmodeledKeys])) as? [String: Any] != nil)
        }

        @Test("Empty keys, emoji, ZWJ sequences and combining marks round-trip; NFC and NFD keys read the same through both storages")
        func unicodeKeys() throws {
            let json = #"{"😀": 1, "caf\u00e9": 2, "👩‍👩‍👧": {"n": 3}, "": 5}"#
            let fromBytes = try RelKeys(parsing: json)
            let fromDictionary = RelKeys(data: try #require(try WrapJSON.parse(Data(json.utf8)) as? [String: Any]), mutable: false)
            for model in [fromBytes, fromDictionary] {
                #expect(model.emoji == 1)
                #expect(model.nfc == 2)
                #expect(model.zwjPath == 3)
                let out = try WrapJSON.parse(model.jsonData(options: [.keepUnmodeledKeys, .sortedKeys])) as? [String: Any]
                #expect(out?[""] as? Int == 5)
                #expect(out?["😀"] as? Int == 1)
            }
            // Keys are compared as Swift strings would be (canonical equivalence) or as bytes;
            // either way both storages must agree.
            #expect(fromBytes.nfd == fromDictionary.nfd, "NFD key path over an NFC key: parsing gives \(String(describing: fromBytes.nfd)), init(data:) gives \(String(describing: fromDictionary.nfd))")
            // Both spellings in one object: no trap, and the NFC property reads one of them.
            let both = try RelKeys(parsing: #"{"caf\u00e9": 1, "cafe\u0301": 2}"#)
            #expect(both.nfc == 1 || both.nfc == 2)
            #expect(try WrapJSON.parse(both.jsonData(options: [.keepUnmodeledKeys])) is [String: Any])
        }

        @Test("Invalid UTF-8 and lone surrogates in keys and values are refused with the byte offset")
        func invalidText() throws {
            let cases: [([UInt8], Int)] = [
                (Array(#"{"a": ""#.utf8) + [0xFF] + Array(#""}"#.utf8), 7),
                (Array(#"{""#.utf8) + [0xC0, 0x80] + Array(#"": 1}"#.utf8), 2),
                (Array(#"{"a": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), 7),
            ]
            for (bytes, offset) in cases {
                do {
                    _ = try RelKeys(parsing: Data(bytes))
                    Issue.record("invalid UTF-8 accepted: \(bytes)")
                } catch {
                    guard case .malformedJSON(_, let at) = error else { Issue.record("\(error)"); continue }
                    #expect(at == offset)
                }
            }
            #expect(throws: WrapModelError.self) { try RelKeys(parsing: #"{"a": "\ud800"}"#) }
            #expect(throws: WrapModelError.self) { try RelKeys(parsing: #"{"a": "\udc00\ud800"}"#) }
        }

        @Test("Extreme numbers: out-of-range is a typed error, the rest read and write back")
        func extremeNumbers() throws {
            for huge in ["1e400", "-1e400", "1" + String(repeating: "0", count: 400)] {
                #expect(throws: WrapModelError.self) { try RelOrder(parsing: #"{"total": \#(huge)}"#) }
            }
            let json = #"{"total": 1e308, "discount": 1e-320, "id": 9223372036854775808, "parent_id": -9223372036854775809, "count": -0, "ints": [1e300, -0, 9223372036854775807], "doubles": [5e-324, -1e308]}"#
            let order = try RelOrder(parsing: json)
            #expect(order.total == 1e308)
            _ = (order.discount, order.id, order.parentID, order.count, order.ints, order.doubles)
            #expect(order.validate().contains { $0.keyPath == "ints" } || order.ints.count == 3)
            let written = try order.jsonData(options: [.keepUnmodeledKeys, .withNulls])
            #expect(try WrapJSON.parse(written) is [String: Any])
            // A Double that cannot be written as JSON is a typed error, not a trap.
            let mutable = RelMutableNumbers(data: [:], mutable: true)
            mutable.value = .infinity
            #expect(throws: WrapModelError.self) { try mutable.jsonData() }
            mutable.value = .nan
            #expect(throws: WrapModelError.self) { try mutable.data(format: .json) }
            #expect(mutable.currentModelDataAsJSON(withNulls: false) == nil)
        }
    }
}

final class RelKeysMutable: WrapModel, @unchecked Sendable {
    @MutOptIntProperty("a.b") var dotted
}

final class RelMutableNumbers: WrapModel, @unchecked Sendable {
    @MutDoubleProperty("value") var value
}
