import Foundation
import Synchronization
import Testing
import WrapModel

/// The store a declaration names is evaluated for every model, as Swift evaluates a stored
/// property's initial value: these fixtures name whatever store is current when a model is made,
/// as an app that makes a new store per session (or a test per case) does.
final class SessionTag: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @Property("label") var label: String?
}

/// Each fixture class has its own current store, so that the tests can run in parallel.
enum SessionStores {
    nonisolated(unsafe) static var wrapperTags = WrapModelStore<SessionTag>(identityKeyPath: "id")
    nonisolated(unsafe) static var wrapperAuthor = WrapModelStore<SessionTag>(identityKeyPath: "id")
    nonisolated(unsafe) static var classicTags = WrapModelStore<SessionTag>(identityKeyPath: "id")
    nonisolated(unsafe) static var classicAuthor = WrapModelStore<SessionTag>(identityKeyPath: "id")
    nonisolated(unsafe) static var grootPowers = WrapModelStore<SessionTag>(identityKeyPath: "id")
    nonisolated(unsafe) static var leakTags: WrapModelStore<SessionTag>? = WrapModelStore<SessionTag>(identityKeyPath: "id")
    nonisolated(unsafe) static var reuseTags: WrapModelStore<SessionTag>? = WrapModelStore<SessionTag>(identityKeyPath: "id")
    nonisolated(unsafe) static var defaultCounter = 0
}

final class SessionPost: WrapModel, @unchecked Sendable {
    @MutProperty("id") var id: Int
    @MutReferenceArrayProperty("tags", store: SessionStores.wrapperTags) var tags: [SessionTag]
}

final class SessionNote: WrapModel, @unchecked Sendable {
    @MutProperty("id") var id: Int
    @MutReferenceProperty("author", store: SessionStores.wrapperAuthor) var author: SessionTag?
}

final class SessionClassicPost: WrapModel, @unchecked Sendable {
    let id = WPInt("id")
    let tags = WPRefArray<SessionTag>("tags", store: SessionStores.classicTags)
}

final class SessionClassicNote: WrapModel, @unchecked Sendable {
    let id = WPInt("id")
    let author = WPRef<SessionTag>("author", store: SessionStores.classicAuthor)
}

/// Groot's `testMergeWithoutIdentityAttribute`, with the store named per model.
final class SessionCharacter: WrapModel, @unchecked Sendable {
    @Property("id") var id: String
    @ReferenceArrayProperty("powers", store: SessionStores.grootPowers) var powers: [SessionTag]
}

final class SessionLeakPost: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @ReferenceArrayProperty("tags", store: SessionStores.leakTags!) var tags: [SessionTag]
}

final class SessionReusePost: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @ReferenceArrayProperty("tags", store: SessionStores.reuseTags!) var tags: [SessionTag]
}

final class SessionDefaults: WrapModel, @unchecked Sendable {
    @Property("token", defaultValue: UUID()) var token: UUID
    @Property("serial", defaultValue: SessionDefaults.nextSerial()) var serial: Int
    let classicSerial = WPInt("classic_serial", defaultValue: SessionDefaults.nextSerial())

    static func nextSerial() -> Int {
        SessionStores.defaultCounter += 1
        return SessionStores.defaultCounter
    }
}

