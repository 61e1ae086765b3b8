import Foundation
import Testing
@testable import WrapModel
@testable import WrapModelJSON

/// Lossless output keeps a parsed object unsplit (members as bytes, changes aside) while it can;
/// whatever is done to it, it must write what the split object writes.
@Suite("Unsplit objects of lossless output write what split ones write")
struct UnsplitObjectTests {
    /// One edit of an output object, as lossless output makes them.
    enum Edit {
        case set(String, Any)
        case setPath([String], Any)
        case remove(String)
        case removePath([String])
    }

    private static func apply(_ edits: [Edit], to object: inout OrderedObject) {
        for edit in edits {
            switch edit {
            case let .set(key, value): object.set(value, forKey: key)
            case let .setPath(path, value): object.setValue(value, atPath: path[...])
            case let .remove(key): object.removeValue(forKey: key)
            case let .removePath(path): object.removeValue(atPath: path[...])
            }
        }
    }

    /// Writes `json`'s root object after `edits`, unsplit and split, and returns both.
    private static func written(_ json: String, _ edits: [Edit]) throws -> (unsplit: String, split: String) {
        let document = try JSONDocument(bytes: Array(json.utf8))
        var object = OrderedObject(node: document.root)
        apply(edits, to: &object)
        let split = object.materialized()
        #expect(split.original == nil)
        return (String(decoding: try JSONWriter.write(object), as: UTF8.self),
                String(decoding: try JSONWriter.write(split), as: UTF8.self))
    }

    static let pretty = """
    {
      "a" : 1,
      "b" : { "c" : 2, "e" : [ 1, 2 ] },
      "d" : [ 3, { "f" : null } ],
      "g" : "h\\u00e9"
    }
    """

