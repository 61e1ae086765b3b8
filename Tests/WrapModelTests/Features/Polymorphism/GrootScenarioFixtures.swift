import Foundation
import WrapModel

enum GrootStores {
    static let publishers = WrapModelStore<GrootPublisher>(identityKeyPath: "id")
    static let powers = WrapModelStore<GrootPower>(identityKeyPath: "id")
    static let characters = WrapModelStore<GrootCharacter>(identityKeyPath: "id")
    static let cards = WrapModelStore<GrootCard>(identityKeyPaths: ["suit", "value"])
    static let containers = WrapModelStore<GrootContainer>(identityKeyPath: "id")
}

final class GrootPublisher: WrapModel, @unchecked Sendable {
    @Property("id") var id: String
    @Property("name") var name: String
}

final class GrootPower: WrapModel, @unchecked Sendable {
    @Property("id") var id: String
    @Property("name") var name: String
}

final class GrootCharacter: WrapModel, @unchecked Sendable {
    @Property("id") var id: String
    @Property("name") var name: String
    @Property("real_name") var realName: String
    @ReferenceProperty("publisher", store: GrootStores.publishers) var publisher: GrootPublisher?
    @ReferenceArrayProperty("powers", store: GrootStores.powers) var powers: [GrootPower]
}

final class GrootCard: WrapModel, @unchecked Sendable {
    @Property("suit") var suit: String
    @Property("value") var value: String
    @Property("numberOfTimesPlayed") var timesPlayed: Int
}

final class GrootHand: WrapModel, @unchecked Sendable {
    @ReferenceArrayProperty("cards", store: GrootStores.cards) var cards: [GrootCard]
    @ReferenceProperty("best", store: GrootStores.cards) var best: GrootCard?
}

/// Groot's abstract entity: never stored as itself when the data names a concrete entity.
class GrootContainer: WrapModel, WrapPolymorphic, @unchecked Sendable {
    static var subclassSelector: WrapSubclassSelector {
        .entityMapper(named: "grootEntityMapper", classes: ["ConcreteA": GrootConcreteA.self, "ConcreteB": GrootConcreteB.self])
    }
    @Property("id") var id: Int
}

final class GrootConcreteA: GrootContainer, @unchecked Sendable {
    @Property("foo") var foo: String
}

final class GrootConcreteB: GrootContainer, @unchecked Sendable {
    @Property("bar") var bar: String
}

/// Transforms each object before import (Groot's JSONDictionaryTransformerName).
final class GrootEnveloped: WrapModel, WrapObjectTransforming, @unchecked Sendable {
    static var objectTransformerName: String { "grootUnwrapPayload" }
    @Property("id") var id: Int
    @Property("name") var name: String
}

let grootCharactersJSON = #"""
[{"id": "1699", "name": "Batman", "real_name": "Bruce Wayne",
  "powers": [{"id": "4", "name": "Agility"}, {"id": "9", "name": "Insanely Rich"}],
  "publisher": {"id": "10", "name": "DC Comics"}},
 {"id": "1455", "name": "Iron Man", "real_name": "Tony Stark",
  "powers": [{"id": "31", "name": "Genius"}, {"id": "9", "name": "Insanely Rich"}],
  "publisher": {"id": "364", "name": "Marvel"}}]
"""#
