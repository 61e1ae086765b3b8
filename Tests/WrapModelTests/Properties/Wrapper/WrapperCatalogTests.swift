import Foundation
import Testing
import WrapModel

@Suite("Property wrappers: every wrapper in one model")
struct WrapperCatalogTests {
    static func withNulls(_ data: [String: Any], nilKeys: [String]) -> [String: Any] {
        var result = data
        for key in nilKeys { result[key] = NSNull() }
        return result
    }

    @Test("Read-only wrappers read the document, applying modifiers")
    func readOnlyReads() throws {
        let catalog = try #require(ReadOnlyCatalog(json: catalogJSON))
        #expect(catalog.int == 30)
        #expect(catalog.optInt == 17)
        #expect(catalog.float == 1.25)
        #expect(catalog.double == 2.75)
        #expect(catalog.optDouble == nil)
        #expect(catalog.bool == true)
        #expect(catalog.boolNum == true)
        #expect(catalog.numInt == NSNumber(value: 7))
        #expect(catalog.numFloat?.doubleValue == 1.5)
        #expect(catalog.intStr == 42)
        #expect(catalog.optIntStr == 9)
        #expect(catalog.str == "HELLO")
        #expect(catalog.optStr == "was nil")
        #expect(canonical(catalog.dict) == canonical(["a": 1]))
        #expect(canonical(catalog.optDict) == canonical(["b": "x"]))
        #expect(catalog.shade == .green)
        #expect(catalog.optShade == .blue)
        #expect(catalog.unkShade == .unknown)
        #expect(catalog.group.name == "grp")
        #expect(catalog.group.count == 4)
        #expect(catalog.group.lock === catalog.lock)
        #expect(catalog.model?.id == 1)
        #expect(catalog.model?.label == "one")
        #expect(catalog.models.map(\.id) == [2])
        #expect(catalog.optModels == nil)
        #expect(catalog.modelDict.mapValues(\.id) == ["x": 3])
        #expect(catalog.optModelDict?.mapValues(\.label) == ["z": "four"])
        #expect(catalog.edges.map(\.label) == ["five"])
        #expect(catalog.optEdges?.map(\.id) == [6])
        #expect(catalog.dictModels.mapValues { $0.map(\.id) } == ["k": [7]])
        #expect(catalog.optDictModels?.mapValues { $0.map(\.id) } == ["m": [], "n": [8]])
        #expect(catalog.date == utc(1_518_652_800))
        #expect(catalog.date8601 == utc(1_478_034_873))
        #expect(catalog.dateFmt == utc(1_478_034_840))
        #expect(catalog.ints == [1, 2, 4])
        #expect(catalog.optInts == nil)
        #expect(catalog.floats == [0.5, 1.5])
        #expect(catalog.optFloats == [2])
        #expect(catalog.doubles == [0.5])
        #expect(catalog.optDoubles == [])
        #expect(catalog.strs == ["a", "b"])
        #expect(catalog.optStrs == ["c"])
        #expect(canonical(catalog.dicts) == canonical([["q": 1]]))
        #expect(catalog.optDicts == nil)
        #expect(catalog.ro == 12)
        #expect(catalog.secret == "s")
        #expect(catalog.missing == 99)
        for model in [catalog.model!] + catalog.models + catalog.edges + Array(catalog.modelDict.values) {
            #expect(model.lock === catalog.lock)
            #expect(model.isMutable == false)
        }
    }

    @Test("Mutable wrappers read the same document, applying get modifiers")
    func mutableReads() throws {
        let catalog = try #require(MutableCatalog(json: catalogJSON, mutable: true))
        #expect(catalog.int == 30)
        #expect(catalog.str == "HELLO")
        #expect(catalog.optStr == nil)
        #expect(catalog.doubles == [0.25])
        #expect(catalog.shade == .green)
        #expect(catalog.unkShade == .unknown)
        #expect(catalog.edges.map(\.id) == [5])
        #expect(catalog.group.isMutable)
        #expect(catalog.model?.isMutable == true)
        #expect(catalog.model?.lock === catalog.lock)
    }

