import Foundation
import Testing
@testable import WrapModel

final class NamedKeys: WrapModel, @unchecked Sendable {
    @Property var displayName: String
    @MutProperty var itemCount: Int
    @Property("id") var identifier: Int
    @Property(date: .iso8601) var updatedAt: Date?
}

final class SnakeKeys: WrapModel, @unchecked Sendable {
    override class var keyNaming: WrapKeyNaming { .snakeCase }
    @Property var displayName: String
    @MutProperty var itemCount: Int
    @Property var profileURL: String?
    @Property("ID") var identifier: Int
    @Property(date: .iso8601) var updatedAt: Date?
}

/// Inherits its parent's naming.
final class SnakeKeysChild: WrapModel, @unchecked Sendable {
    override class var keyNaming: WrapKeyNaming { SnakeKeys.keyNaming }
    @Property var nickName: String?
}

class KebabBase: WrapModel, @unchecked Sendable {
    override class var keyNaming: WrapKeyNaming { .kebabCase }
    @Property var firstName: String
}

final class KebabChild: KebabBase, @unchecked Sendable {
    @Property var lastName: String
}

@Suite("Keys from names: a declaration without a key reads its property's name")
struct KeysFromNamesTests {
    @Test("without a key, the key is the name as it is")
    func asIs() throws {
        let model = try NamedKeys(parsing: #"{"displayName": "Ada", "itemCount": 3, "id": 9, "updatedAt": "2016-11-01T21:14:33Z"}"#)
        #expect(model.displayName == "Ada")
        #expect(model.itemCount == 3)
        #expect(model.identifier == 9)
        #expect(model.updatedAt == Date(timeIntervalSince1970: 1_478_034_873))
        #expect(model.$displayName.keyPath == "displayName")
    }

    @Test("a class's snakeCase naming converts every name, and an explicit key wins")
    func snakeCase() throws {
        let model = try SnakeKeys(parsing: #"{"display_name": "Ada", "item_count": 3, "profile_url": "u", "ID": 4, "updated_at": "2016-11-01T21:14:33Z", "displayName": "wrong"}"#, mutable: true)
        #expect(model.displayName == "Ada")
        #expect(model.itemCount == 3)
        #expect(model.profileURL == "u")
        #expect(model.identifier == 4)
        #expect(model.updatedAt == Date(timeIntervalSince1970: 1_478_034_873))
        #expect(model.declaredProperties.map(\.property.keyPath) == ["display_name", "item_count", "profile_url", "ID", "updated_at"])
    }

    @Test("output, lossless output, merge patches and validation use the converted key")
    func everyPathUsesTheKey() throws {
        let model = try SnakeKeys(parsing: #"{"display_name": "Ada", "item_count": "x", "ID": 4, "extra": true}"#, mutable: true)
        #expect(model.validate().map(\.description) == ["item_count: expected integer, found string"])
        model.itemCount = 5
        #expect(String(decoding: try model.jsonData(options: [.declaredOnly, .sortedKeys]), as: UTF8.self)
                == #"{"ID":4,"display_name":"Ada","item_count":5}"#)
        #expect(String(decoding: try model.jsonData(options: [.keepUnmodeledKeys]), as: UTF8.self)
                == #"{"display_name":"Ada","item_count":5,"ID":4,"extra":true}"#)
        #expect(String(decoding: try model.mergePatchData(), as: UTF8.self) == #"{"item_count":5}"#)
    }

    @Test("a subclass inherits its parent's naming; a class may take another's")
    func inheritance() throws {
        let child = try KebabChild(parsing: #"{"first-name": "Grace", "last-name": "Hopper"}"#)
        #expect(child.firstName == "Grace")
        #expect(child.lastName == "Hopper")
        let other = try SnakeKeysChild(parsing: #"{"nick_name": "Amazing"}"#)
        #expect(other.nickName == "Amazing")
    }

    @Test("snake and kebab case split words as JSONEncoder's key strategies do", arguments: [
        ("createdAt", "created_at"), ("profileURL", "profile_url"), ("URLSession", "url_session"),
        ("userID2", "user_id2"), ("id", "id"), ("_private", "private"), ("already_snake", "already_snake"),
        ("HTTPStatusCode", "http_status_code"),
    ])
    func wordSplitting(name: String, snake: String) {
        #expect(WrapKeyNaming.snakeCase.key(for: name) == snake)
        #expect(WrapKeyNaming.kebabCase.key(for: name) == snake.replacingOccurrences(of: "_", with: "-"))
        #expect(WrapKeyNaming.asIs.key(for: name) == name)
        #expect(WrapKeyNaming.custom { $0.uppercased() }.key(for: name) == name.uppercased())
    }
}
