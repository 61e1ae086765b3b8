import Foundation
import Testing
import WrapModel

@Suite("WrapModel keyed archiving")
struct WrapModelArchivingTests {
    @Test("An immutable model round-trips through a secure-coding archive with its data and flag")
    func immutableRoundTrip() throws {
        let person = try #require(Person(json: #"{"name": "Ann", "age": 5, "secret": "s", "address": {"street": "Elm"}}"#))
        let restored = try #require(try archiveRoundTrip(person))
        #expect(restored.isMutable == false)
        #expect(restored.name.value == "Ann")
        #expect(restored.age.value == 5)
        #expect(restored.secret.value == "s")
        #expect(restored.address.value?.street.value == "Elm")
        #expect(restored == person)
    }

    @Test("A mutable model round-trips with its mutations, submodel mutations and unmodelled keys")
    func mutableRoundTrip() throws {
        let person = try #require(Person(json: #"{"name": "Ann", "age": 5, "extra": {"keep": true}, "address": {"street": "Elm", "zip": "02139"}}"#,
                                         mutable: true))
        person.name.value = "Bea"
        person.age.value = nil
        try #require(person.address.value).street.value = "Oak"
        let restored = try #require(try archiveRoundTrip(person))
        #expect(restored.isMutable)
        #expect(restored.name.value == "Bea")
        #expect(restored.age.value == nil)
        #expect(restored.address.value?.street.value == "Oak")
        #expect(restored.address.value?.isMutable == true)
        #expect(restored == person)
        #expect(canonical(restored.originalModelData["extra"]) == canonical(["keep": true]))
        #expect(canonical((restored.originalModelData["address"] as? [String: Any])?["zip"]) == canonical("02139"))
        restored.name.value = "Cal"
        #expect(restored.name.value == "Cal")
    }
}
