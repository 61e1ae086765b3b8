import Foundation
import Testing
import WrapModel

final class Mixed: WrapModel, @unchecked Sendable {
    @MutStrProperty("name") var name
    let age = WPInt("age")
    @ModelProperty("address") var address: Address?
    let tags = WPModelArray<Tag>("tags")
    @MutOptIntProperty("meta.rank") var rank
    let level = WPOptStr("meta.level")
}

class WrappedBase: WrapModel, @unchecked Sendable {
    @StrProperty("a") var a
    @MutIntProperty("b") var b
    let classic = WPBool("classic")
}

final class WrappedDerived: WrappedBase, @unchecked Sendable {
    @MutStrProperty("c") var c
    @ModelArrayProperty("tags") var tags: [Tag]
    let d = WPDouble("d")
}

@Suite("Mixing wrappers and classic declarations")
struct MixedDeclarationTests {
    static let json = #"{"name": "Ann", "age": 40, "address": {"street": "Elm"}, "tags": [{"id": 1, "label": "x"}], "meta": {"rank": 2, "level": "L"}}"#

    @Test("Wrappers and classic properties read and write side by side")
    func readWrite() throws {
        let mixed = try #require(Mixed(json: Self.json, mutable: true))
        #expect(mixed.name == "Ann")
        #expect(mixed.age.value == 40)
        #expect(mixed.address?.street.value == "Elm")
        #expect(mixed.tags.value.map(\.id) == [1])
        #expect(mixed.rank == 2)
        #expect(mixed.level.value == "L")
        mixed.name = "Bo"
        mixed.age.value = 41
        mixed.rank = nil
        mixed.tags.value[0].label = "y"
        #expect(canonical(mixed.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "name": "Bo", "age": 41, "address": ["street": "Elm", "city": NSNull()], "tags": [["id": 1, "label": "y"]],
            "meta": ["rank": NSNull(), "level": "L"],
        ]))
        let copy = mixed.mutableCopy() as! Mixed
        #expect(copy == mixed)
        #expect(copy.name == "Bo")
        #expect(copy.rank == nil)
        copy.name = "Cy"
        #expect(mixed.name == "Bo")
    }

    @Test("A subclass adds wrappers to its parent's")
    func subclassAddsWrappers() throws {
        let derived = try #require(WrappedDerived(json: #"{"a": "A", "b": 2, "classic": true, "c": "C", "tags": [{"id": 5}], "d": 0.5}"#, mutable: true))
        #expect(derived.a == "A")
        #expect(derived.b == 2)
        #expect(derived.classic.value)
        #expect(derived.c == "C")
        #expect(derived.tags.map(\.id) == [5])
        #expect(derived.d.value == 0.5)
        derived.b = 3
        derived.c = "D"
        #expect(canonical(derived.currentModelData(withNulls: false)) == canonical([
            "a": "A", "b": 3, "classic": true, "c": "D", "tags": [["id": 5, "label": ""]], "d": 0.5,
        ]))
        let base = try #require(WrappedBase(json: #"{"a": "A", "c": "C"}"#))
        #expect(canonical(base.currentModelData(withNulls: false)) == canonical(["a": "A", "b": 0, "classic": false]))
        #expect(!(base == derived))
        let archived = try #require(try archiveRoundTrip(derived))
        #expect(archived == derived)
        #expect(archived.c == "D")
    }
}