    @Test("Both catalogues write the document the same way; modifiers do not change output", arguments: [false, true])
    func unmodifiedOutput(mutable: Bool) throws {
        let models: [WrapModel] = [try #require(ReadOnlyCatalog(json: catalogJSON, mutable: mutable)),
                                   try #require(MutableCatalog(json: catalogJSON, mutable: mutable))]
        for model in models {
            #expect(canonical(model.currentModelData(withNulls: false)) == canonical(catalogOutput))
            #expect(canonical(model.currentModelData(withNulls: true)) ==
                    canonical(Self.withNulls(catalogOutput, nilKeys: catalogNilKeys)))
            var forOutput = catalogOutput
            forOutput.removeValue(forKey: "secret")
            #expect(canonical(model.currentModelData(withNulls: false, forOutput: true)) == canonical(forOutput))
            #expect(canonical(model.currentModelData(withNulls: true, forOutput: true)) ==
                    canonical(Self.withNulls(forOutput, nilKeys: catalogNilKeys)))
        }
    }

    /// Writes one new value through every mutable wrapper.
    static func mutate(_ catalog: MutableCatalog) {
        catalog.int = 50
        catalog.optInt = nil
        catalog.float = 0.1
        catalog.double = -1.5
        catalog.optDouble = 3.25
        catalog.bool = false
        catalog.boolNum = false
        catalog.numInt = NSNumber(value: 8)
        catalog.numFloat = nil
        catalog.intStr = 7
        catalog.optIntStr = nil
        catalog.str = "  spaced  "
        catalog.optStr = "now"
        catalog.dict = ["new": true]
        catalog.optDict = nil
        catalog.shade = .red
        catalog.optShade = nil
        catalog.unkShade = .blue
        catalog.group.name = "G2"
        catalog.model?.label = "uno"
        catalog.models.append(Tag(data: ["id": 22], mutable: true))
        catalog.optModels = []
        catalog.modelDict["x"]?.label = "tres"
        catalog.optModelDict = nil
        catalog.edges[0].label = "cinco"
        catalog.optEdges = nil
        catalog.dictModels["new"] = [Tag(data: ["id": 70, "label": "seventy"], mutable: true)]
        catalog.optDictModels = nil
        catalog.date = utc(0)
        catalog.date8601 = nil
        catalog.dateFmt = utc(60)
        catalog.ints = [9]
        catalog.optInts = [1, 2]
        catalog.floats.append(2.5)
        catalog.optFloats = nil
        catalog.doubles = []
        catalog.optDoubles = [1]
        catalog.strs = ["z"]
        catalog.optStrs = nil
        catalog.dicts = [["r": 2]]
        catalog.optDicts = [[:]]
        catalog.ro = 13
        catalog.secret = "t"
        catalog.missing = 98
    }

    /// The output after `mutate`, without nulls, for output or not.
    static var mutatedOutput: [String: Any] { applying([
        "int": 5, "opt_int": NSNull(), "float": 0.1, "double": -1.5, "opt_double": 3.25, "bool": "no", "bool_num": 0,
        "num_int": 8, "num_float": NSNull(), "int_str": "7", "opt_int_str": NSNull(), "str": "spaced", "opt_str": "now",
        "dict": ["new": true], "opt_dict": NSNull(), "enum": "crimson", "opt_enum": NSNull(), "enum_unk": "blue",
        "g_name": "G2",
        "model": ["id": 1, "label": "uno"],
        "models": [["id": 2, "label": "two"], ["id": 22, "label": ""]],
        "opt_models": [Any](),
        "model_dict": ["x": ["id": 3, "label": "tres"]],
        "opt_model_dict": NSNull(),
        "edges": [["node": ["item": ["id": 5, "label": "cinco"]]]],
        "opt_edges": NSNull(),
        "dict_models": ["k": [["id": 7, "label": "seven"]], "new": [["id": 70, "label": "seventy"]]],
        "opt_dict_models": NSNull(),
        "date": "1970-01-01", "date_8601": NSNull(), "date_fmt": "01.01.1970 00:01",
        "ints": [9], "opt_ints": [1, 2], "floats": [0.5, 1.5, 2.5] as [Float], "opt_floats": NSNull(), "doubles": [Double](),
        "opt_doubles": [1.0], "strs": ["z"], "opt_strs": NSNull(), "dicts": [["r": 2]], "opt_dicts": [[String: Any]()],
        "ro": "13", "secret": "t", "missing": 98,
    ], to: catalogOutput) }

    static let mutatedNilKeys = ["opt_int", "num_float", "opt_int_str", "opt_dict", "opt_enum", "opt_model_dict",
                                 "opt_edges", "opt_dict_models", "date_8601", "opt_floats", "opt_strs"]

    @Test("Mutable wrappers write through set modifiers; reads apply get modifiers")
    func mutateAndRead() throws {
        let catalog = try #require(MutableCatalog(json: catalogJSON, mutable: true))
        Self.mutate(catalog)
        #expect(catalog.int == 50)
        #expect(catalog.str == "SPACED")
        #expect(catalog.float == 0.1)
        #expect(catalog.shade == .red)
        #expect(catalog.unkShade == .blue)
        #expect(catalog.group.name == "G2")
        #expect(catalog.models.map(\.id) == [2, 22])
        #expect(catalog.edges.first?.label == "cinco")
        #expect(catalog.ro == 13)
        #expect(catalog.date == utc(0))
        #expect(catalog.floats == [0.5, 1.5, 2.5])
        #expect(catalog.optInts == [1, 2])
    }

    @Test("Mutated output with and without nulls, for output or not")
    func mutatedOutput() throws {
        let catalog = try #require(MutableCatalog(json: catalogJSON, mutable: true))
        Self.mutate(catalog)
        #expect(canonical(catalog.currentModelData(withNulls: false)) == canonical(Self.mutatedOutput))
        let nilKeys = Self.mutatedNilKeys
        #expect(canonical(catalog.currentModelData(withNulls: true)) == canonical(Self.withNulls(Self.mutatedOutput, nilKeys: nilKeys)))
        var forOutput = Self.mutatedOutput
        forOutput.removeValue(forKey: "secret")
        #expect(canonical(catalog.currentModelData(withNulls: false, forOutput: true)) == canonical(forOutput))
        #expect(canonical(catalog.currentModelData(withNulls: true, forOutput: true)) == canonical(Self.withNulls(forOutput, nilKeys: nilKeys)))
    }

    @Test("EnumUnkProperty: unknown when absent or unrecognised, never written")
    func enumUnknown() throws {
        let catalog = try #require(MutableCatalog(json: #"{"enum_unk": "green"}"#, mutable: true))
        #expect(catalog.unkShade == .green)
        catalog.unkShade = .unknown
        #expect(catalog.unkShade == .unknown)
        #expect(catalog.currentModelData(withNulls: false)["enum_unk"] == nil)
        let absent = try #require(ReadOnlyCatalog(json: "{}"))
        #expect(absent.unkShade == .unknown)
        #expect(absent.currentModelData(withNulls: false)["enum_unk"] == nil)
    }

    @Test("Copies of the mutated catalogue carry every mutation")
    func copies() throws {
        let catalog = try #require(MutableCatalog(json: catalogJSON, mutable: true))
        Self.mutate(catalog)
        let immutable = catalog.copy() as! MutableCatalog
        let mutable = catalog.mutableCopy() as! MutableCatalog
        let initCopy = MutableCatalog(asCopyOf: catalog, withMutations: true, mutable: false)
        for copy in [immutable, mutable, initCopy] {
            #expect(canonical(copy.currentModelData(withNulls: true)) == canonical(catalog.currentModelData(withNulls: true)))
            #expect(copy == catalog)
            #expect(copy.hash == catalog.hash)
            #expect(copy.int == 50)
            #expect(copy.str == "SPACED")
            #expect(copy.model?.lock === copy.lock)
            #expect(copy.group.lock === copy.lock)
        }
        #expect(immutable.isMutable == false)
        #expect(immutable.model?.isMutable == false)
        #expect(mutable.isMutable)
        mutable.model?.label = "changed in copy"
        mutable.group.name = "copy group"
        #expect(catalog.model?.label == "uno")
        #expect(catalog.group.name == "G2")
        let without = MutableCatalog(asCopyOf: catalog, withMutations: false, mutable: false)
        #expect(canonical(without.currentModelData(withNulls: false)) == canonical(catalogOutput))
        #expect(without != catalog)
    }

    @Test("The mutated catalogue survives a keyed archive round trip")
    func archive() throws {
        let catalog = try #require(MutableCatalog(json: catalogJSON, mutable: true))
        Self.mutate(catalog)
        let restored = try #require(try archiveRoundTrip(catalog))
        #expect(restored.isMutable)
        #expect(restored == catalog)
        #expect(canonical(restored.currentModelData(withNulls: true)) == canonical(catalog.currentModelData(withNulls: true)))
        #expect(restored.int == 50)
        #expect(restored.secret == "t")
        #expect(canonical(restored.originalModelData["unmodelled"]) == "s:kept only in the original")
        let readOnly = try #require(ReadOnlyCatalog(json: catalogJSON))
        let restoredReadOnly = try #require(try archiveRoundTrip(readOnly))
        #expect(restoredReadOnly.isMutable == false)
        #expect(restoredReadOnly == readOnly)
    }

    @Test("Equality: same current data; two classes writing the same data are equal")
    func equality() throws {
        let a = try #require(MutableCatalog(json: catalogJSON, mutable: true))
        let b = try #require(MutableCatalog(json: catalogJSON, mutable: false))
        #expect(a == b)
        #expect(a.hash == b.hash)
        let readOnly = try #require(ReadOnlyCatalog(json: catalogJSON))
        // Equality compares current data whatever the classes, and both catalogues write the same.
        #expect(a.isEqual(readOnly))
        #expect(a.hash == readOnly.hash)
        a.missing = 100
        #expect(a != b)
        a.missing = 99
        #expect(a == b)
    }
}
