import Foundation
import Testing
import WrapModel

final class ImpUser: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @StrProperty("name") var name
}

/// Stores the reference fixtures use; each test below has its own pair, so tests can run in parallel.
enum ImpStores {
    static let usersBefore = WrapModelStore<ImpUser>(identityKeyPath: "id")
    static let postsBefore = WrapModelStore<ImpPostBefore>(identityKeyPath: "id")
    static let usersAfter = WrapModelStore<ImpUser>(identityKeyPath: "id")
    static let usersEmbedded = WrapModelStore<ImpUser>(identityKeyPath: "id")
    static let postsEmbedded = WrapModelStore<ImpPostEmbedded>(identityKeyPath: "id")
    static let usersValidate = WrapModelStore<ImpUser>(identityKeyPath: "id")
    static let usersWrite = WrapModelStore<ImpUser>(identityKeyPath: "id")
}

final class ImpPostBefore: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    let author = WPRef<ImpUser>("author", store: ImpStores.usersBefore)
    @ReferenceArrayProperty("likers", store: ImpStores.usersBefore) var likers: [ImpUser]
}

final class ImpPostAfter: WrapModel, @unchecked Sendable {
    @ReferenceProperty("by.user", store: ImpStores.usersAfter) var author: ImpUser?
}

final class ImpPostEmbedded: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @ReferenceProperty("author", store: ImpStores.usersEmbedded) var author: ImpUser?
    @ReferenceArrayProperty("likers", store: ImpStores.usersEmbedded) var likers: [ImpUser]
}

final class ImpPostValidate: WrapModel, @unchecked Sendable {
    @ReferenceProperty("author", store: ImpStores.usersValidate) var author: ImpUser?
    @ReferenceArrayProperty("likers", store: ImpStores.usersValidate) var likers: [ImpUser]
}

final class ImpPostWrite: WrapModel, @unchecked Sendable {
    @MutReferenceProperty("author", store: ImpStores.usersWrite) var author: ImpUser?
    @MutReferenceArrayProperty("likers", store: ImpStores.usersWrite) var likers: [ImpUser]
}