    @Test("edits: replace, remove, append, write into a nested object, remove then set again")
    func edits() throws {
        let cases: [([Edit], String)] = [
            ([], #"{"a":1,"b":{"c":2,"e":[1,2]},"d":[3,{"f":null}],"g":"h\u00e9"}"#),
            ([.set("a", "x")], #"{"a":"x","b":{"c":2,"e":[1,2]},"d":[3,{"f":null}],"g":"h\u00e9"}"#),
            ([.remove("b")], #"{"a":1,"d":[3,{"f":null}],"g":"h\u00e9"}"#),
            ([.set("new", 9), .set("a", 2)], #"{"a":2,"b":{"c":2,"e":[1,2]},"d":[3,{"f":null}],"g":"h\u00e9","new":9}"#),
            ([.setPath(["b", "c"], 5)], #"{"a":1,"b":{"c":5,"e":[1,2]},"d":[3,{"f":null}],"g":"h\u00e9"}"#),
            ([.setPath(["b", "z", "y"], true)], #"{"a":1,"b":{"c":2,"e":[1,2],"z":{"y":true}},"d":[3,{"f":null}],"g":"h\u00e9"}"#),
            ([.removePath(["b", "e"]), .remove("absent")], #"{"a":1,"b":{"c":2},"d":[3,{"f":null}],"g":"h\u00e9"}"#),
            ([.remove("a"), .set("a", 0)], #"{"b":{"c":2,"e":[1,2]},"d":[3,{"f":null}],"g":"h\u00e9","a":0}"#),
            ([.set("n", 1), .remove("n"), .set("m", 2)], #"{"a":1,"b":{"c":2,"e":[1,2]},"d":[3,{"f":null}],"g":"h\u00e9","m":2}"#),
            ([.setPath(["d", "x"], 1)], #"{"a":1,"b":{"c":2,"e":[1,2]},"d":{"x":1},"g":"h\u00e9"}"#),
            ([.set("\u{e9}", 1)], #"{"a":1,"b":{"c":2,"e":[1,2]},"d":[3,{"f":null}],"g":"h\u00e9","é":1}"#),
        ]
        for (edits, expected) in cases {
            let (unsplit, split) = try Self.written(Self.pretty, edits)
            #expect(unsplit == expected)
            #expect(split == expected)
        }
    }

    @Test("a merge patch of an unsplit object holds what the patch of the split object holds")
    func mergePatches() throws {
        let document = try JSONDocument(bytes: Array(Self.pretty.utf8))
        let cases: [([Edit], String)] = [
            ([], "{}"),
            ([.set("a", 1)], "{}"),
            ([.set("a", 2), .remove("g"), .set("new", "n"), .remove("b")], #"{"b":null,"g":null,"a":2,"new":"n"}"#),
            ([.setPath(["b", "c"], 5), .remove("absent")], #"{"b":{"c":5}}"#),
        ]
        for (edits, expected) in cases {
            var object = OrderedObject(node: document.root)
            Self.apply(edits, to: &object)
            let unsplit = MergePatchDiff.objectPatch(from: .json(document.root), to: object)
            let split = MergePatchDiff.objectPatch(from: .json(document.root), to: object.materialized())
            #expect(String(decoding: try JSONWriter.write(unsplit), as: UTF8.self) == expected)
            #expect(String(decoding: try JSONWriter.write(split), as: UTF8.self) == expected)
        }
    }

    @Test("keys that are not plain ASCII, or repeat, are written as the split object writes them", arguments: [
        #"{"K":1,"\u212A":2,"b":3}"#,
        "{\"\u{212A}\":1,\"b\":2}",
        #"{"a":1,"a":2,"b":{"a":3,"a":4}}"#,
        #"{"\u0061":1,"a":2}"#,
        #"{"é":1,"e\u0301":2}"#,
        #"{"a\"b":1}"#,
        #"{"long_key_number_one":1,"long_key_number_two":2,"long_key_number_one":3}"#,
    ])
    func unusualKeys(json: String) throws {
        for edits: [Edit] in [[], [.set("K", 7)], [.set("a", 8)], [.setPath(["b", "a"], 9)], [.remove("a")]] {
            let (unsplit, split) = try Self.written(json, edits)
            #expect(unsplit == split)
        }
    }

    @Test("a leniently read model posts back valid JSON: no trailing comma, no byte-order mark")
    func lenientModel() throws {
        let json = "\u{FEFF}{\"firstName\" : \"A\", \"list\":[1,2,],\"x\":{\"y\":1,},}"
        let model = try #require(LenientPerson(json: json))
        let written = try model.jsonData(options: [.keepUnmodeledKeys])
        #expect(String(decoding: written, as: UTF8.self) == #"{"firstName":"A","list":[1,2],"x":{"y":1}}"#)
        #expect((try? JSONSerialization.jsonObject(with: written)) != nil)
    }

    @Test("looking up a member reads through to the original and its changes")
    func lookups() throws {
        let document = try JSONDocument(bytes: Array(Self.pretty.utf8))
        var object = OrderedObject(node: document.root)
        object.set(5, forKey: "a")
        object.removeValue(forKey: "g")
        #expect(object["a"] as? Int == 5)
        #expect(object["g"] == nil)
        #expect((object["b"] as? VerbatimJSON)?.node.member("c")?.intValue == 2)
        #expect(object.keys == ["a", "b", "d"])
        #expect(object.count == 3)
        #expect(object.original != nil)
        // Take keeps the member's position for an in-place update.
        #expect(object.take("d") is VerbatimJSON)
        object.set([1], forKey: "d")
        #expect(String(decoding: try JSONWriter.write(object), as: UTF8.self) == #"{"a":5,"b":{"c":2,"e":[1,2]},"d":[1]}"#)
    }
}

/// The class facts lossless output reads from each class's table must stay right when the
/// class asked about changes from call to call.
@Suite("Facts lossless output reads per class")
struct LosslessClassFactsTests {
    @Test("alternating classes get their own answers")
    func alternating() throws {
        // Tables describe a class from its first instance.
        _ = try FidCustomer(parsing: "{}")
        _ = try FidLine(parsing: "{}")
        for _ in 0..<3 {
            #expect(ModelClassTable.of(VersionedNote.self).versioning != nil)
            #expect(ModelClassTable.of(FidLine.self).versioning == nil)
            #expect(ModelClassTable.of(FidCustomer.self).declaresNonOutputInTree == true)
            #expect(ModelClassTable.of(FidLine.self).declaresNonOutputInTree == false)
            #expect(ModelClassTable.of(VersionedNote.self).versioning != nil)
        }
    }
}
