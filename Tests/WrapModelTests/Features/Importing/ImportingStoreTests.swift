import Foundation
import Testing
import WrapModel

final class ImpItem: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @StrProperty("name") var name
    @OptIntProperty("stock") var stock: Int?
    @OptStrProperty("meta.color") var color: String?
    @OptStrProperty("meta.size") var size: String?
}

final class ImpNestedIdentity: WrapModel, @unchecked Sendable {
    @OptStrProperty("meta.id") var identifier: String?
    @StrProperty("title") var title
}

private func json(_ value: Any) -> Data {
    try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
}

@Suite("Importing: one-call import of arrays and objects")
struct ImportingImportTests {
    @Test("An array from Data, in order, typed as the model class")
    func arrayFromData() throws {
        let items: [ImpItem] = try ImpItem.importModels(from: Data(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3}]"#.utf8))
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(items.map(\.name) == ["a", "b", ""])
        #expect(items.allSatisfy { !$0.isMutable })
    }

    @Test("A single object from a String, mutable on request")
    func objectFromString() throws {
        let items = try ImpItem.importModels(from: #"{"id": 9, "name": "solo", "meta": {"color": "red"}}"#, mutable: true)
        #expect(items.count == 1)
        #expect(items[0].id == 9)
        #expect(items[0].color == "red")
        #expect(items[0].isMutable)
    }

    @Test("Already parsed arrays and objects")
    func parsed() throws {
        let array: [Any] = [["id": 4, "name": "d"], ["id": 5, "stock": 7]]
        let fromArray = try ImpItem.importModels(fromJSONObject: array)
        #expect(fromArray.map(\.id) == [4, 5])
        #expect(fromArray.map(\.stock) == [nil, 7])
        let fromObject = try ImpItem.importModels(fromJSONObject: ["id": 6, "name": "f"] as [String: Any])
        #expect(fromObject.map(\.name) == ["f"])
        #expect(try ImpItem.importModels(from: "[]").isEmpty)
    }

    @Test("Malformed JSON, a wrong root and a non-object element throw")
    func errors() {
        #expect {
            _ = try ImpItem.importModels(from: "[{\"id\": 1}")
        } throws: { error in
            guard case .malformedJSON = error as? WrapModelError else { return false }
            return true
        }
        #expect(throws: WrapModelError.notAnObject(found: "integer")) { _ = try ImpItem.importModels(from: "5") }
        #expect(throws: WrapModelError.notAnObject(found: "string")) { _ = try ImpItem.importModels(fromJSONObject: "x") }
        let elementError = WrapModelError.invalidValue(WrapModelIssue(keyPath: "[1]", kind: .wrongType(expected: "object", found: "string")))
        #expect(throws: elementError) { _ = try ImpItem.importModels(from: #"[{"id": 1}, "two"]"#) }
        #expect(throws: elementError) { _ = try ImpItem.importModels(fromJSONObject: [["id": 1], "two"] as [Any]) }
    }
}

