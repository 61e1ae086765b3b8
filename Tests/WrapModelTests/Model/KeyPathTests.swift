import Foundation
import Testing
import WrapModel

final class Deep: WrapModel, @unchecked Sendable {
    let leaf = WPInt("a.b.c")
    let label = WPOptStr("a.b.label")
    let sibling = WPStr("a.x")
}

final class ParentAndChild: WrapModel, @unchecked Sendable {
    // Declared child first: output must still create the parent dictionary before the child.
    let child = WPInt("outer.inner.value")
    let parent = WPDict("outer.inner")
    let top = WPOptDict("outer")
}

@Suite("Key paths")
struct KeyPathTests {
    @Test("Reads three levels deep")
    func readDeep() throws {
        let deep = try #require(Deep(json: #"{"a": {"b": {"c": 7, "label": "L"}, "x": "s"}}"#))
        #expect(deep.leaf.value == 7)
        #expect(deep.label.value == "L")
        #expect(deep.sibling.value == "s")
        #expect(deep.leaf.keyPath == "a.b.c")
    }

    @Test("Writing creates the missing dictionaries")
    func writeCreates() {
        let deep = Deep()
        deep.leaf.value = 9
        #expect(canonical(deep.currentModelData(withNulls: false)) == canonical(["a": ["b": ["c": 9], "x": ""]]))
        deep.label.value = "new"
        #expect(canonical(deep.currentModelData(withNulls: false)) == canonical(["a": ["b": ["c": 9, "label": "new"], "x": ""]]))
        #expect(canonical(Deep().currentModelData(withNulls: true)) ==
                canonical(["a": ["b": ["c": 0, "label": NSNull()], "x": ""]]))
    }

    @Test("A key path through a non-dictionary reads the default", arguments: [
        #"{"a": {"b": 5}}"#, #"{"a": "text"}"#, #"{"a": [{"b": {"c": 1}}]}"#, #"{"a": null}"#, "{}",
    ])
    func throughNonDictionary(json: String) throws {
        let deep = try #require(Deep(json: json, mutable: true))
        #expect(deep.leaf.value == 0)
        #expect(deep.label.value == nil)
        #expect(!deep.leaf.hasValue())
        deep.leaf.value = 3
        #expect(canonical(deep.currentModelData(withNulls: false)) == canonical(["a": ["b": ["c": 3], "x": ""]]))
    }

    @Test("A write through a parent key path replaces what a child's earlier write put inside it")
    func parentWriteReplacesChildWrite() throws {
        let model = try #require(ParentAndChild(json: #"{"outer": {"inner": {"value": 1, "other": "o"}}}"#, mutable: true))
        model.child.value = 2
        #expect(canonical(model.currentModelData(withNulls: false)) ==
                canonical(["outer": ["inner": ["value": 2, "other": "o"]]]))
        model.parent.value = ["replaced": true]
        #expect(model.child.value == 0)
        #expect(canonical(model.currentModelData(withNulls: false)) ==
                canonical(["outer": ["inner": ["replaced": true]]]))
        model.child.value = 3
        #expect(canonical(model.parent.value) == canonical(["replaced": true, "value": 3]))
    }

    @Test("Group key path markers are the documented strings")
    func groupMarkers() {
        #expect(kWrapPropertySameDictionaryKey == "<same>")
        #expect(kWrapPropertySameDictionaryEndKey == "</same>")
        let person = Person()
        #expect(person.contact.keyPath.hasPrefix(kWrapPropertySameDictionaryKey))
        #expect(person.contact.keyPath.hasSuffix(kWrapPropertySameDictionaryEndKey))
    }

    @Test("Dictionary.inverted() swaps keys and values")
    func inverted() {
        let inverted = ["red": 1, "green": 2].inverted()
        #expect(inverted == [1: "red", 2: "green"])
        #expect([String: Int]().inverted().isEmpty)
        #expect(Shade.conversionDict().count == 4)
    }
}

final class Underscored: WrapModel, @unchecked Sendable {
    let id = WPInt("_id_")
    let nested = WPStr("__meta.__name")
    let plain = WPStr("plain_key")
}

/// WrapPropertyKeyPathModifier is process-wide: everything touching it stays in this serialised suite.
@Suite("Key path modifier", .serialized)
struct KeyPathModifierTests {
    @Test("WrapPropertyTrimUnderscoresKeyPathModifier trims leading and trailing underscores")
    func trimFunction() {
        #expect(WrapPropertyTrimUnderscoresKeyPathModifier("_id_") == "id")
        #expect(WrapPropertyTrimUnderscoresKeyPathModifier("__meta.__name") == "meta.__name")
        #expect(WrapPropertyTrimUnderscoresKeyPathModifier("plain_key") == "plain_key")
    }

    @Test("Properties created while a modifier is set use the modified key path")
    func modifierApplies() throws {
        #expect(WrapPropertyKeyPathModifier == nil)
        WrapPropertyKeyPathModifier = WrapPropertyTrimUnderscoresKeyPathModifier
        defer { WrapPropertyKeyPathModifier = nil }
        let model = try #require(Underscored(json: #"{"id": 5, "meta": {"__name": "m"}, "plain_key": "p", "_id_": 99}"#, mutable: true))
        #expect(model.id.keyPath == "id")
        #expect(model.id.value == 5)
        #expect(model.nested.keyPath == "meta.__name")
        #expect(model.nested.value == "m")
        #expect(model.plain.value == "p")
        model.id.value = 6
        #expect(canonical(model.currentModelData(withNulls: false)) ==
                canonical(["id": 6, "meta": ["__name": "m"], "plain_key": "p"]))
        WrapPropertyKeyPathModifier = nil
        let unmodified = try #require(Underscored(json: #"{"id": 5, "_id_": 99}"#))
        #expect(unmodified.id.keyPath == "_id_")
        #expect(unmodified.id.value == 99)
    }
}
