import Foundation
import Testing
@testable import WrapModelJSON

@Suite("JSON writer")
struct JSONWriterTests {
    static let optionSets: [JSONWriter.Options] = [[], [.prettyPrinted], [.sortedKeys], [.prettyPrinted, .sortedKeys]]

    @Test("round trip through JSONSerialization", arguments: JSONTestSupport.documentNames)
    func roundTrip(name: String) throws {
        let data = try JSONTestSupport.data(name)
        let reference = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let native = try JSONDocument.parseValue(data)
        for options in Self.optionSets {
            // Our native values, and Foundation's (NSNumber, __NSCFBoolean, ...) values.
            for value in [native, reference] {
                let written = try JSONWriter.write(value, options: options)
                let readBack = try JSONSerialization.jsonObject(with: Data(written), options: [.fragmentsAllowed])
                #expect(JSONTestSupport.difference(readBack, reference) == nil, "options \(options.rawValue)")
                // And our reader agrees too.
                #expect(JSONTestSupport.difference(try JSONDocument.parseValue(Data(written)), reference) == nil)
            }
        }
    }

    @Test("sortedKeys is deterministic and sorted", arguments: JSONTestSupport.documentNames)
    func sortedKeys(name: String) throws {
        let data = try JSONTestSupport.data(name)
        for options: JSONWriter.Options in [[.sortedKeys], [.sortedKeys, .prettyPrinted]] {
            let first = try JSONWriter.write(try JSONDocument.parseValue(data), options: options)
            let second = try JSONWriter.write(try JSONSerialization.jsonObject(with: data), options: options)
            #expect(first == second, "sortedKeys output differs between runs")
            let document = try JSONDocument(bytes: first)
            var objects = 0
            func check(_ node: JSONNode) {
                switch node.kind {
                case .object:
                    objects += 1
                    var previous: String?
                    node.forEachMember { key, value in
                        if let previous {
                            #expect(previous.utf8.lexicographicallyPrecedes(key.utf8))
                        }
                        previous = key
                        check(value)
                    }
                case .array:
                    node.forEachElement(check)
                default:
                    break
                }
            }
            check(document.root)
            #expect(objects > 0 || name == "truenull") // truenull.json is an array of booleans
        }
    }

    @Test func compactExact() throws {
        let value: [String: Any] = [
            "s": "a\"b\\c\n\r\t\u{8}\u{c}\u{1}\u{1f}/é😀",
            "i": [0, -1, Int.max, Int.min],
            "d": [0.1, 1.0, -0.0, 1e-5, 1e300, 123.456],
            "b": [true, false],
            "n": NSNull(),
            "e": [[String: Any](), [Any]()],
        ]
        let expected = #"{"b":[true,false],"d":[0.1,1.0,-0.0,1e-05,1e+300,123.456],"e":[{},[]],"#
            + #""i":[0,-1,9223372036854775807,-9223372036854775808],"n":null,"#
            + #""s":"a\"b\\c\n\r\t\b\f\u0001\u001f/é😀"}"#
        #expect(try JSONWriter.writeString(value, options: .sortedKeys) == expected)
        #expect(try JSONWriter.write(value, options: .sortedKeys) == Array(expected.utf8))
    }

    @Test func prettyPrintedExact() throws {
        let value: [String: Any] = ["name": "x", "list": [1, [2, 3], [String: Any]()], "empty": [Any](), "nested": ["k": true]]
        let expected = """
        {
          "empty" : [],
          "list" : [
            1,
            [
              2,
              3
            ],
            {}
          ],
          "name" : "x",
          "nested" : {
            "k" : true
          }
        }
        """
        #expect(try JSONWriter.writeString(value, options: [.prettyPrinted, .sortedKeys]) == expected)
    }

    @Test func prettyMatchesFoundationForNonEmptyContainers() throws {
        let value: [String: Any] = ["b": [1, 2, ["c": "d/e"]], "a": ["x": "y", "z": [false]], "n": NSNull()]
        let ours = try JSONWriter.write(value, options: [.prettyPrinted, .sortedKeys])
        let foundation = try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(ours == Array(foundation))
    }

