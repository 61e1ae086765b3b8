import Foundation
import Testing
import WrapModel

final class Directory: WrapModel, @unchecked Sendable {
    let byKey = WPModelDict<Item>("by_key")
    let optionalByKey = WPOptModelDict<Item>("optional_by_key")
    let groups = WPDictModelArray<Item>("groups")
    let optionalGroups = WPOptDictModelArray<Item>("optional_groups")
    let hidden = WPModelDict<Item>("hidden", serializeForOutput: false)
}

@Suite("Dictionaries of models and of arrays of models")
struct ModelDictionaryPropertyTests {
    static let json = #"""
    {"by_key": {"a": {"id": 1, "name": "A"}, "b": null, "c": 5, "d": {"id": 4}},
     "optional_by_key": {"z": {"id": 26}},
     "groups": {"odd": [{"id": 1}, {"id": 3}, "x"], "even": [{"id": 2}], "none": null, "bad": 7},
     "optional_groups": {"empty": []},
     "hidden": {"h": {"id": 0}}}
    """#

    @Test("Null entries are dropped, not the whole dictionary")
    func reads() throws {
        let directory = try #require(Directory(json: Self.json))
        #expect(directory.byKey.value.keys.sorted() == ["a", "d"])
        #expect(directory.byKey.value["a"]?.name.value == "A")
        #expect(directory.byKey.value["d"]?.id.value == 4)
        #expect(directory.optionalByKey.value?["z"]?.id.value == 26)
        #expect(directory.groups.value.keys.sorted() == ["even", "odd"])
        #expect(directory.groups.value["odd"]?.map { $0.id.value } == [1, 3])
        #expect(directory.groups.value["even"]?.map { $0.id.value } == [2])
        #expect(directory.optionalGroups.value?["empty"]?.isEmpty == true)
        for item in directory.byKey.value.values { #expect(item.lock === directory.lock) }
        for item in directory.groups.value.values.joined() { #expect(item.lock === directory.lock) }
    }

    @Test("Absent, null and wrong types read the default", arguments: ["{}",
        #"{"by_key": null, "optional_by_key": null, "groups": null, "optional_groups": null}"#,
        #"{"by_key": [1], "optional_by_key": "x", "groups": 3, "optional_groups": [[{"id": 1}]]}"#])
    func defaults(json: String) throws {
        let directory = try #require(Directory(json: json))
        #expect(directory.byKey.value.isEmpty)
        #expect(directory.optionalByKey.value == nil)
        #expect(directory.groups.value.isEmpty)
        #expect(directory.optionalGroups.value == nil)
    }

    @Test("Output writes every model's data; with nulls, for output or not")
    func output() throws {
        let directory = try #require(Directory(json: Self.json, mutable: true))
        #expect(canonical(directory.currentModelData(withNulls: false)) == canonical([
            "by_key": ["a": ["id": 1, "name": "A"], "d": ["id": 4, "name": ""]],
            "optional_by_key": ["z": ["id": 26, "name": ""]],
            "groups": ["odd": [["id": 1, "name": ""], ["id": 3, "name": ""]], "even": [["id": 2, "name": ""]]],
            "optional_groups": ["empty": [Any]()],
            "hidden": ["h": ["id": 0, "name": ""]],
        ]))
        directory.byKey.value["a"]?.name.value = "Alpha"
        directory.byKey.value["n"] = Item(data: ["id": 14], mutable: true)
        directory.groups.value["even"]?[0].name.value = "two"
        directory.optionalByKey.value = nil
        directory.optionalGroups.value = ["new": [Item(data: ["id": 9], mutable: true)]]
        #expect(canonical(directory.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "by_key": ["a": ["id": 1, "name": "Alpha"], "d": ["id": 4, "name": ""], "n": ["id": 14, "name": ""]],
            "optional_by_key": NSNull(),
            "groups": ["odd": [["id": 1, "name": ""], ["id": 3, "name": ""]], "even": [["id": 2, "name": "two"]]],
            "optional_groups": ["new": [["id": 9, "name": ""]]],
        ]))
    }
}
