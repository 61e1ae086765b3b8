import Foundation
import Testing
import WrapModel

@Suite("Clearing mutations and hasValue()")
struct WrapModelMutationTests {
    @Test("clearMutations() drops every written value, submodels included")
    func clearMutations() throws {
        let person = try #require(Person(json: #"{"name": "Ann", "age": 5, "address": {"street": "Elm"}}"#, mutable: true))
        person.name.value = "Bea"
        person.age.value = nil
        try #require(person.address.value).street.value = "Oak"
        person.clearMutations()
        #expect(person.name.value == "Ann")
        #expect(person.age.value == 5)
        #expect(person.address.value?.street.value == "Elm")
        #expect(canonical(person.currentModelData(withNulls: false, forOutput: true)) == canonical([
            "name": "Ann", "age": 5, "address": ["street": "Elm"], "contact_email": "", "contact_opt_in": "N", "items": [Any](),
        ]))
    }

    @Test("clearMutations() on an immutable model keeps values readable")
    func clearImmutable() throws {
        let person = try #require(Person(json: #"{"name": "Ann"}"#))
        #expect(person.name.value == "Ann")
        person.clearMutations()
        #expect(person.name.value == "Ann")
    }

    @Test("clearMutation() drops one property's written value only")
    func clearOneMutation() throws {
        let person = try #require(Person(json: #"{"name": "Ann", "age": 5}"#, mutable: true))
        person.name.value = "Bea"
        person.age.value = 6
        person.name.clearMutation()
        #expect(person.name.value == "Ann")
        #expect(person.age.value == 6)
        let erased: AnyWrapProperty = person.age
        erased.clearMutation()
        #expect(person.age.value == 5)
    }

    @Test("hasValue(): present, absent, null, written")
    func hasValue() throws {
        let person = try #require(Person(json: #"{"name": "Ann", "age": null}"#, mutable: true))
        #expect(person.name.hasValue())
        #expect(!person.age.hasValue())
        #expect(!person.secret.hasValue())
        #expect(!person.address.hasValue())
        person.age.value = 3
        #expect(person.age.hasValue())
        person.name.value = ""
        #expect(person.name.hasValue())
        person.secret.value = "x"
        #expect(person.secret.hasValue())
        person.age.value = nil
        #expect(!person.age.hasValue())
        person.age.clearMutation()
        #expect(!person.age.hasValue())
    }

    @Test("rawValue(withNulls:forOutput:) is the current value in data form")
    func rawValue() throws {
        let person = try #require(Person(json: #"{"name": "Ann", "address": {"street": "Elm", "note": "n"}}"#, mutable: true))
        #expect(canonical(person.name.rawValue(withNulls: false, forOutput: false)) == "s:Ann")
        #expect(person.age.rawValue(withNulls: false, forOutput: false) == nil)
        // AnyWrapProperty documents: nil for a nil value, or NSNull with nulls.
        #expect(canonical(person.age.rawValue(withNulls: true, forOutput: false)) == "null")
        #expect(canonical(person.address.rawValue(withNulls: false, forOutput: true)) == canonical(["street": "Elm"]))
        #expect(canonical(person.address.rawValue(withNulls: true, forOutput: false)) ==
                canonical(["street": "Elm", "note": "n", "city": NSNull()]))
        person.age.value = 9
        #expect(canonical(person.age.rawValue(withNulls: false, forOutput: false)) == "i:9")
        person.secret.value = "s"
        #expect(canonical(person.secret.rawValue(withNulls: false, forOutput: false)) == "s:s")
        #expect(person.secret.rawValue(withNulls: true, forOutput: true) == nil)
    }

    @Test("A property read in the same expression that creates its model reads the data")
    func readAfterModelReleased() {
        #expect(Person(json: #"{"name": "Ann"}"#)!.name.value == "Ann")
        #expect(Person(json: #"{"address": {"street": "Elm"}}"#, mutable: true)!.address.value?.street.value == "Elm")
        let name = Person(data: ["name": "Bo", "age": 4], mutable: false).age
        #expect(name.value == 4)
        #expect(name.hasValue())
    }

    @Test("Properties know their key path, model and output flag")
    func propertyMetadata() throws {
        let person = try #require(Person(json: "{}"))
        #expect(person.name.keyPath == "name")
        #expect(person.name.model === person)
        #expect(person.name.serializeForOutput)
        #expect(person.secret.serializeForOutput == false)
        #expect(person.name.defaultValue == "")
    }
}
