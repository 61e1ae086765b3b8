import Foundation
import Testing
@testable import WrapModelJSON

@Suite("JSON reader")
struct JSONReaderTests {
    @Test("bundled documents match JSONSerialization", arguments: JSONTestSupport.documentNames)
    func bundledDocuments(name: String) throws {
        let data = try JSONTestSupport.data(name)
        let reference = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let eager = try JSONDocument.parseValue(data)
        #expect(JSONTestSupport.difference(eager, reference) == nil)
        let document = try JSONDocument(data: data)
        #expect(JSONTestSupport.difference(document.root.materialize(), reference) == nil)
        #expect(document.root.byteRange.upperBound <= data.count)
    }

    @Test func lazyAccessOnTwitter() throws {
        let document = try JSONDocument(data: JSONTestSupport.data("twitter"))
        let root = document.root
        #expect(root.kind == .object)
        let statuses = try #require(root.member("statuses"))
        #expect(statuses.kind == .array)
        #expect(statuses.count == 100)
        var ids: [Int] = []
        statuses.forEachElement { status in
            if let id = status.member("id")?.intValue { ids.append(id) }
        }
        #expect(ids.count == 100)
        #expect(ids.first == 505874924095815681)
        let first = statuses.elements[0]
        #expect(first.member("user")?.member("screen_name")?.stringValue == "ayuu0123")
        #expect(first.member("nope")?.index == nil)
        #expect(first.member("truncated")?.boolValue == false)
        #expect(first.member("in_reply_to_status_id")?.isNull == true)
    }

    @Test func escapes() throws {
        let text = #""a\"b\\c\/d\be\ff\ng\rh\ti\u0041\u00e9\u20AC""#
        let expected = "a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti" + "A\u{e9}\u{20ac}"
        #expect(try JSONDocument.parseValue(Data(text.utf8)) as? String == expected)
        #expect(try JSONDocument(bytes: Array(text.utf8)).root.stringValue == expected)
    }

    @Test func surrogatePair() throws {
        let text = #"{"k\u00e9y\ud83d\ude00": "\ud83d\ude00", "plain": 1}"#
        let document = try JSONDocument(bytes: Array(text.utf8))
        let value = try #require(document.root.member("k\u{e9}y😀"))
        #expect(value.stringValue == "😀")
        #expect(document.root.member("k\u{e9}y")?.index == nil)
        #expect(document.root.member("k\u{e9}y😀x")?.index == nil)
        let eager = try #require(try JSONDocument.parseValue(Data(text.utf8)) as? [String: Any])
        #expect(eager["k\u{e9}y😀"] as? String == "😀")
        var keys: [String] = []
        document.root.forEachMember { key, _ in keys.append(key) }
        #expect(keys == ["k\u{e9}y😀", "plain"])
    }

    @Test func loneSurrogates() {
        #expect(JSONTestSupport.parseError(#""\ud83d""#) == JSONParseError(reason: "lone surrogate in \\u escape", offset: 1))
        #expect(JSONTestSupport.parseError(#""ab\ude00""#) == JSONParseError(reason: "lone surrogate in \\u escape", offset: 3))
        #expect(JSONTestSupport.parseError(#""\ud83d\u0041""#) == JSONParseError(reason: "lone surrogate in \\u escape", offset: 1))
        #expect(JSONTestSupport.parseError(#""\ud83dxx""#) == JSONParseError(reason: "lone surrogate in \\u escape", offset: 1))
        #expect(JSONTestSupport.parseError(#""\u12G4""#) == JSONParseError(reason: "invalid \\u escape", offset: 1))
        #expect(JSONTestSupport.parseError(#""\x""#) == JSONParseError(reason: "invalid escape sequence", offset: 1))
    }

