import Foundation
import Testing
import WrapModel

@Suite("Groot scenarios on the polymorphic and composite-identity API", .serialized)
struct GrootScenarioTests {
    @Test("Characters import their powers and publishers; an identifiers-only import returns them")
    func charactersPowersPublishers() throws {
        let result = try GrootStores.characters.import(grootCharactersJSON)
        #expect(result.insertedCount == 2)
        #expect(result.models.map(\.name) == ["Batman", "Iron Man"])
        let batman = result.models[0]
        #expect(batman.realName == "Bruce Wayne")
        #expect(batman.publisher?.name == "DC Comics")
        #expect(batman.powers.map(\.name) == ["Agility", "Insanely Rich"])
        #expect(result.models[1].powers[1] === batman.powers[1])
        #expect(GrootStores.powers.count == 3)
        #expect(GrootStores.publishers.all.map(\.name) == ["DC Comics", "Marvel"])
        #expect(canonical(batman.outputData(options: .declaredOnly)["powers"]) == canonical(["4", "9"]))

        let byIdentity = try GrootStores.characters.importIdentities(#"[1699, "1455", "1000", true]"#)
        #expect(byIdentity.models.count == 3)
        #expect(byIdentity.models[0] === batman)
        #expect(byIdentity.models[1] === result.models[1])
        #expect(GrootStores.characters.isPlaceholder(forIdentity: 1000))
        #expect(byIdentity.issues == [WrapModelIssue(keyPath: "[3]", kind: .wrongType(expected: "integer or string identity", found: "boolean"))])
        #expect(byIdentity.insertedCount == 0 && byIdentity.updatedCount == 0)
        #expect(throws: WrapModelError.notAnObject(found: "object")) { try GrootStores.characters.importIdentities(#"{"id": 1}"#) }
    }

    @Test("Cards are identified by suit and value together")
    func compositeIdentity() throws {
        let store = GrootStores.cards
        #expect(store.identityKeyPath == "suit, value")
        #expect(store.identityKeyPaths == ["suit", "value"])
        let first = try store.import(#"""
        [{"suit": "hearts", "value": "queen", "numberOfTimesPlayed": 1},
         {"suit": "spades", "value": "queen", "numberOfTimesPlayed": 2},
         {"suit": "hearts", "value": "ace"}, {"suit": "clubs"}, {"suit": "clubs", "value": false}]
        """#)
        #expect(first.insertedCount == 3)
        #expect(first.issues == [WrapModelIssue(keyPath: "[3].value", kind: .missing),
                                 WrapModelIssue(keyPath: "[4].value", kind: .wrongType(expected: "integer or string identity", found: "boolean"))])
        let update = try store.import(#"{"suit": "hearts", "value": "queen", "numberOfTimesPlayed": 5}"#)
        #expect(update.updatedCount == 1)
        #expect(update.models[0] === first.models[0])
        #expect(store.model(forIdentityValues: ["hearts", "queen"])?.timesPlayed == 5)
        #expect(store.model(forIdentity: .composite(["spades", "queen"]))?.timesPlayed == 2)
        #expect(store.model(matching: ["suit": "hearts", "value": "ace"]) === first.models[2])
        #expect(store.model(forIdentityValues: ["hearts"]) == nil)
        #expect(store.identity(of: first.models[1]) == .composite(["spades", "queen"]))

        let hand = try #require(GrootHand(json: #"""
        {"cards": [["hearts", "queen"], {"suit": "spades", "value": "queen"}, ["diamonds", 7], ["bad"]], "best": ["hearts", "ace"]}
        """#))
        #expect(hand.cards.count == 3)
        #expect(hand.cards[0] === first.models[0])
        #expect(hand.cards[1] === first.models[1])
        #expect(store.isPlaceholder(forIdentity: .composite(["diamonds", 7])))
        #expect(hand.best === first.models[2])
        #expect(canonical(hand.outputData(options: .declaredOnly)) == canonical(["cards": [["hearts", "queen"], ["spades", "queen"], ["diamonds", 7]], "best": ["hearts", "ace"]]))
        #expect(hand.validate().contains(WrapModelIssue(keyPath: "cards[3]", kind: .wrongType(expected: "array of 2 identities", found: "array of 1"))))
        // The placeholder is filled in by a later import, same instance.
        let placeholder = hand.cards[2]
        try store.import(#"{"suit": "diamonds", "value": 7, "numberOfTimesPlayed": 4}"#)
        #expect(placeholder.timesPlayed == 4)
        #expect(store.modelOrPlaceholder(forIdentityValues: ["diamonds", "7"]) === placeholder)
    }

    @Test("Abstract and concrete entities: the entity mapper picks the class in a store")
    func abstractEntities() throws {
        WrapValueTransformers.register(name: "grootEntityMapper", forward: { object in
            switch (object as? [String: Any])?["type"] as? String {
            case "A": return "ConcreteA"
            case "B": return "ConcreteB"
            default: return nil
            }
        })
        let result = try GrootStores.containers.import(#"[{"id": 1, "type": "A", "foo": "x"}, {"id": 2, "type": "B", "bar": "y"}, {"id": 3}]"#)
        #expect(classNames(result.models) == ["GrootConcreteA", "GrootConcreteB", "GrootContainer"])
        #expect((GrootStores.containers.model(forIdentity: 1) as? GrootConcreteA)?.foo == "x")
        #expect((GrootStores.containers.model(forIdentity: 2) as? GrootConcreteB)?.bar == "y")
    }

    @Test("An entity-level dictionary transformer runs before a class or a store imports each object")
    func objectTransformer() throws {
        WrapValueTransformers.register(name: "grootUnwrapPayload", forward: { object in (object as? [String: Any])?["payload"] })
        let models = try GrootEnveloped.importModels(from: #"[{"payload": {"id": 1, "name": "a"}}, {"payload": {"id": 2, "name": "b"}}]"#)
        #expect(models.map(\.id) == [1, 2])
        #expect(throws: WrapModelError.invalidValue(WrapModelIssue(keyPath: "[0]", kind: .wrongType(expected: "object", found: "null")))) {
            try GrootEnveloped.importModels(from: #"[{"id": 1}]"#)
        }
        let parsed = try GrootEnveloped.importModels(fromJSONObject: ["payload": ["id": 7, "name": "c"]])
        #expect(parsed.map(\.name) == ["c"])

        let store = WrapModelStore<GrootEnveloped>(identityKeyPath: "id")
        #expect(store.objectTransformer == "grootUnwrapPayload")
        let result = try store.import(#"[{"payload": {"id": 1, "name": "a"}}, {"payload": 5}, {"payload": {"id": 1, "name": "z"}}]"#)
        #expect(result.models.map(\.name) == ["z", "z"])
        #expect(result.issues == [WrapModelIssue(keyPath: "[1]", kind: .wrongType(expected: "object", found: "integer"))])

        let renaming = WrapModelStore<GrootPower>(identityKeyPath: "id", objectTransformer: "grootNoSuchTransformer")
        let refused = try renaming.import(#"{"id": "1"}"#)
        #expect(refused.models.isEmpty)
        #expect(refused.issues == [WrapModelIssue(keyPath: "", kind: .unknownTransformer("grootNoSuchTransformer"))])
    }
}