@Suite("Importing: the store a declaration names, per model", .serialized)
struct PerModelStoreTests {
    @Test("A wrapper's reference array imports, reads and writes through the store named when its model was made")
    func wrapperArrayUsesItsOwnStore() throws {
        let first = SessionStores.wrapperTags
        let posts = WrapModelStore<SessionPost>(identityKeyPath: "id")
        let one = try #require(try posts.import(jsonObject: ["id": 1, "tags": [["id": 10, "label": "old"]]]).models.first)
        let second = WrapModelStore<SessionTag>(identityKeyPath: "id")
        SessionStores.wrapperTags = second
        let two = try #require(try posts.import(jsonObject: ["id": 2, "tags": [["id": 20, "label": "new"]]]).models.first)
        #expect(first.count == 1)
        #expect(second.count == 1)
        #expect(second.model(forIdentity: 20)?.label == "new")
        #expect(first.model(forIdentity: 20) == nil)
        #expect(two.tags.map(\.label) == ["new"])
        #expect(two.tags.first === second.model(forIdentity: 20))
        #expect(one.tags.first === first.model(forIdentity: 10))
        // Merging into the second post updates the second store's tag, not the first's.
        _ = try posts.import(jsonObject: ["id": 2, "tags": [["id": 20, "label": "newer"]]])
        #expect(second.model(forIdentity: 20)?.label == "newer")
        #expect(first.model(forIdentity: 20) == nil)
        // Output writes identities through the model's own store.
        let copy = try #require(SessionPost(json: #"{"id": 3, "tags": [21]}"#, mutable: true))
        #expect(copy.tags.first === second.model(forIdentity: 21))
        #expect(second.isPlaceholder(forIdentity: 21))
        #expect(first.model(forIdentity: 21) == nil)
        copy.tags = [try #require(second.model(forIdentity: 20))]
        #expect(String(decoding: try copy.jsonData(), as: UTF8.self) == #"{"id":3,"tags":[20]}"#)
    }

    @Test("A wrapper's single reference reads and imports through the store named when its model was made")
    func wrapperSingleUsesItsOwnStore() throws {
        let first = SessionStores.wrapperAuthor
        let notes = WrapModelStore<SessionNote>(identityKeyPath: "id")
        _ = try notes.import(jsonObject: ["id": 1, "author": ["id": 5, "label": "Ada"]])
        let second = WrapModelStore<SessionTag>(identityKeyPath: "id")
        SessionStores.wrapperAuthor = second
        let note = try #require(try notes.import(jsonObject: ["id": 2, "author": ["id": 6, "label": "Grace"]]).models.first)
        #expect(first.count == 1 && first.model(forIdentity: 6) == nil)
        #expect(second.count == 1)
        #expect(note.author === second.model(forIdentity: 6))
        #expect(note.author?.label == "Grace")
    }

    @Test("A classic reference array imports and reads through the store named when its model was made")
    func classicArrayUsesItsOwnStore() throws {
        let first = SessionStores.classicTags
        let posts = WrapModelStore<SessionClassicPost>(identityKeyPath: "id")
        _ = try posts.import(jsonObject: ["id": 1, "tags": [["id": 10]]])
        let second = WrapModelStore<SessionTag>(identityKeyPath: "id")
        SessionStores.classicTags = second
        let post = try #require(try posts.import(jsonObject: ["id": 2, "tags": [["id": 20, "label": "new"]]]).models.first)
        #expect(first.count == 1)
        #expect(second.count == 1)
        #expect(post.tags.value.first === second.model(forIdentity: 20))
        #expect(post.tags.store === second)
        let read = try #require(SessionClassicPost(json: #"{"id": 3, "tags": [30]}"#))
        #expect(read.tags.value.first === second.model(forIdentity: 30))
        #expect(first.model(forIdentity: 30) == nil)
    }

    @Test("A classic single reference imports and writes through the store named when its model was made")
    func classicSingleUsesItsOwnStore() throws {
        let first = SessionStores.classicAuthor
        let notes = WrapModelStore<SessionClassicNote>(identityKeyPath: "id")
        _ = try notes.import(jsonObject: ["id": 1, "author": ["id": 5]])
        let second = WrapModelStore<SessionTag>(identityKeyPath: "id")
        SessionStores.classicAuthor = second
        let note = try #require(try notes.import(jsonObject: ["id": 2, "author": ["id": 6]]).models.first)
        #expect(first.count == 1)
        #expect(second.count == 1)
        #expect(note.author.value === second.model(forIdentity: 6))
        #expect(canonical(note.outputData(options: .declaredOnly)["author"]) == canonical(6))
    }

    @Test("An embedded object without its store's identity is reported after another model of the class used another store")
    func grootMergeWithoutIdentityAfterAnotherStore() throws {
        // Another case made the class's first model with a store keyed by "id".
        let characters = WrapModelStore<SessionCharacter>(identityKeyPath: "id")
        _ = try characters.import(#"{"id": "1", "powers": [{"id": 4}]}"#)
        // This case's store is keyed by "identity", as Groot's powers are.
        let powers = WrapModelStore<SessionTag>(identityKeyPath: "identity")
        SessionStores.grootPowers = powers
        let result = try WrapModelStore<SessionCharacter>(identityKeyPath: "id").import(
            #"{"id": "1699", "powers": [{"id": 4, "label": "Agility"}]}"#)
        #expect(result.issues == [WrapModelIssue(keyPath: "powers[0].identity", kind: .missing)])
        #expect(powers.count == 0)
        #expect(powers.placeholderCount == 0)
        #expect(result.models.first?.powers.isEmpty == true)
    }

    @Test("A store replaced in the declaration is freed: the class's description does not keep it")
    func replacedStoreIsFreed() throws {
        weak var weakStore: WrapModelStore<SessionTag>?
        do {
            let store = try #require(SessionStores.leakTags)
            weakStore = store
            let post = try #require(SessionLeakPost(json: #"{"id": 1, "tags": [{"id": 1}]}"#))
            #expect(post.tags.first === store.model(forIdentity: 1))
            #expect(post.$tags.store === store)
            SessionStores.leakTags = WrapModelStore<SessionTag>(identityKeyPath: "id")
        }
        let later = try #require(SessionLeakPost(json: #"{"id": 2, "tags": [{"id": 2}]}"#))
        #expect(later.tags.first === SessionStores.leakTags?.model(forIdentity: 2))
        #expect(weakStore == nil)
    }

    @Test("A new store at a freed store's address is not mistaken for it")
    func newStoreAtAFreedAddressIsNotTheOldOne() throws {
        var matchedOld = 0
        for round in 0..<64 {
            let store = WrapModelStore<SessionTag>(identityKeyPath: "id")
            SessionStores.reuseTags = store
            let post = try #require(SessionReusePost(json: #"{"id": \#(round), "tags": [{"id": \#(round)}]}"#))
            // Whatever address the store got, the model reads it, not a freed one.
            #expect(post.tags.count == 1)
            if post.tags.first !== store.model(forIdentity: round) { matchedOld += 1 }
            SessionStores.reuseTags = nil
        }
        #expect(matchedOld == 0)
    }

    @Test("Defaults computed per model stay per model")
    func defaultsStayPerModel() throws {
        let first = SessionDefaults(data: [:], mutable: false)
        let second = SessionDefaults(data: [:], mutable: false)
        #expect(first.token != second.token)
        #expect(first.serial != second.serial)
        #expect(second.serial > first.serial)
        #expect(second.classicSerial.value > first.classicSerial.value)
        #expect(first.token == first.token)
        // Output writes each model's own default.
        #expect(canonical(first.outputData(options: .declaredOnly)["serial"]) == canonical(first.serial))
    }
}