    @Test func invalidUTF8() throws {
        let invalid = JSONParseError(reason: "invalid UTF-8", offset: 1)
        #expect(JSONTestSupport.parseError([0x22, 0xC0, 0xAF, 0x22]) == invalid)           // overlong
        #expect(JSONTestSupport.parseError([0x22, 0xED, 0xA0, 0x80, 0x22]) == invalid)     // encoded surrogate
        #expect(JSONTestSupport.parseError([0x22, 0xE2, 0x82, 0x22]) == invalid)           // truncated
        #expect(JSONTestSupport.parseError([0x22, 0xE2, 0x82]) == invalid)                 // truncated at end
        #expect(JSONTestSupport.parseError([0x22, 0x80, 0x22]) == invalid)                 // stray continuation
        #expect(JSONTestSupport.parseError([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]) == invalid) // > U+10FFFF
        #expect(JSONTestSupport.parseError([0x22, 0xF8, 0x22]) == invalid)
        // Inside a structure, after the 8-byte fast path: offset is absolute.
        let nested: [UInt8] = Array(#"["ok", "abcdefghij"#.utf8) + [0xC3, 0x28, 0x22, 0x5D]
        #expect(JSONTestSupport.parseError(nested) == JSONParseError(reason: "invalid UTF-8", offset: 18))
        // Valid multi-byte text passes.
        #expect(try JSONDocument.parseValue(Data(#""é€😀""#.utf8)) as? String == "é€😀")
    }

    @Test func controlCharactersAndUnterminated() {
        #expect(JSONTestSupport.parseError("\"a\nb\"") == JSONParseError(reason: "unescaped control character in string", offset: 2))
        #expect(JSONTestSupport.parseError(#"["abc"#) == JSONParseError(reason: "unterminated string", offset: 1))
        #expect(JSONTestSupport.parseError(#""abc\"#) == JSONParseError(reason: "unterminated string", offset: 4))
    }

    @Test func numbers() throws {
        #expect(try JSONDocument.parseValue(Data("9223372036854775807".utf8)) as? Int == Int.max)
        #expect(try JSONDocument.parseValue(Data("-9223372036854775808".utf8)) as? Int == Int.min)
        // Integers between Int.max and UInt64.max read as JSONSerialization reads them: an unsigned NSNumber.
        let big = try #require(try JSONDocument.parseValue(Data("9223372036854775808".utf8)) as? NSNumber)
        #expect(String(cString: big.objCType) == "Q")
        #expect(big.uint64Value == 9223372036854775808)
        let largest = try #require(try JSONDocument.parseValue(Data("18446744073709551615".utf8)) as? NSNumber)
        #expect(largest.uint64Value == UInt64.max)
        #expect(try JSONDocument.parseValue(Data("18446744073709551616".utf8)) as? Double == 18446744073709551616.0)
        let bigNegative = try JSONDocument.parseValue(Data("-9223372036854775809".utf8))
        #expect(bigNegative as? Double == -9223372036854775809.0)
        let negativeZero = try #require(try JSONDocument.parseValue(Data("-0".utf8)) as? Double)
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        let zeroNode = try JSONDocument(bytes: Array("-0".utf8)).root
        #expect(zeroNode.intValue == 0)
        #expect(zeroNode.doubleValue?.sign == .minus)
        #expect((zeroNode.materialize() as? Double)?.sign == .minus)
        #expect(try JSONDocument.parseValue(Data("0".utf8)) as? Int == 0)
        #expect(try JSONDocument.parseValue(Data("1e308".utf8)) as? Double == 1e308)
        #expect(try JSONDocument.parseValue(Data("1E-5".utf8)) as? Double == 1e-5)
        #expect(try JSONDocument.parseValue(Data("1.0".utf8)) as? Double == 1.0)
        #expect(try JSONDocument.parseValue(Data("-12.5e+2".utf8)) as? Double == -1250)
        #expect(try JSONDocument.parseValue(Data("0.1".utf8)) as? Double == 0.1)
        #expect(try JSONDocument.parseValue(Data("1.7976931348623157e308".utf8)) as? Double == .greatestFiniteMagnitude)
        #expect(try JSONDocument.parseValue(Data("5e-324".utf8)) as? Double == .leastNonzeroMagnitude)
        #expect(try JSONDocument.parseValue(Data("1e-400".utf8)) as? Double == 0)
        #expect(try JSONDocument.parseValue(Data("123456789012345678901234567890".utf8)) as? Double == 1.2345678901234568e29)
        #expect(try JSONDocument.parseValue(Data("0.30000000000000004441".utf8)) as? Double == 0.30000000000000004)
        let node = try JSONDocument(bytes: Array("[12, 1.5, 1e2, 99999999999999999999]".utf8)).root
        let values = node.elements
        #expect(values.map(\.intValue) == [12, nil, nil, nil])
        #expect(values.map(\.doubleValue) == [12, 1.5, 100, 1e20])
        #expect(values.map(\.kind) == [.number, .number, .number, .number])
    }

    @Test func invalidNumbers() {
        #expect(JSONTestSupport.parseError("01") == JSONParseError(reason: "unexpected character '1'", offset: 1))
        #expect(JSONTestSupport.parseError("[01]") == JSONParseError(reason: "unexpected character '1'", offset: 2))
        #expect(JSONTestSupport.parseError("1.") == JSONParseError(reason: "unexpected end of input", offset: 2))
        #expect(JSONTestSupport.parseError("[1.]") == JSONParseError(reason: "unexpected character ']'", offset: 3))
        #expect(JSONTestSupport.parseError("-") == JSONParseError(reason: "unexpected end of input", offset: 1))
        #expect(JSONTestSupport.parseError("-a") == JSONParseError(reason: "unexpected character 'a'", offset: 1))
        #expect(JSONTestSupport.parseError(".5") == JSONParseError(reason: "unexpected character '.'", offset: 0))
        #expect(JSONTestSupport.parseError("+1") == JSONParseError(reason: "unexpected character '+'", offset: 0))
        #expect(JSONTestSupport.parseError("1e") == JSONParseError(reason: "unexpected end of input", offset: 2))
        #expect(JSONTestSupport.parseError("1e+") == JSONParseError(reason: "unexpected end of input", offset: 3))
        #expect(JSONTestSupport.parseError("1e400") == JSONParseError(reason: "number out of range", offset: 0))
        #expect(JSONTestSupport.parseError("[-1.8e308]") == JSONParseError(reason: "number out of range", offset: 1))
    }

    @Test func depth() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(JSONTestSupport.parseError(ok) == nil)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(JSONTestSupport.parseError(tooDeep) == JSONParseError(reason: "nesting deeper than 512", offset: 512))
        let objects = String(repeating: #"{"a":"#, count: 5) + "1" + String(repeating: "}", count: 5)
        #expect(JSONTestSupport.parseError(objects, maxDepth: 4) == JSONParseError(reason: "nesting deeper than 4", offset: 20))
        #expect(JSONTestSupport.parseError("1", maxDepth: 0) == nil)
        let unclosed = String(repeating: "[", count: 10_000)
        #expect(JSONTestSupport.parseError(unclosed) == JSONParseError(reason: "nesting deeper than 512", offset: 512))
        // A raised limit works too, and materializing 10,000 levels uses no recursion.
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let document = try JSONDocument(bytes: Array(deep.utf8), maxDepth: 10_000)
        var value = document.root.materialize()
        var levels = 1
        while let array = value as? [Any], let first = array.first {
            value = first
            levels += 1
        }
        #expect(levels == 10_000)
        #expect(document.root.byteRange == 0..<20_000)
    }

    @Test func structuralErrors() {
        #expect(JSONTestSupport.parseError("[1,]") == JSONParseError(reason: "unexpected character ']'", offset: 3))
        #expect(JSONTestSupport.parseError(#"{"a":1,}"#) == JSONParseError(reason: "unexpected character '}'", offset: 7))
        #expect(JSONTestSupport.parseError("") == JSONParseError(reason: "unexpected end of input", offset: 0))
        #expect(JSONTestSupport.parseError(" \n\t\r ") == JSONParseError(reason: "unexpected end of input", offset: 5))
        #expect(JSONTestSupport.parseError("1 2") == JSONParseError(reason: "unexpected character '2'", offset: 2))
        #expect(JSONTestSupport.parseError("{} x") == JSONParseError(reason: "unexpected character 'x'", offset: 3))
        #expect(JSONTestSupport.parseError("[1 2]") == JSONParseError(reason: "unexpected character '2'", offset: 3))
        #expect(JSONTestSupport.parseError(#"{"a" 1}"#) == JSONParseError(reason: "unexpected character '1'", offset: 5))
        #expect(JSONTestSupport.parseError(#"{a:1}"#) == JSONParseError(reason: "unexpected character 'a'", offset: 1))
        #expect(JSONTestSupport.parseError("[") == JSONParseError(reason: "unexpected end of input", offset: 1))
        #expect(JSONTestSupport.parseError("[1") == JSONParseError(reason: "unexpected end of input", offset: 2))
        #expect(JSONTestSupport.parseError("]") == JSONParseError(reason: "unexpected character ']'", offset: 0))
        #expect(JSONTestSupport.parseError("[}") == JSONParseError(reason: "unexpected character '}'", offset: 1))
        #expect(JSONTestSupport.parseError("tru") == JSONParseError(reason: "unexpected end of input", offset: 3))
        #expect(JSONTestSupport.parseError("trux") == JSONParseError(reason: "unexpected character 'x'", offset: 3))
        #expect(JSONTestSupport.parseError("nulll") == JSONParseError(reason: "unexpected character 'l'", offset: 4))
        #expect(JSONTestSupport.parseError([0xEF, 0xBB, 0xBF, 0x31]) == JSONParseError(reason: "unexpected byte 0xEF", offset: 0))
    }

    @Test func scalarsAndWhitespace() throws {
        #expect(try JSONDocument.parseValue(Data(" \r\n\ttrue \n".utf8)) as? Bool == true)
        #expect(try JSONDocument.parseValue(Data("false".utf8)) as? Bool == false)
        #expect(try JSONDocument.parseValue(Data("null".utf8)) is NSNull)
        #expect(try JSONDocument.parseValue(Data(#""""#.utf8)) as? String == "")
        let document = try JSONDocument(bytes: Array(#" {"a" : [true, null, "x", {}, []] } "#.utf8))
        let root = document.root
        #expect(root.byteRange == 1..<35)
        #expect(root.count == 1)
        let array = try #require(root.member("a"))
        #expect(array.count == 5)
        #expect(array.elements.map(\.kind) == [.bool, .null, .string, .object, .array])
        #expect(array.elements.map(\.byteRange) == [9..<13, 15..<19, 21..<24, 26..<28, 30..<32])
        #expect(array.elements[3].count == 0)
        #expect(array.elements[0].count == 0)
        #expect(array.elements[2].stringValue == "x")
        #expect(array.elements[2].intValue == nil)
        #expect(array.elements[0].stringValue == nil)
        #expect(array.member("a")?.index == nil)
        var visited = 0
        root.forEachElement { _ in visited += 1 }
        array.forEachMember { _, _ in visited += 1 }
        #expect(visited == 0)
    }

    @Test func duplicateKeysLastWins() throws {
        let text = #"{"a":1,"b":{"c":2},"a":3}"#
        let document = try JSONDocument(bytes: Array(text.utf8))
        #expect(document.root.member("a")?.intValue == 3)
        #expect(document.root.member("b")?.member("c")?.intValue == 2)
        let eager = try #require(try JSONDocument.parseValue(Data(text.utf8)) as? [String: Any])
        #expect(eager["a"] as? Int == 3)
        #expect((document.root.materialize() as? [String: Any])?["a"] as? Int == 3)
    }

    @Test func repeatedKeysOfEveryLength() throws {
        // Exercises the key cache: short/long keys, keys differing only in their last byte,
        // non-ASCII and escaped keys, and keys that end right before the end of the input.
        var keys: [String] = []
        for length in 0...40 {
            let base = String(repeating: "k", count: max(0, length - 1))
            keys.append(length == 0 ? "" : base + "a")
            if length > 0 { keys.append(base + "b") }
        }
        keys += ["é", "ключ", "キーキーキーキーキーキー", #"\u00e9scaped"#, #"tab\tkey"#]
        let object = "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
        let text = "[" + Array(repeating: object, count: 3).joined(separator: ",") + ",{\"zz\":1}]"
        let data = Data(text.utf8)
        let reference = try JSONSerialization.jsonObject(with: data)
        #expect(JSONTestSupport.difference(try JSONDocument.parseValue(data), reference) == nil)
        let document = try JSONDocument(data: data)
        #expect(JSONTestSupport.difference(document.root.materialize(), reference) == nil)
        let first = document.root.elements[0]
        #expect(first.member(String(repeating: "k", count: 39) + "b")?.intValue == 80)
        #expect(first.member("\u{e9}scaped")?.intValue == keys.count - 2)
        #expect(first.member("tab\tkey")?.intValue == keys.count - 1)
        #expect(document.root.elements[3].member("zz")?.intValue == 1)
    }
}

