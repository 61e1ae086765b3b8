import Foundation
import WrapModel

final class StateNote: WrapModel, @unchecked Sendable {
    @Property("text") var text: String
    @MutProperty("draft", transient: true) var draft: String?
    let cursor = WPInt("cursor").transient()
    let secret = WPOptStr("secret", serializeForOutput: false)
}

final class StateNotebook: WrapModel, @unchecked Sendable {
    let note = WPModel<StateNote>("note")
    @Property("title") var title: String
}

/// Counts its hooks; `wordCount` is derived when the data is read.
final class StateArticle: WrapModel, @unchecked Sendable {
    @Property("body") var body: String
    @MutProperty("edited") var edited: Int
    let comments = WPModelArray<StateArticle>("comments")
    private(set) var wordCount = -1
    let writes = HookCounter()

    override func didReadData() {
        wordCount = body.split(separator: " ").count
    }

    override func willWriteOutput() {
        writes.increment()
        if isMutable { edited += 1 }
    }
}

/// A thread-safe count of hook calls (models are shared across threads).
final class HookCounter: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

enum StateStores {
    static let people = WrapModelStore<StatePerson>(identityKeyPath: "id")
}

final class StatePerson: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @Property("name") var name: String
    @ReferenceProperty("friend", store: StateStores.people) var friend: StatePerson?
    @ReferenceArrayProperty("team", store: StateStores.people) var team: [StatePerson]
}