    @Test func scalarTypes() throws {
        #expect(try JSONWriter.writeString(Float(0.1)) == "0.1")
        #expect(try JSONWriter.writeString(0.1) == "0.1")
        #expect(try JSONWriter.writeString(Int8(-5)) == "-5")
        #expect(try JSONWriter.writeString(UInt8(200)) == "200")
        #expect(try JSONWriter.writeString(UInt64.max) == "18446744073709551615")
        #expect(try JSONWriter.writeString(Int64.min) == "-9223372036854775808")
        #expect(try JSONWriter.writeString(Int32(7)) == "7")
        #expect(try JSONWriter.writeString(UInt(10)) == "10")
        #expect(try JSONWriter.writeString("x" as Substring) == #""x""#)
        #expect(try JSONWriter.writeString(NSString(string: "ns")) == #""ns""#)
        #expect(try JSONWriter.writeString(NSNumber(value: true)) == "true")
        #expect(try JSONWriter.writeString(NSNumber(value: false)) == "false")
        #expect(try JSONWriter.writeString(NSNumber(value: 1)) == "1")
        #expect(try JSONWriter.writeString(NSNumber(value: Int8(1))) == "1")
        #expect(try JSONWriter.writeString(NSNumber(value: 1.5)) == "1.5")
        #expect(try JSONWriter.writeString(NSNumber(value: UInt64.max)) == "18446744073709551615")
        #expect(try JSONWriter.writeString(Optional<Int>.none as Any) == "null")
        #expect(try JSONWriter.writeString(Optional<Int>.some(3) as Any) == "3")
        #expect(try JSONWriter.writeString([1, nil, 3] as [Int?]) == "[1,null,3]")
        #expect(try JSONWriter.writeString(["a": 1] as [String: Int]) == #"{"a":1}"#)
        #expect(try JSONWriter.writeString(NSArray(array: [1, "x"])) == #"[1,"x"]"#)
        #expect(try JSONWriter.writeString(NSDictionary(dictionary: ["k": [1]])) == #"{"k":[1]}"#)
        #expect(try JSONWriter.writeString("") == #""""#)
        #expect(try JSONWriter.writeString(["", "abcdefghijklmnop\"qrstuvwxyz\u{7f}"]) == #"["","abcdefghijklmnop\"qrstuvwxyz"# + "\u{7f}\"]")
    }

    @Test func invalidValues() {
        let nan: [String: Any] = ["a": ["b": [1, 2, Double.nan]]]
        #expect(throws: JSONWriter.InvalidValue(path: "a.b[2]", found: "NaN")) { try JSONWriter.write(nan) }
        #expect(throws: JSONWriter.InvalidValue(path: "", found: "infinity")) { try JSONWriter.write(Double.infinity) }
        #expect(throws: JSONWriter.InvalidValue(path: "[1].x", found: "-infinity")) {
            try JSONWriter.write([0, ["x": -Double.infinity]] as [Any])
        }
        #expect(throws: JSONWriter.InvalidValue(path: "[0][1]", found: "NaN")) { try JSONWriter.write([[1, Float.nan]] as [Any]) }
        #expect(throws: JSONWriter.InvalidValue(path: "d", found: "unsupported type Date")) {
            try JSONWriter.write(["d": Date(timeIntervalSince1970: 0)], options: .sortedKeys)
        }
        #expect(throws: JSONWriter.InvalidValue(path: "", found: "non-string key of type Int")) { try JSONWriter.write([1: "x"]) }
    }

    @Test func depthLimit() throws {
        var value: Any = 1
        for _ in 0..<10_000 { value = [value] }
        do {
            _ = try JSONWriter.write(value)
            Issue.record("expected InvalidValue")
        } catch {
            #expect(error.found == "nesting deeper than 512")
            #expect(error.path == String(repeating: "[0]", count: 512))
        }
        var ok: Any = 1
        for _ in 0..<512 { ok = [ok] }
        #expect(try JSONWriter.write(ok).count == 1025)
    }
}
