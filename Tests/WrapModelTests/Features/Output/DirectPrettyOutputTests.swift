import Foundation
import Testing
@testable import WrapModel

/// Keys whose sorted order tests the writer's byte order: case, accents composed and not,
/// escapes, prefixes, an emoji, the empty key.
final class OddKeys: WrapModel, @unchecked Sendable {
    @MutStrProperty("zeta") var zeta
    @MutStrProperty("Alpha") var alpha
    @MutStrProperty("\u{E9}t\u{E9}") var composed
    @MutStrProperty("e\u{301}te") var decomposed
    @MutStrProperty("line\nbreak") var lineBreak
    @MutStrProperty("quote\"d") var quoted
    @MutStrProperty("ab") var ab
    @MutStrProperty("a") var a
    @MutStrProperty("c.b2") var dotted
    @MutStrProperty("\u{1F600}") var emoji
    @MutDictProperty("dict") var dict
    @MutProperty("list") var list: [[String: Int]]
    @MutOptStrProperty("maybe") var maybe
}

/// Sorted and pretty output is written from the properties and laid out from its compact text;
/// these hold it to the bytes the writer makes of the model's dictionary, which is how such output
/// was written before.
@Suite("Sorted and pretty JSON written from the properties")
struct DirectPrettyOutputTests {
    static let optionSets: [WrapOutputOptions] = [
        [.prettyPrinted, .sortedKeys], [.sortedKeys], [.prettyPrinted, .sortedKeys, .withNulls],
        [.sortedKeys, .withNulls], [.prettyPrinted, .sortedKeys, .includeNonOutputProperties],
    ]

    /// The bytes of the dictionary-built output: what these options wrote before.
    static func treeBytes(_ model: WrapModel, _ options: WrapOutputOptions) throws -> [UInt8] {
        try JSONOutput.bytes(model.outputTree(WrapEncodingContext(options)).writable, options: options)
    }

