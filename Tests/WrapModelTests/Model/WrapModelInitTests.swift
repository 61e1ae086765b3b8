import Foundation
import Testing
import WrapModel

@Suite("WrapModel initialisers and original data")
struct WrapModelInitTests {
    @Test("init(data:mutable:) wraps the dictionary untouched")
    func initData() {
        let data: [String: Any] = ["name": "Ann", "age": 41, "extra": ["x": 1]]
        let person = Person(data: data, mutable: false)
        #expect(person.isMutable == false)
        #expect(person.name.value == "Ann")
        #expect(person.age.value == 41)
        #expect(canonical(person.originalModelData) == canonical(data))
        let mutable = Person(data: data, mutable: true)
        #expect(mutable.isMutable)
    }

    @Test("init() is empty and mutable")
    func initEmpty() {
        let person = Person()
        #expect(person.isMutable)
        #expect(person.originalModelData.isEmpty)
        #expect(person.name.value == "")
        #expect(person.age.value == nil)
        #expect(person.items.value.isEmpty)
        person.name.value = "Bo"
        #expect(person.name.value == "Bo")
    }

    @Test("init(json:) reads an object and defaults to immutable")
    func initJSON() throws {
        let person = try #require(Person(json: #"{"name": "Cy", "age": 7}"#))
        #expect(person.isMutable == false)
        #expect(person.name.value == "Cy")
        #expect(person.age.value == 7)
        let mutable = try #require(Person(json: #"{"name": "Cy"}"#, mutable: true))
        #expect(mutable.isMutable)
    }

    @Test("init(json:) is nil for nil, malformed and non-object JSON",
          arguments: [nil, "", "{", #"{"a": }"#, "[1, 2]", "42", #""text""#, "null"] as [String?])
    func initJSONFailures(json: String?) {
        #expect(Person(json: json) == nil)
        #expect(Person(json: json, mutable: true) == nil)
    }

    @Test("init(jsonData:) reads UTF-8 bytes; nil for nil, malformed and non-object data")
    func initJSONData() throws {
        let person = try #require(Person(jsonData: Data(#"{"name": "Zoë"}"#.utf8)))
        #expect(person.name.value == "Zoë")
        #expect(person.isMutable == false)
        #expect(try #require(Person(jsonData: Data("{}".utf8), mutable: true)).isMutable)
        #expect(Person(jsonData: nil) == nil)
        #expect(Person(jsonData: Data("{nope".utf8)) == nil)
        #expect(Person(jsonData: Data("[{}]".utf8)) == nil)
    }

    @Test("originalModelData is unchanged by writes; originalModelDataAsJSON is its JSON")
    func originalData() throws {
        let person = try #require(Person(json: #"{"name": "Ann", "unmodelled": true}"#, mutable: true))
        person.name.value = "Changed"
        person.age.value = 3
        #expect(canonical(person.originalModelData) == canonical(["name": "Ann", "unmodelled": true]))
        let json = try #require(person.originalModelDataAsJSON)
        let reparsed = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(canonical(reparsed) == canonical(["name": "Ann", "unmodelled": true]))
    }

    @Test("currentModelData writes declared properties only, with defaults for absent non-optionals")
    func currentDataDeclaredOnly() throws {
        let person = try #require(Person(json: #"{"name": "Ann", "unmodelled": 1, "secret": "s"}"#))
        #expect(canonical(person.currentModelData(withNulls: false)) ==
                canonical(["name": "Ann", "secret": "s", "contact_email": "", "contact_opt_in": "N", "items": [Any]()]))
        #expect(canonical(person.currentModelData(withNulls: true)) ==
                canonical(["name": "Ann", "secret": "s", "age": NSNull(), "address": NSNull(),
                           "contact_email": "", "contact_opt_in": "N", "items": [Any]()]))
        #expect(canonical(person.currentModelData(withNulls: false, forOutput: true)) ==
                canonical(["name": "Ann", "contact_email": "", "contact_opt_in": "N", "items": [Any]()]))
        #expect(canonical(person.currentModelData(withNulls: true, forOutput: true)) ==
                canonical(["name": "Ann", "age": NSNull(), "address": NSNull(),
                           "contact_email": "", "contact_opt_in": "N", "items": [Any]()]))
    }

    @Test("forOutput leaves out non-output properties of submodels too")
    func forOutputRecursive() throws {
        let person = try #require(Person(json: #"{"address": {"street": "Main", "note": "n"}}"#))
        let all = person.currentModelData(withNulls: false)
        #expect(canonical(all["address"]) == canonical(["street": "Main", "note": "n"]))
        let output = person.currentModelData(withNulls: false, forOutput: true)
        #expect(canonical(output["address"]) == canonical(["street": "Main"]))
        let outputWithNulls = person.currentModelData(withNulls: true, forOutput: true)
        #expect(canonical(outputWithNulls["address"]) == canonical(["street": "Main", "city": NSNull()]))
    }

    @Test("currentModelDataAsJSON is pretty-printed, sorted JSON for output")
    func currentDataAsJSON() throws {
        final class Small: WrapModel, @unchecked Sendable {
            let b = WPInt("b")
            let a = WPOptStr("a")
            let hidden = WPStr("hidden", serializeForOutput: false)
        }
        let small = Small(data: ["b": 2, "hidden": "h"], mutable: false)
        #expect(small.currentModelDataAsJSON(withNulls: false) == "{\n  \"b\" : 2\n}")
        #expect(small.currentModelDataAsJSON(withNulls: true) == "{\n  \"a\" : null,\n  \"b\" : 2\n}")
    }
}
