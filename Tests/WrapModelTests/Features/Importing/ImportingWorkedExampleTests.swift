import Foundation
import Testing
import WrapModel

enum ImpFeedStores {
    static let users = WrapModelStore<ImpUser>(identityKeyPath: "id")
}

final class ImpFeedPost: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @StrProperty("title") var title
    @IntProperty("likes") var likes
    @OptStrProperty("meta.lang") var lang: String?
    @BoolProperty("meta.pinned") var pinned
    @ReferenceProperty("author", store: ImpFeedStores.users) var author: ImpUser?
}

@Suite("Importing: the worked example of Docs/Importing.md")
struct ImportingWorkedExampleTests {
    @Test("A feed imported twice with changes, then its users")
    func feedTwice() throws {
        let feed = WrapModelStore<ImpFeedPost>(identityKeyPath: "id")
        try feed.import(#"""
        [
          {"id": 1, "title": "Hello", "likes": 3, "author": {"id": 7, "name": "Ann"},
           "meta": {"lang": "en", "pinned": true}},
          {"id": 2, "title": "Second", "likes": 0, "author": 8}
        ]
        """#)
        let hello = try #require(feed.model(forIdentity: 1))
        let second = try #require(feed.model(forIdentity: 2))
        #expect(hello.author?.name == "Ann")
        let ben = try #require(second.author)
        #expect(ImpFeedStores.users.isPlaceholder(forIdentity: 8))
        #expect(ben.name == "")

        let update = try feed.import(#"""
        [
          {"id": 3, "title": "Third", "likes": 1, "author": 7},
          {"id": 1, "likes": 5, "meta": {"pinned": false}},
          {"id": 2, "title": null}
        ]
        """#)
        #expect(update.insertedCount == 1)
        #expect(update.updatedCount == 2)
        #expect(feed.model(forIdentity: 1) === hello)
        #expect(hello.likes == 5)
        #expect(hello.title == "Hello")
        #expect(hello.lang == "en")
        #expect(hello.pinned == false)
        #expect(second.title == "")
        #expect(feed.all.map(\.id) == [1, 2, 3])
        #expect(feed.model(forIdentity: 3)?.author === hello.author)

        try ImpFeedStores.users.import(#"[{"id": 8, "name": "Ben"}]"#)
        #expect(second.author === ben)
        #expect(ben.name == "Ben")

        try feed.import(#"[{"id": 1, "likes": 5, "meta": {"pinned": false}}]"#, merge: false)
        #expect(feed.model(forIdentity: 1) === hello)
        #expect(hello.title == "" && hello.lang == nil && hello.likes == 5)
    }
}
