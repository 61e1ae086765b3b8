import Foundation
import Testing
import WrapModel

/// Groot's Character: the data's `"id"` is a string, the model reads it as an Int through a
/// transformer that reads only strings.
final class TransformedCharacter: WrapModel, @unchecked Sendable {
    @TransformedProperty("id", transformer: "placeholderStringToInt") var identifier: Int
    @OptStrProperty("name") var name
}

/// The opposite: an integer property over data that gives strings it does not read.
final class IntegerCharacter: WrapModel, @unchecked Sendable {
    @TransformedProperty("id", transformer: "placeholderIntOnly") var identifier: Int
}

/// A composite identity whose first part is read through the string-only transformer.
final class TransformedCard: WrapModel, @unchecked Sendable {
    @TransformedProperty("number", transformer: "placeholderStringToInt") var number: Int
    @Property("suit") var suit: String
}

enum PlaceholderStores {
    static let characters = WrapModelStore<TransformedCharacter>(identityKeyPath: "id")
}

final class CharacterFan: WrapModel, @unchecked Sendable {
    @ReferenceProperty("hero", store: PlaceholderStores.characters) var hero: TransformedCharacter?
}

@Suite("Placeholders read their identity")
struct PlaceholderIdentityTests {
    init() {
        WrapValueTransformers.register(name: "placeholderStringToInt",
                                       forward: { ($0 as? String).flatMap { Int($0) } },
                                       reverse: { ($0 as? Int).map { String($0) } })
        WrapValueTransformers.register(name: "placeholderIntOnly",
                                       forward: { value in type(of: value) == Int.self ? value : nil },
                                       reverse: { $0 })
    }

    @Test("a placeholder made from a canonical identity reads its identity through a String-to-Int transformer")
    func canonicalIdentity() throws {
        let store = WrapModelStore<TransformedCharacter>(identityKeyPath: "id")
        let placeholder = store.modelOrPlaceholder(forIdentity: WrapModelIdentity.int(1699))
        #expect(placeholder.identifier == 1699)
        #expect(try placeholder.jsonString() == #"{"id":"1699"}"#)
        #expect(try placeholder.jsonString(options: [.keepUnmodeledKeys]) == #"{"id":"1699"}"#)
        #expect(store.isPlaceholder(forIdentity: 1699))

        // The data arrives later and fills in the same instance.
        try store.import(#"{"id": "1699", "name": "Batman"}"#)
        #expect(store.model(forIdentity: 1699) === placeholder)
        #expect(placeholder.identifier == 1699)
        #expect(placeholder.name == "Batman")
    }

    @Test("every overload and importIdentities make placeholders that read their identity")
    func everyOverload() throws {
        let store = WrapModelStore<TransformedCharacter>(identityKeyPath: "id")
        #expect(store.modelOrPlaceholder(forIdentity: 1455).identifier == 1455)
        #expect(store.modelOrPlaceholder(forIdentity: "1456").identifier == 1456)
        #expect(store.modelOrPlaceholder(forIdentity: "1457" as WrapModelIdentity).identifier == 1457)
        let imported = try store.importIdentities(#"[1458, "1459"]"#)
        #expect(imported.models.map(\.identifier) == [1458, 1459])
        #expect(try imported.models.map { try $0.jsonString() } == [#"{"id":"1458"}"#, #"{"id":"1459"}"#])

        let integers = WrapModelStore<IntegerCharacter>(identityKeyPath: "id")
        let fromString = integers.modelOrPlaceholder(forIdentity: "12")
        #expect(fromString.identifier == 12)
        #expect(try fromString.jsonString(options: [.keepUnmodeledKeys]) == #"{"id":12}"#)
    }

    @Test("a placeholder keeps the form its identity property reads when that is the form given")
    func givenFormKept() throws {
        let store = WrapModelStore<GrootCharacter>(identityKeyPath: "id")
        #expect(try store.modelOrPlaceholder(forIdentity: "77").jsonString(options: [.keepUnmodeledKeys]) == #"{"id":"77"}"#)
        let plain = WrapModelStore<WrapModel>(identityKeyPath: "id")
        #expect(try plain.modelOrPlaceholder(forIdentity: "78").jsonString(options: [.keepUnmodeledKeys]) == #"{"id":"78"}"#)
        #expect(try plain.modelOrPlaceholder(forIdentity: 79).jsonString(options: [.keepUnmodeledKeys]) == #"{"id":79}"#)
    }

    @Test("a placeholder a reference makes reads its identity, and the referencing model writes the id as it read it")
    func referencePlaceholder() throws {
        let fan = try #require(CharacterFan(json: #"{"hero": 1700}"#))
        let hero = try #require(fan.hero)
        #expect(hero.identifier == 1700)
        #expect(PlaceholderStores.characters.isPlaceholder(forIdentity: 1700))
        #expect(try hero.jsonString(options: [.keepUnmodeledKeys]) == #"{"id":"1700"}"#)
        #expect(try fan.jsonString() == #"{"hero":1700}"#)
    }

    @Test("each part of a composite placeholder reads its identity")
    func compositeParts() throws {
        let store = WrapModelStore<TransformedCard>(identityKeyPaths: ["number", "suit"])
        let card = store.modelOrPlaceholder(forIdentity: WrapModelIdentity.composite([.int(7), .string("hearts")]))
        #expect(card.number == 7)
        #expect(card.suit == "hearts")
        #expect(try card.jsonString(options: [.sortedKeys]) == #"{"number":"7","suit":"hearts"}"#)
    }
}
