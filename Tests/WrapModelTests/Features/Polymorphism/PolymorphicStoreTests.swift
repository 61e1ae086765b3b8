import Foundation
import Testing
import WrapModel

@Suite("Polymorphic models: stores, references and placeholders")
struct PolymorphicStoreTests {
    @Test("A store creates the selected class and merges into it")
    func storeImport() throws {
        let store = WrapModelStore<PolyMedia>(identityKeyPath: "id")
        let first = try store.import(polyFeedJSON)
        #expect(classNames(first.models) == ["PolyPhoto", "PolyVideo", "PolyMedia"])
        let second = try store.import(#"[{"id": 1, "width": 800}]"#)
        #expect(second.models[0] === first.models[0])
        #expect((store.model(forIdentity: 1) as? PolyPhoto)?.width == 800)
        #expect(store.model(forIdentity: 1)?.title == "Sunset")
    }

    @Test("New data naming another class for a stored model keeps the model's class and is reported")
    func storedClassChange() throws {
        let store = WrapModelStore<PolyMedia>(identityKeyPath: "id")
        let first = try store.import(polyFeedJSON)
        let second = try store.import(#"[{"id": 1, "type": "video", "seconds": 3}, {"id": 2, "title": "Same kind"}]"#)
        #expect(second.models[0] === first.models[0])
        #expect(classNames(second.models) == ["PolyPhoto", "PolyVideo"])
        #expect(second.issues == [WrapModelIssue(keyPath: "[0]", kind: .wrongType(
            expected: "data for PolyPhoto (the stored model's class)", found: "data for PolyVideo"))])
    }

    @Test("A placeholder filled with data of a subclass is replaced by a model of that class")
    func placeholderOfSubclass() throws {
        let post = try #require(PolyPost(json: #"{"cover": 41}"#))
        let placeholder = try #require(post.cover)
        #expect(type(of: placeholder) == PolyMedia.self)
        #expect(PolyStores.referenced.isPlaceholder(forIdentity: 41))
        let result = try PolyStores.referenced.import(#"{"id": 41, "type": "video", "title": "Late", "seconds": 9}"#)
        #expect(result.insertedCount == 1)
        let stored = try #require(PolyStores.referenced.model(forIdentity: 41) as? PolyVideo)
        #expect(stored === result.models[0])
        #expect(stored.seconds == 9)
        #expect(PolyStores.referenced.count == 1)
        #expect(PolyStores.referenced.placeholderCount == 0)
        // The placeholder handed out earlier reads the same data.
        #expect(placeholder.title == "Late")
        #expect(PolyStores.referenced.identity(of: placeholder) == 41)
        // New references resolve to the replacement.
        #expect(PolyPost(json: #"{"cover": "41"}"#)?.cover === stored)
        // An embedded object selects its class too.
        #expect(PolyPost(json: #"{"cover": {"id": 42, "type": "photo", "width": 3}}"#)?.cover is PolyPhoto)
    }
}

/// Named for the ThreadSanitizer run of `.ci/run` (`--filter Concurrency`).
@Suite("Polymorphic models: concurrency")
struct PolymorphicConcurrencyTests {
    @Test("Polymorphic imports into one store from two threads keep one instance per identity")
    func concurrentImports() async throws {
        let store = PolyStores.threaded
        let rounds = 200
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<2 {
                group.addTask {
                    for round in 0..<rounds {
                        let kind = round % 2 == 0 ? "photo" : "video"
                        let json = #"[{"id": \#(round), "type": "\#(kind)", "title": "w\#(worker)"}, {"id": \#(round + 1000)}]"#
                        _ = try? store.import(json)
                        _ = store.modelOrPlaceholder(forIdentity: round + 2000)
                        // Both threads race to fill one placeholder with data of a subclass.
                        _ = store.modelOrPlaceholder(forIdentity: round + 3000)
                        _ = try? store.import(#"{"id": \#(round + 3000), "type": "video", "title": "w\#(worker)"}"#)
                    }
                }
            }
        }
        #expect(store.count == rounds * 3)
        #expect(store.placeholderCount == rounds)
        for round in 0..<rounds {
            let model = try #require(store.model(forIdentity: round))
            #expect(type(of: model) == (round % 2 == 0 ? PolyPhoto.self : PolyVideo.self))
        }
        #expect(store.all.count == rounds * 3)
        for round in 0..<rounds {
            let filled = try #require(store.model(forIdentity: round + 3000))
            #expect(filled is PolyVideo)
            #expect(!store.isPlaceholder(forIdentity: .int(round + 3000)))
        }
    }
}
