import Foundation
import Testing
@testable import WrapModel

/// A key path with a period is split once, when it is made; these pin what the split gives and
/// that two paths are equal (and hash equal) exactly when their strings are.
@Suite("Key path components")
struct KeyPathComponentsTests {
    @Test("components and depth of plain, dotted, empty and group paths")
    func components() {
        #expect(KeyPathComponents("id").components == ["id"])
        #expect(KeyPathComponents("id").depth == 1)
        #expect(!KeyPathComponents("id").isDotted)
        #expect(KeyPathComponents("user.screen_name").components == ["user", "screen_name"])
        #expect(KeyPathComponents("user.screen_name").depth == 2)
        #expect(KeyPathComponents("user.screen_name").isDotted)
        #expect(KeyPathComponents("a.b.c").components == ["a", "b", "c"])
        #expect(KeyPathComponents("a..b").components == ["a", "", "b"])
        #expect(KeyPathComponents("a.").components == ["a", ""])
        #expect(KeyPathComponents(".a").depth == 2)
        #expect(KeyPathComponents("").components == [])
        #expect(KeyPathComponents("").depth == 0)
        #expect(KeyPathComponents("").isRoot)
        #expect(KeyPathComponents(kWrapPropertySameDictionaryKey + "1").isRoot)
        #expect(KeyPathComponents(kWrapPropertySameDictionaryKey + "1").components == [])
        #expect(KeyPathComponents("caf\u{E9}.\u{1F600}").components == ["caf\u{E9}", "\u{1F600}"])
        #expect(KeyPathComponents(components: ["a", "b"]).keyPath == "a.b")
        #expect(KeyPathComponents(embedPath: "node.inner")?.components == ["node", "inner"])
        #expect(KeyPathComponents(embedPath: "..") == nil)
    }

    @Test("equal, and hashed alike, exactly when the strings are")
    func equality() {
        #expect(KeyPathComponents("a.b") == KeyPathComponents(components: ["a", "b"]))
        #expect(KeyPathComponents("a.b") != KeyPathComponents("a.c"))
        #expect(KeyPathComponents("a.b") != KeyPathComponents("ab"))
        let set: Set<KeyPathComponents> = [KeyPathComponents("a.b"), KeyPathComponents(components: ["a", "b"]), KeyPathComponents("a")]
        #expect(set.count == 2)
        #expect(set.contains(KeyPathComponents("a.b")))
    }

    @Test("a dotted declaration reads the same from a JSON model and a dictionary model, at any depth")
    func dottedLookups() throws {
        final class Nested: WrapModel, @unchecked Sendable {
            @Property("user.screen_name") var screenName: String
            @Property("a.b.c") var deep: Int
            @Property("a.b.missing") var missing: Int?
            @Property("a..b") var emptyComponent: Int?
        }
        let text = #"{"user": {"id": 1, "screen_name": "ada"}, "a": {"b": {"c": 42}, "": {"b": 7}}}"#
        let parsed = try Nested(parsing: text)
        let dictionary = Nested(data: try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any], mutable: false)
        for model in [parsed, dictionary] {
            #expect(model.screenName == "ada")
            #expect(model.deep == 42)
            #expect(model.missing == nil)
            #expect(model.emptyComponent == 7)
        }
    }
}
