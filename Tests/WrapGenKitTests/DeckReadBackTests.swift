import Foundation
import Testing
import WrapModel

/// Reads data through the classes generated from the Deck data model (Groot's composite
/// identities, dictionary transformer and entity mapper).
@Suite("Generated Groot family declarations", .serialized)
struct DeckReadBackTests {
    @Test("identityAttributes and JSONDictionaryTransformerName drive a store")
    func compositeIdentityStore() throws {
        WrapValueTransformers.register(name: "DeckUnwrapCard", forward: { ($0 as? [String: Any])?["card"] })
        let store = WrapModelStore<DeckCard>(identityKeyPaths: DeckCard.identityKeyPaths)
        #expect(store.objectTransformer == "DeckUnwrapCard")
        let result = try store.import(#"""
        [{"card": {"suit": "hearts", "rank": "Q", "numberOfTimesPlayed": 1}},
         {"card": {"suit": "hearts", "rank": "Q", "numberOfTimesPlayed": 4}},
         {"card": {"suit": "clubs", "rank": "Q"}}]
        """#)
        #expect(result.insertedCount == 2 && result.updatedCount == 1)
        #expect(store.model(forIdentityValues: ["hearts", "Q"])?.numberOfTimesPlayed == 4)
        #expect(store.model(forIdentityValues: ["clubs", "Q"])?.value == "Q")
    }

    @Test("entityMapperName makes the abstract entity choose its sub-entity")
    func entityMapperFamily() throws {
        WrapValueTransformers.register(name: "DeckEntityMapper", forward: { object in
            ["A": "DeckConcreteA", "B": "DeckConcreteB"][((object as? [String: Any])?["type"] as? String) ?? ""]
        })
        let models = try DeckContainer.importModels(from: #"[{"id": 1, "type": "A", "foo": "x"}, {"id": 2, "type": "B", "bar": "y"}, {"id": 3}]"#)
        #expect((models[0] as? DeckConcreteA)?.foo == "x")
        #expect((models[1] as? DeckConcreteB)?.bar == "y")
        #expect(type(of: models[2]) == DeckContainer.self)
        #expect(models.map(\.identifier) == [1, 2, 3])
    }
}