@Suite("Importing: identity store and merge rules")
struct ImportingStoreTests {
    @Test("Importing an array stores one model per identity, in order")
    func importArray() throws {
        let store = WrapModelStore<ImpItem>(identityKeyPath: "id")
        let result = try store.import(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 1, "name": "a2"}]"#)
        #expect(result.models.map(\.id) == [1, 2, 1])
        #expect(result.models[0] === result.models[2])
        #expect(result.insertedCount == 2)
        #expect(result.updatedCount == 1)
        #expect(result.issues.isEmpty)
        #expect(store.count == 2)
        #expect(store.all.map(\.name) == ["a2", "b"])
        #expect(store.model(forIdentity: 2)?.name == "b")
        #expect(store.model(forIdentity: 3) == nil)
        let allMutable = store.all.allSatisfy { $0.isMutable }
        #expect(allMutable)
        #expect(store.identity(of: result.models[1]) == .int(2))
    }

    @Test("Import from Data, from a parsed array and from a single object")
    func importSources() throws {
        let store = WrapModelStore<ImpItem>(identityKeyPath: "id")
        try store.import(json([["id": 1, "name": "a"]]))
        try store.import(jsonObject: [["id": 2, "name": "b"]] as [Any])
        let single = try store.import(jsonObject: ["id": 3, "name": "c"] as [String: Any])
        let text = try store.import(#"{"id": 4, "name": "d"}"#)
        #expect(single.models.map(\.id) == [3])
        #expect(text.models.map(\.id) == [4])
        #expect(store.all.map(\.name) == ["a", "b", "c", "d"])
        #expect(throws: WrapModelError.notAnObject(found: "integer")) { try store.import("12") }
        #expect {
            try store.import("[")
        } throws: { error in
            guard case .malformedJSON = error as? WrapModelError else { return false }
            return true
        }
        #expect(store.count == 4)
    }

    @Test("Merge: new values win, absent keys stay, null clears, nested objects merge; same instance")
    func mergeRules() throws {
        let store = WrapModelStore<ImpItem>(identityKeyPath: "id")
        let first = try store.import(#"{"id": 1, "name": "A", "stock": 5, "meta": {"color": "red", "size": "L"}, "tags": [1, 2]}"#)
        let original = try #require(first.models.first)
        let second = try store.import(#"[{"id": 1, "stock": null, "meta": {"color": "blue"}, "extra": "x", "tags": [3]}]"#)
        #expect(second.models.first === original)
        #expect(second.updatedCount == 1 && second.insertedCount == 0)
        #expect(original.name == "A")
        #expect(original.stock == nil)
        #expect(original.color == "blue")
        #expect(original.size == "L")
        #expect(canonical(original.originalModelData) == canonical([
            "id": 1, "name": "A", "meta": ["color": "blue", "size": "L"], "extra": "x", "tags": [3],
        ] as [String: Any]))
        // A null for a nested object removes it; a later object brings it back.
        try store.import(#"{"id": 1, "meta": null}"#)
        #expect(original.color == nil && original.size == nil)
        try store.import(#"{"id": 1, "meta": {"size": "S"}}"#)
        #expect(original.size == "S" && original.color == nil)
        #expect(store.count == 1)
    }

    @Test("Without merge the new data replaces the old entirely, still in the same instance")
    func replace() throws {
        let store = WrapModelStore<ImpItem>(identityKeyPath: "id")
        let original = try #require(try store.import(#"{"id": 1, "name": "A", "stock": 5, "meta": {"color": "red"}}"#).models.first)
        let result = try store.import(#"{"id": 1, "stock": 6, "meta": {"size": "M"}}"#, merge: false)
        #expect(result.models.first === original)
        #expect(original.name == "")
        #expect(original.stock == 6)
        #expect(original.color == nil)
        #expect(original.size == "M")
        #expect(canonical(original.originalModelData) == canonical(["id": 1, "stock": 6, "meta": ["size": "M"]] as [String: Any]))
    }

    @Test("An import drops values written to the stored model")
    func importDropsWrites() throws {
        final class Editable: WrapModel, @unchecked Sendable {
            @MutStrProperty("name") var name
            @MutStrProperty("note") var note
        }
        let store = WrapModelStore<Editable>(identityKeyPath: "id")
        let model = try #require(try store.import(#"{"id": 1, "name": "A", "note": "n"}"#).models.first)
        model.name = "local"
        model.note = "local note"
        try store.import(#"{"id": 1, "name": "B"}"#)
        #expect(model.name == "B")
        #expect(model.note == "n")
    }

    @Test("12 and \"12\" are the same identity; the data keeps the form it was sent in")
    func identityNormalisation() throws {
        let store = WrapModelStore<ImpItem>(identityKeyPath: "id")
        let first = try #require(try store.import(#"{"id": "12", "name": "string id"}"#).models.first)
        let second = try #require(try store.import(#"{"id": 12, "stock": 1}"#).models.first)
        #expect(first === second)
        #expect(store.count == 1)
        #expect(store.model(forIdentity: "12") === first)
        #expect(store.model(forIdentity: 12) === first)
        #expect(store.model(forIdentity: .int(12)) === first)
        #expect(first.name == "string id" && first.stock == 1)
        // "012" is not canonical: a different, string identity.
        try store.import(#"[{"id": "012"}, {"id": 12.0, "name": "double"}, {"id": "abc"}]"#)
        #expect(store.count == 3)
        #expect(store.model(forIdentity: "012") !== first)
        #expect(store.identity(of: try #require(store.model(forIdentity: "012"))) == .string("012"))
        #expect(first.name == "double")
        #expect(WrapModelIdentity("12" as Any) == .int(12))
        #expect(WrapModelIdentity(string: "-7") == .int(-7))
        #expect(WrapModelIdentity(string: "+7") == .string("+7"))
        #expect(WrapModelIdentity(12.5) == nil)
        #expect(WrapModelIdentity(true) == nil)
        #expect(WrapModelIdentity("" as Any) == nil)
        #expect(WrapModelIdentity("x1" as Any) == .string("x1"))
    }

    @Test("Missing and wrong-typed identities are reported with their key paths and not stored")
    func badIdentities() throws {
        let store = WrapModelStore<ImpItem>(identityKeyPath: "id")
        let result = try store.import(#"[{"id": 1}, {"name": "no id"}, {"id": true}, {"id": 2.5}, {"id": ""}, 7, {"id": null}, {"id": [1]}, {"id": 2}]"#)
        #expect(result.models.map(\.id) == [1, 2])
        #expect(result.issues == [
            WrapModelIssue(keyPath: "[1].id", kind: .missing),
            WrapModelIssue(keyPath: "[2].id", kind: .wrongType(expected: "integer or string identity", found: "boolean")),
            WrapModelIssue(keyPath: "[3].id", kind: .wrongType(expected: "integer or string identity", found: "number")),
            WrapModelIssue(keyPath: "[4].id", kind: .wrongType(expected: "integer or string identity", found: "empty string")),
            WrapModelIssue(keyPath: "[5]", kind: .wrongType(expected: "object", found: "integer")),
            WrapModelIssue(keyPath: "[6].id", kind: .missing),
            WrapModelIssue(keyPath: "[7].id", kind: .wrongType(expected: "integer or string identity", found: "array")),
        ])
        #expect(store.count == 2)
        let single = try store.import(#"{"name": "x"}"#)
        #expect(single.models.isEmpty)
        #expect(single.issues == [WrapModelIssue(keyPath: "id", kind: .missing)])
    }

    @Test("A nested identity key path")
    func nestedIdentity() throws {
        let store = WrapModelStore<ImpNestedIdentity>(identityKeyPath: "meta.id")
        let result = try store.import(#"[{"meta": {"id": "a"}, "title": "one"}, {"meta": {"id": "b"}}, {"meta": 5}, {"meta": {"id": "a"}, "title": "two"}]"#)
        #expect(result.issues == [WrapModelIssue(keyPath: "[2].meta.id", kind: .missing)])
        #expect(store.count == 2)
        #expect(store.model(forIdentity: "a")?.title == "two")
        #expect(store.model(forIdentity: "a")?.identifier == "a")
        #expect(result.models[0] === result.models[2])
    }
}