@Suite("Importing: references by identity")
struct ImportingReferenceTests {
    @Test("A reference read before its object arrives is a placeholder that the import fills in")
    func placeholderFilledLater() throws {
        let users = ImpStores.usersBefore
        let posts = ImpStores.postsBefore
        let post = try #require(try posts.import(#"[{"id": 1, "author": 7, "likers": [7, "8", 7]}]"#).models.first)
        let placeholder = try #require(post.author.value)
        #expect(placeholder.id == 7)
        #expect(placeholder.name == "")
        #expect(post.likers.count == 3)
        #expect(post.likers[0] === placeholder && post.likers[2] === placeholder)
        #expect(post.likers[1].id == 8)
        #expect(users.isPlaceholder(forIdentity: 7))
        #expect(users.count == 0)
        #expect(users.placeholderCount == 2)
        #expect(users.model(forIdentity: 7) === placeholder)

        let result = try users.import(#"[{"id": 7, "name": "Ann"}, {"id": 8, "name": "Ben"}]"#)
        #expect(result.insertedCount == 2)
        #expect(result.models[0] === placeholder)
        #expect(placeholder.name == "Ann")
        #expect(post.author.value === placeholder)
        #expect(post.likers.map(\.name) == ["Ann", "Ben", "Ann"])
        #expect(!users.isPlaceholder(forIdentity: 7))
        #expect(users.count == 2)
        #expect(users.placeholderCount == 0)
        #expect(users.all.map(\.name) == ["Ann", "Ben"])
        // Output writes the identities back, in the form the data used.
        #expect(canonical(post.currentModelData(withNulls: false)) == canonical(["id": 1, "author": 7, "likers": [7, 8, 7]] as [String: Any]))
    }

    @Test("A reference read after its object arrived resolves to the stored model")
    func resolvedAfter() throws {
        let users = ImpStores.usersAfter
        try users.import(#"[{"id": "u1", "name": "Uma"}]"#)
        let stored = try #require(users.model(forIdentity: "u1"))
        let post = try #require(ImpPostAfter(json: #"{"by": {"user": "u1"}}"#))
        #expect(post.author === stored)
        #expect(post.author?.name == "Uma")
        // A plain copy of the containing model refers to the same instance.
        let copy = try #require(post.copy() as? ImpPostAfter)
        #expect(copy.author === stored)
        #expect(canonical(copy.currentModelData(withNulls: false)) == canonical(["by": ["user": "u1"]]))
        #expect(users.placeholderCount == 0)
    }

    @Test("Embedded objects are imported into the referenced store and merged on later imports")
    func embeddedObjects() throws {
        let users = ImpStores.usersEmbedded
        let posts = ImpStores.postsEmbedded
        let first = try posts.import(#"[{"id": 1, "author": {"id": 9, "name": "Bea"}, "likers": [{"id": 10, "name": "Cy"}, 9]}, {"id": 2, "author": {"name": "anonymous"}}]"#)
        #expect(first.issues == [WrapModelIssue(keyPath: "[1].author.id", kind: .missing)])
        #expect(users.count == 2)
        let bea = try #require(users.model(forIdentity: 9))
        #expect(bea.name == "Bea")
        #expect(first.models[0].author === bea)
        #expect(first.models[0].likers.map(\.name) == ["Cy", "Bea"])
        #expect(first.models[1].author == nil)

        let second = try posts.import(#"{"id": 3, "author": {"id": 9, "name": "Bea B."}}"#)
        #expect(second.models[0].author === bea)
        #expect(bea.name == "Bea B.")
        #expect(bea.id == 9)
        #expect(users.count == 2)
    }

    @Test("Validation reports bad references and leaves the store unchanged")
    func validation() {
        let users = ImpStores.usersValidate
        let post = ImpPostValidate(data: ["author": true, "likers": [1, ["name": "x"], 2.5, "u"]], mutable: false)
        #expect(post.validate() == [
            WrapModelIssue(keyPath: "author", kind: .wrongType(expected: "identity (integer or string) or object", found: "boolean")),
            WrapModelIssue(keyPath: "likers[1].id", kind: .missing),
            WrapModelIssue(keyPath: "likers[2]", kind: .wrongType(expected: "identity (integer or string) or object", found: "number")),
        ])
        #expect(users.placeholderCount == 0 && users.count == 0)
        #expect(post.author == nil)
        #expect(post.likers.map(\.id) == [1, 0])
        #expect(users.placeholderCount == 2)
    }

    @Test("Assigned references write their identities")
    func writing() throws {
        let users = ImpStores.usersWrite
        try users.import(#"[{"id": 1, "name": "One"}, {"id": "two", "name": "Two"}]"#)
        let post = ImpPostWrite()
        post.author = users.model(forIdentity: 1)
        post.likers = [try #require(users.model(forIdentity: "two")), users.modelOrPlaceholder(forIdentity: 3)]
        #expect(canonical(post.currentModelData(withNulls: false)) == canonical(["author": 1, "likers": ["two", 3]] as [String: Any]))
        // A model that is not in the store writes the identity its data holds.
        post.author = ImpUser(data: ["id": 44], mutable: false)
        #expect(canonical(post.currentModelData(withNulls: false)["author"]) == canonical(44))
        post.author = nil
        #expect(canonical(post.currentModelData(withNulls: true)["author"]) == canonical(NSNull()))
    }
}

@Suite("Importing: concurrent imports")
struct ImportingConcurrencyTests {
    @Test("8 threads importing overlapping identities lose no update")
    func overlappingImports() throws {
        let store = WrapModelStore<ImpItem>(identityKeyPath: "id")
        let identities = 300
        let threads = 8
        // Every thread references every identity first, so placeholders race with imports too.
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var order = Array(0..<identities)
            // A deterministic per-thread shuffle.
            var state = UInt64(thread + 1) &* 0x9E37_79B9_7F4A_7C15
            for index in order.indices.reversed() {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                order.swapAt(index, Int(state >> 33) % (index + 1))
            }
            if thread % 2 == 0 {
                for id in order.prefix(50) { _ = store.modelOrPlaceholder(forIdentity: .int(id)) }
            }
            // Objects in batches of 25, each thread writing its own key, and a shared nested object.
            for start in stride(from: 0, to: identities, by: 25) {
                let batch: [Any] = order[start..<start + 25].map { id -> [String: Any] in
                    ["id": thread % 2 == 0 ? id as Any : String(id) as Any, "t\(thread)": id * 10 + thread,
                     "meta": ["m\(thread)": thread], "name": "item \(id)"]
                }
                let result = try! store.import(thread % 3 == 0 ? json(batch) : Data(), merge: true, fallback: batch)
                precondition(result.issues.isEmpty)
                // Concurrent reads of models other threads update.
                for model in result.models { _ = model.stock; _ = model.name; _ = model.originalModelData.count }
                _ = store.count
                _ = store.all.count
            }
        }
        #expect(store.count == identities)
        #expect(store.placeholderCount == 0)
        #expect(Set(store.all.map { ObjectIdentifier($0) }).count == identities)
        for id in 0..<identities {
            let model = try #require(store.model(forIdentity: id))
            var expected: [String: Any] = ["name": "item \(id)"]
            var meta: [String: Any] = [:]
            for thread in 0..<threads {
                expected["t\(thread)"] = id * 10 + thread
                meta["m\(thread)"] = thread
            }
            expected["meta"] = meta
            var data = model.originalModelData
            let identity = data.removeValue(forKey: "id")
            #expect(WrapModelIdentity(identity as Any) == .int(id))
            #expect(canonical(data) == canonical(expected))
            #expect(model.name == "item \(id)")
        }
    }
}

extension WrapModelStore {
    /// Imports `json` when it is not empty, else the parsed `fallback`: exercises both input paths.
    fileprivate func `import`(_ json: Data, merge: Bool, fallback: [Any]) throws -> ImportResult {
        json.isEmpty ? try self.import(jsonObject: fallback, merge: merge) : try self.import(json, merge: merge)
    }
}

private func json(_ value: Any) -> Data {
    try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
}
