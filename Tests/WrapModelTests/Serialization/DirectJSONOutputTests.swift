import Foundation
import Testing
import WrapModel

final class DirectTag: WrapModel, @unchecked Sendable {
    @MutStrProperty("label") var label
    @OptIntProperty("rank") var rank
    @MutProperty("weight") var weight: Double?
}

final class DirectDocument: WrapModel, @unchecked Sendable {
    @MutStrProperty("title") var title
    @MutOptStrProperty("subtitle") var subtitle
    @MutProperty("score") var score: Double
    @MutStrProperty("meta.origin.country") var country
    @MutProperty("stats.mean") var mean: Double?
    @ModelProperty("main_tag") var mainTag: DirectTag?
    @ModelArrayProperty("tags") var tags: [DirectTag]
    @EmbModelArrayProperty("edges", embedPath: "node.item") var edges: [DirectTag]
    @Property("counts") var counts: [Int]
    @MutProperty("draft", transient: true) var draft: String?
    let secret = WPOptStr("secret", serializeForOutput: false)
    let flag = WPBool("flag")
}

/// One property per common scalar codec, and some that look alike but are written otherwise.
final class DirectScalars: WrapModel, @unchecked Sendable {
    let string = WPStr("s")
    let int = WPInt("i")
    let double = WPDouble("d")
    let bool = WPBool("b")
    let yesNo = WPBool("yn", boolType: .yesNo)
    let numeric = WPBool("num", boolType: .numeric)
    let optString = WPOpt<String>("os")
    let optInt = WPOptInt("oi")
    let optNaturalInt = WPOpt<Int>("oni")
    let optDouble = WPOptDouble("od")
    let optNaturalDouble = WPOpt<Double>("ond")
    let optBool = WPOpt<Bool>("ob")
    let float = WPFloat("f")
    let intString = WPIntStr("is")
    let ints = WPIntArray("ia")
    @Property("wb") var wrappedBool: Bool?
    @Property("ws") var wrappedString: String?
}

/// Declarations that overlap (`place` and `place.label`): output builds this model's dictionary.
final class DirectOverlap: WrapModel, @unchecked Sendable {
    @ModelProperty("place") var place: DirectTag?
    @StrProperty("place.label") var label
}

final class DirectHolder: WrapModel, @unchecked Sendable {
    @StrProperty("name") var name
    @ModelProperty("inner") var inner: DirectOverlap?
}

final class DirectNode: WrapModel, @unchecked Sendable {
    @ModelProperty("child") var child: DirectNode?
}

/// Stamps every output, on itself and on the submodel it holds.
final class DirectStamped: WrapModel, @unchecked Sendable {
    @MutIntProperty("edited") var edited
    @ModelProperty("inner") var inner: DirectStamped?
    override func willWriteOutput() { if isMutable { edited += 1 } }
}