    static func expectSameBytes(_ model: WrapModel, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for options in optionSets {
            let direct = Array(try model.jsonData(options: options.union(.declaredOnly)))
            let tree = try treeBytes(model, options)
            #expect(direct == tree, "\(options.rawValue):\n\(String(decoding: direct, as: UTF8.self))\n---\n\(String(decoding: tree, as: UTF8.self))",
                    sourceLocation: sourceLocation)
        }
        for withNulls in [false, true] {
            let options: WrapOutputOptions = withNulls ? [.prettyPrinted, .sortedKeys, .withNulls] : [.prettyPrinted, .sortedKeys]
            let before = try? JSONOutput.string(model.outputTree(WrapEncodingContext(options)).writable, options: options)
            #expect(model.currentModelDataAsJSON(withNulls: withNulls) == before, sourceLocation: sourceLocation)
        }
    }

    @Test("every wrapper of the catalogue, read-only and mutable, as parsed and after writes")
    func catalogue() throws {
        try Self.expectSameBytes(ReadOnlyCatalog(parsing: catalogJSON))
        let mutable = try MutableCatalog(parsing: catalogJSON, mutable: true)
        try Self.expectSameBytes(mutable)
        mutable.str = "  written  "
        mutable.optInt = nil
        mutable.doubles = [1.5, -0.0, 1e300]
        mutable.dict = ["z": 1, "a": ["y": true, "b": NSNull()], "m": [3, "x"]]
        mutable.models = [try Tag(parsing: #"{"id": 9, "label": "nine"}"#)]
        try Self.expectSameBytes(mutable)
        try Self.expectSameBytes(MutableCatalog(parsing: "{}"))
    }

    @Test("submodels, model arrays, embed paths, dotted key paths, escapes, nulls; from JSON and from a dictionary")
    func documents() throws {
        let document = try DirectDocument(parsing: DirectJSONOutputTests.full)
        #expect(document.descriptorTable.outputPlan.writesDirectly)
        try Self.expectSameBytes(document)
        try Self.expectSameBytes(DirectDocument(parsing: #"{"title":"x","tags":[{"label":"b"}]}"#))
        let parsed = try JSONSerialization.jsonObject(with: Data(DirectJSONOutputTests.full.utf8)) as! [String: Any]
        try Self.expectSameBytes(DirectDocument(data: parsed, mutable: false))
        let scalars = try DirectScalars(parsing: #"""
            {"s":"a\\b\u0001","i":-12,"d":1e21,"b":true,"yn":true,"num":true,"os":"x","oi":7,"oni":8,"od":0.5,\#
            "ond":2,"ob":false,"f":7.7,"is":"42","ia":[1,2],"wb":true,"ws":"w"}
            """#)
        try Self.expectSameBytes(scalars)
        try Self.expectSameBytes(DirectScalars(parsing: "{}"))
    }

    @Test("declarations that overlap, versioned and polymorphic models: their dictionary, laid out the same")
    func dictionaryBuilt() throws {
        try Self.expectSameBytes(DirectHolder(parsing: #"{"name":"h","inner":{"place":{"label":"p","rank":3},"other":1}}"#))
        try Self.expectSameBytes(DirectOverlap(parsing: #"{"place":{"label":"p","rank":3}}"#))
        try Self.expectSameBytes(VersionedNote(parsing: #"{"text":"t"}"#))
        for media in try PolyMedia.importModels(from: polyFeedJSON) { try Self.expectSameBytes(media) }
    }

    @Test("keys sort by their UTF-8 bytes: case, composed and decomposed accents, escapes, prefixes, emoji, empty")
    func keyOrder() throws {
        let model = try OddKeys(parsing: "{}", mutable: true)
        #expect(model.descriptorTable.outputPlan.writesDirectly, "written from the properties, not from a dictionary")
        try Self.expectSameBytes(model)
        model.zeta = "z"
        model.composed = "\u{E9}"
        model.decomposed = "e\u{301}"
        model.lineBreak = "\n\t\u{0}"
        model.dict = ["b": 1, "B": 2, "": 3, "\u{E4}": 4, "a\u{30A}": 5, "a\nb": 6, "a\"": 7, "a": ["y": [], "x": [:]] as [String: Any],
                      "\u{7F}": 8, "\u{1F600}": 9, "\u{FFFF}": 10, "ab": 11]
        model.list = [["b": 1, "a": 2], [:], ["only": 3]]
        try Self.expectSameBytes(model)
        let pretty = try #require(model.currentModelDataAsJSON(withNulls: false))
        #expect(pretty.hasPrefix("""
            {
              "Alpha" : "",
              "a" : "",
              "ab" : "",
              "c" : {
                "b2" : ""
              },
              "dict" : {
                "" : 3,
                "B" : 2,
                "a" : {
                  "x" : {},
                  "y" : []
                },
                "a\\nb" : 6,
            """))
    }

    @Test("write hooks run once per output, as before")
    func hooks() throws {
        let stamped = try DirectStamped(parsing: #"{"edited":0,"inner":{"edited":5}}"#, mutable: true)
        _ = stamped.inner
        #expect(String(decoding: try stamped.jsonData(options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
                == "{\n  \"edited\" : 1,\n  \"inner\" : {\n    \"edited\" : 6\n  }\n}")
        #expect(stamped.currentModelDataAsJSON(withNulls: false) == "{\n  \"edited\" : 2,\n  \"inner\" : {\n    \"edited\" : 7\n  }\n}")
    }

    @Test("an unencodable value is reported, and a document nested past the limit too")
    func errors() throws {
        let document = try DirectDocument(parsing: DirectJSONOutputTests.full, mutable: true)
        document.score = .nan
        #expect(throws: WrapModelError.unencodable(keyPath: "score", found: "NaN")) {
            try document.jsonData(options: [.prettyPrinted, .sortedKeys])
        }
        #expect(document.currentModelDataAsJSON(withNulls: true) == nil)
        var data: [String: Any] = [:]
        for _ in 0..<520 { data = ["child": data] }
        let path = Array(repeating: "child", count: 512).joined(separator: ".")
        #expect(throws: WrapModelError.unencodable(keyPath: path, found: "nesting deeper than 512")) {
            try DirectNode(data: data, mutable: false).jsonData(options: [.prettyPrinted, .sortedKeys])
        }
        var shallow: [String: Any] = [:]
        for _ in 0..<511 { shallow = ["child": shallow] }
        try Self.expectSameBytes(DirectNode(data: shallow, mutable: false))
    }
}
