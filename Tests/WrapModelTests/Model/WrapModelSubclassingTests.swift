import Foundation
import Synchronization
import Testing
import WrapModel

/// Records the dictionaries its `init(data:mutable:)` override receives.
final class Recording: WrapModel, @unchecked Sendable {
    static let received = Mutex<[String]>([])
    let name = WPStr("name")
    // It looks at its data, so it asks for the whole dictionary even when created from JSON.
    override class var wrapsJSONLazily: Bool { false }

    required init(data: [String: Any], mutable: Bool) {
        let tag = data["tag"] as? String ?? "<no tag>"
        Self.received.withLock { $0.append(tag) }
        super.init(data: data, mutable: mutable)
    }
}

final class RecordingOwner: WrapModel, @unchecked Sendable {
    let child = WPModel<Recording>("child")
}

/// Fills in a value its data lacks, in an `init(data:mutable:)` override.
final class Defaulting: WrapModel, @unchecked Sendable {
    let name = WPStr("name")
    override class var wrapsJSONLazily: Bool { false }

    required init(data: [String: Any], mutable: Bool) {
        var filled = data
        if filled["name"] == nil { filled["name"] = "filled in" }
        super.init(data: filled, mutable: mutable)
    }
}

final class DefaultingOwner: WrapModel, @unchecked Sendable {
    let child = WPModel<Defaulting>("child")
    let children = WPModelArray<Defaulting>("children")
}

/// Holds members that are not property objects between its properties.
final class WithHelpers: WrapModel, @unchecked Sendable {
    let name = WPStr("name")
    let helper = Item(data: ["id": 99], mutable: false)
    var notes: [String] = []
    var count = WPInt("count")
    let formatter = DateFormatter()
    @MutOptStrProperty("nick") var nick
}

@Suite("Subclassing WrapModel", .serialized)
struct WrapModelSubclassingTests {
    @Test("Members that are not property objects do not disturb property discovery")
    func helpers() throws {
        for _ in 0..<2 {
            let model = try #require(WithHelpers(json: #"{"name": "n", "count": 3, "nick": "k"}"#, mutable: true))
            #expect(model.name.value == "n")
            #expect(model.count.value == 3)
            #expect(model.nick == "k")
            #expect(model.helper.id.value == 99)
            #expect(canonical(model.currentModelData(withNulls: false)) == canonical(["name": "n", "count": 3, "nick": "k"] as [String: Any]))
        }
    }

    @Test("An init(data:mutable:) override receives the submodel's dictionary")
    func overrideSeesSubmodelData() throws {
        Recording.received.withLock { $0.removeAll() }
        let owner = try #require(RecordingOwner(json: #"{"child": {"tag": "child data", "name": "c"}}"#))
        #expect(owner.child.value?.name.value == "c")
        #expect(Recording.received.withLock { $0 } == ["child data"])
    }

    @Test("An init(data:mutable:) override that fills in data applies to submodels as to top-level models")
    func overrideTransformsSubmodelData() throws {
        #expect(Defaulting(data: [:], mutable: false).name.value == "filled in")
        let owner = try #require(DefaultingOwner(json: #"{"child": {}, "children": [{}, {"name": "given"}]}"#))
        #expect(owner.child.value?.name.value == "filled in")
        #expect(owner.children.value.map { $0.name.value } == ["filled in", "given"])
    }
}