/// Compact JSON output without `sortedKeys`, `prettyPrinted` or `keepUnmodeledKeys` is written
/// straight from the properties, in declaration order; everything else builds the dictionary.
@Suite("Compact JSON written from the properties")
struct DirectJSONOutputTests {
    static let full = #"""
        {"title":"T \"q\"\n","subtitle":null,"score":0.1,"meta":{"origin":{"country":"NL"},"x":1},\#
        "stats":{"mean":2.5,"n":3},"main_tag":{"label":"a","rank":1,"extra":true},\#
        "tags":[{"label":"b"},{"label":"c","rank":2}],"edges":[{"node":{"item":{"label":"e"}},"cursor":"x"}],\#
        "counts":[1,2],"draft":"d","secret":"s","flag":true,"unknown":5}
        """#

    static let fullOutput = #"""
        {"title":"T \"q\"\n","score":0.1,"meta":{"origin":{"country":"NL"}},"stats":{"mean":2.5},\#
        "main_tag":{"label":"a","rank":1},"tags":[{"label":"b"},{"label":"c","rank":2}],\#
        "edges":[{"node":{"item":{"label":"e"}}}],"counts":[1,2],"flag":true}
        """#

    /// The declared form, which the direct writer writes.
    private func string(_ model: WrapModel, _ options: WrapOutputOptions = []) throws -> String {
        String(decoding: try model.jsonData(options: options.union(.declaredOnly)), as: UTF8.self)
    }

    /// Expects the direct writer to write what the dictionary-built output writes: the tree that
    /// `outputData(options:)` builds, written by the JSON writer. Sorted, both are the same bytes
    /// (the direct writer lays its compact text out again); compact, the same JSON value in
    /// another member order.
    private func expectMatchesTree(_ model: WrapModel, _ options: WrapOutputOptions = [],
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let options = options.union(.declaredOnly)
        let tree = model.outputData(options: options)
        let sorted = String(decoding: try model.jsonData(options: options.union(.sortedKeys)), as: UTF8.self)
        #expect(sorted == String(decoding: try WrapJSON.data(from: tree, options: .sortedKeys), as: UTF8.self), sourceLocation: sourceLocation)
        #expect(canonical(try WrapJSON.parse(model.jsonData(options: options))) == canonical(try WrapJSON.parse(WrapJSON.data(from: tree))),
                sourceLocation: sourceLocation)
    }

    @Test("nested objects for dotted key paths, submodels, model arrays, embed paths, escaped strings")
    func compact() throws {
        let document = try DirectDocument(parsing: Self.full)
        #expect(try string(document) == Self.fullOutput)
        try expectMatchesTree(document)
    }

    @Test("scalars are written as the dictionary holds them: numbers, booleans in their declared form, nil left out")
    func scalars() throws {
        let json = #"""
            {"s":"a\\b","i":-12,"d":1e21,"b":true,"yn":true,"num":true,"os":"x","oi":7,"oni":8,"od":0.5,\#
            "ond":2,"ob":false,"f":7.7,"is":"42","ia":[1,2],"wb":true,"ws":"w"}
            """#
        let scalars = try DirectScalars(parsing: json)
        #expect(try string(scalars) == #"""
            {"s":"a\\b","i":-12,"d":1e+21,"b":true,"yn":"yes","num":1,"os":"x","oi":7,"oni":8,"od":0.5,\#
            "ond":2.0,"ob":false,"f":7.7,"is":"42","ia":[1,2],"wb":true,"ws":"w"}
            """#)
        try expectMatchesTree(scalars)
        let empty = try DirectScalars(parsing: "{}")
        #expect(try string(empty) == #"{"s":"","i":0,"d":0.0,"b":false,"yn":"no","num":0,"f":0.0,"is":"0","ia":[]}"#)
        #expect(try string(empty, .withNulls) == #"""
            {"s":"","i":0,"d":0.0,"b":false,"yn":"no","num":0,"os":null,"oi":null,"oni":null,"od":null,"ond":null,\#
            "ob":null,"f":0.0,"is":"0","ia":[],"wb":null,"ws":null}
            """#)
    }

    @Test("a model made from a dictionary writes the same")
    func dictionaryBacked() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(Self.full.utf8)) as! [String: Any]
        #expect(try string(DirectDocument(data: parsed, mutable: false)) == Self.fullOutput)
    }

    @Test("withNulls writes null for nil values, in submodels and inside a dotted key path too")
    func nulls() throws {
        let document = try DirectDocument(parsing: #"{"title":"x","tags":[{"label":"b"}]}"#)
        #expect(try string(document) == #"""
            {"title":"x","score":0.0,"meta":{"origin":{"country":""}},"tags":[{"label":"b"}],"edges":[],"counts":[],"flag":false}
            """#)
        #expect(try string(document, .withNulls) == #"""
            {"title":"x","subtitle":null,"score":0.0,"meta":{"origin":{"country":""}},"stats":{"mean":null},\#
            "main_tag":null,"tags":[{"label":"b","rank":null,"weight":null}],"edges":[],"counts":[],"flag":false}
            """#)
        try expectMatchesTree(document, .withNulls)
    }

    @Test("properties not for output are written with includeNonOutputProperties; transient ones never")
    func nonOutput() throws {
        let document = try DirectDocument(parsing: #"{"title":"x","draft":"d","secret":"s"}"#)
        #expect(try string(document, .includeNonOutputProperties) == #"""
            {"title":"x","score":0.0,"meta":{"origin":{"country":""}},"tags":[],"edges":[],"counts":[],"secret":"s","flag":false}
            """#)
        try expectMatchesTree(document, .includeNonOutputProperties)
    }

    @Test("sortedKeys and prettyPrinted give the dictionary-built layout")
    func formatted() throws {
        let document = try DirectDocument(parsing: #"{"title":"x","flag":true,"tags":[{"rank":2,"label":"b"}]}"#)
        #expect(try string(document, .sortedKeys) == #"""
            {"counts":[],"edges":[],"flag":true,"meta":{"origin":{"country":""}},"score":0.0,"tags":[{"label":"b","rank":2}],"title":"x"}
            """#)
        let small = try DirectTag(parsing: #"{"label":"b","rank":2}"#)
        #expect(try string(small, [.prettyPrinted, .sortedKeys]) == """
            {
              "label" : "b",
              "rank" : 2
            }
            """)
    }

    @Test("written values are output, and an unencodable one names its key path", arguments: [
        ("score", "NaN"), ("stats.mean", "infinity"), ("main_tag.weight", "-infinity"),
        ("tags[1].weight", "NaN"), ("edges[0].node.item.weight", "infinity"),
    ])
    func unencodable(keyPath: String, found: String) throws {
        let document = try DirectDocument(parsing: Self.full, mutable: true)
        let bad: Double = found == "NaN" ? .nan : (found == "infinity" ? .infinity : -.infinity)
        document.title = "changed"
        switch keyPath {
        case "score": document.score = bad
        case "stats.mean": document.mean = bad
        case "main_tag.weight": document.mainTag?.weight = bad
        case "tags[1].weight": document.tags[1].weight = bad
        default: document.edges[0].weight = bad
        }
        #expect(throws: WrapModelError.unencodable(keyPath: keyPath, found: found)) { try document.jsonData(options: .declaredOnly) }
        #expect(throws: WrapModelError.unencodable(keyPath: keyPath, found: found)) { try document.jsonString(options: .declaredOnly) }
        document.clearMutations()
        document.tags[0].weight = 1.5
        #expect(try string(document).contains(#""tags":[{"label":"b","weight":1.5},"#))
    }

    @Test("a model whose declarations overlap writes its dictionary inside directly written output")
    func overlapInside() throws {
        // One member per level: the dictionary-built levels have no member order to pin.
        let holder = try DirectHolder(parsing: #"{"name":"h","inner":{"place":{"label":"p"},"other":1}}"#)
        #expect(try string(holder) == #"{"name":"h","inner":{"place":{"label":"p"}}}"#)
        try expectMatchesTree(holder)
    }

    @Test("a versioned model and a polymorphic one write their version and discriminator")
    func versionAndDiscriminator() throws {
        let note = try VersionedNote(parsing: #"{"text":"t"}"#)
        #expect(canonical(jsonObject(String(decoding: try note.jsonData(options: .declaredOnly), as: UTF8.self)))
                == canonical(["body": "t", "version": 1] as [String: Any]))
        let media = try PolyMedia.importModels(from: polyFeedJSON)
        #expect(canonical(jsonObject(String(decoding: try media[1].jsonData(options: .declaredOnly), as: UTF8.self)))
                == canonical(["id": 2, "type": "video", "title": "Waves", "seconds": 12.5] as [String: Any]))
        try expectMatchesTree(media[1])
    }

    @Test("write hooks run on the model and its submodels before output")
    func hooks() throws {
        let stamped = try DirectStamped(parsing: #"{"edited":0,"inner":{"edited":5}}"#, mutable: true)
        _ = stamped.inner
        #expect(try string(stamped) == #"{"edited":1,"inner":{"edited":6}}"#)
        #expect(try string(stamped) == #"{"edited":2,"inner":{"edited":7}}"#)
    }

    @Test("nesting past the writer's limit throws as the dictionary-built output does")
    func tooDeep() throws {
        var data: [String: Any] = [:]
        for _ in 0..<520 { data = ["child": data] }
        let root = DirectNode(data: data, mutable: false)
        let path = Array(repeating: "child", count: 512).joined(separator: ".")
        let expected = WrapModelError.unencodable(keyPath: path, found: "nesting deeper than 512")
        #expect(throws: expected) { try root.jsonData(options: .declaredOnly) }
        #expect(throws: expected) { try root.jsonString(options: .declaredOnly) }
    }
}
