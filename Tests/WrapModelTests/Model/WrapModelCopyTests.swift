import Foundation
import Testing
import WrapModel

@Suite("WrapModel copying")
struct WrapModelCopyTests {
    static let json = #"{"name": "Original", "age": 30, "address": {"street": "Elm"}, "items": [{"id": 1, "name": "one"}]}"#

    /// A source model, mutated (name and age written) when it is mutable.
    static func source(mutable: Bool) -> Person {
        let person = Person(json: json, mutable: mutable)!
        if mutable {
            person.name.value = "Mutated"
            person.age.value = nil
        }
        return person
    }

    @Test("init(asCopyOf:withMutations:mutable:) in every combination",
          arguments: [false, true], [false, true])
    func copyCombinations(sourceMutable: Bool, withMutations: Bool) {
        for mutable in [false, true] {
            let source = Self.source(mutable: sourceMutable)
            let copy = Person(asCopyOf: source, withMutations: withMutations, mutable: mutable)
            #expect(copy !== source)
            #expect(copy.isMutable == mutable)
            #expect(canonical(copy.originalModelData) == canonical(source.originalModelData))
            let carriesMutations = sourceMutable && withMutations
            #expect(copy.name.value == (carriesMutations ? "Mutated" : "Original"))
            #expect(copy.age.value == (carriesMutations ? nil : 30))
            #expect(copy.address.value?.street.value == "Elm")
            #expect(copy.address.value?.isMutable == mutable)
            #expect(copy.address.value?.lock === copy.lock)
            #expect(copy.items.value.map { $0.id.value } == [1])
            #expect(copy.lock !== source.lock)
            if mutable {
                copy.name.value = "Copy's own"
                #expect(source.name.value == (sourceMutable ? "Mutated" : "Original"))
            }
        }
    }

    @Test("An immutable source with cached values copies the same with or without mutations")
    func immutableSourceCachedValues() {
        let source = Self.source(mutable: false)
        _ = source.name.value
        _ = source.address.value
        for withMutations in [false, true] {
            let copy = Person(asCopyOf: source, withMutations: withMutations, mutable: true)
            #expect(copy.name.value == "Original")
            #expect(copy.address.value !== source.address.value)
            #expect(copy.address.value?.isMutable == true)
            #expect(copy.address.value?.lock === copy.lock)
        }
    }

    @Test("A copy with mutations carries a mutated submodel, as an independent submodel of the copy")
    func copyWithMutatedSubmodel() throws {
        let source = Self.source(mutable: true)
        let address = try #require(source.address.value)
        address.street.value = "Oak"
        let copy = Person(asCopyOf: source, withMutations: true, mutable: true)
        let copiedAddress = try #require(copy.address.value)
        #expect(copiedAddress !== address)
        #expect(copiedAddress.street.value == "Oak")
        #expect(copiedAddress.lock === copy.lock)
        copiedAddress.street.value = "Pine"
        #expect(address.street.value == "Oak")
        #expect(canonical(copy.currentModelData(withNulls: false)["address"]) == canonical(["street": "Pine", "note": ""]))
        let withoutMutations = Person(asCopyOf: source, withMutations: false, mutable: true)
        #expect(withoutMutations.address.value?.street.value == "Elm")
    }

    @Test("init(asCopyOf:) into another class with mutations reads the source's current data")
    func copyAcrossClasses() {
        final class NameOnly: WrapModel, @unchecked Sendable {
            let name = WPStr("name")
            let age = WPOptInt("age")
        }
        let source = Self.source(mutable: true)
        let withMutations = NameOnly(asCopyOf: source, withMutations: true, mutable: false)
        #expect(withMutations.name.value == "Mutated")
        #expect(withMutations.age.value == nil)
        #expect(withMutations.isMutable == false)
        let without = NameOnly(asCopyOf: source, withMutations: false, mutable: false)
        #expect(without.name.value == "Original")
        #expect(without.age.value == 30)
    }

    @Test("copy() of an immutable model returns the model itself")
    func copyImmutableReturnsSelf() {
        let source = Self.source(mutable: false)
        let copy = source.copy() as! Person
        #expect(copy === source)
    }

    @Test("copy() of a mutable model is an immutable copy of its current state")
    func copyMutable() throws {
        let source = Self.source(mutable: true)
        try #require(source.address.value).street.value = "Birch"
        let copy = source.copy() as! Person
        #expect(copy !== source)
        #expect(copy.isMutable == false)
        #expect(copy.name.value == "Mutated")
        #expect(copy.age.value == nil)
        #expect(copy.address.value?.street.value == "Birch")
        #expect(copy.address.value?.isMutable == false)
        #expect(copy == source)
        source.name.value = "Later"
        #expect(copy.name.value == "Mutated")
    }

    @Test("mutableCopy() carries mutations, including a mutated submodel and model array element")
    func mutableCopy() throws {
        let source = Self.source(mutable: true)
        try #require(source.address.value).street.value = "Cedar"
        try #require(source.items.value.first).name.value = "uno"
        let copy = source.mutableCopy() as! Person
        #expect(copy !== source)
        #expect(copy.isMutable)
        #expect(copy.name.value == "Mutated")
        #expect(copy.age.value == nil)
        let address = try #require(copy.address.value)
        #expect(address.street.value == "Cedar")
        #expect(address !== source.address.value)
        #expect(address.lock === copy.lock)
        #expect(address.isMutable)
        #expect(copy.items.value.first?.name.value == "uno")
        #expect(copy.items.value.first !== source.items.value.first)
        #expect(copy.items.value.first?.lock === copy.lock)
        address.street.value = "Spruce"
        #expect(source.address.value?.street.value == "Cedar")
        #expect(canonical(copy.currentModelData(withNulls: false)) == canonical([
            "name": "Mutated", "secret": "", "address": ["street": "Spruce", "note": ""],
            "contact_email": "", "contact_opt_in": "N", "items": [["id": 1, "name": "uno"]],
        ]))
    }

    @Test("mutableCopy() of an immutable model is mutable, with mutable submodels")
    func mutableCopyOfImmutable() throws {
        let source = Self.source(mutable: false)
        _ = source.address.value
        let copy = source.mutableCopy() as! Person
        #expect(copy.isMutable)
        let address = try #require(copy.address.value)
        #expect(address.isMutable)
        address.street.value = "Ash"
        #expect(copy.currentModelData(withNulls: false)["address"].map(canonical) == canonical(["street": "Ash", "note": ""]))
        #expect(source.address.value?.street.value == "Elm")
    }
}
