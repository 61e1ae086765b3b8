import Foundation
import Observation
import Synchronization
import Testing
@testable import WrapModel
@testable import WrapModelJSON

final class PartialCollections: WrapModel, @unchecked Sendable {
    @Property var steps: [PartialStep]?
    @Property("edges", embedPath: "node") var edges: [PartialStep]
    @Property var byName: [String: PartialStep]
    let moreByName = WrapPropertyOptionalDictionaryOfModel<PartialStep>("more")
    var more: [String: PartialStep]? { moreByName.value }
    @Property var title: String
}

/// Whether a tracking scope heard a change.
private final class Heard: Sendable {
    private let flag = Atomic<Bool>(false)
    var changed: Bool { flag.load(ordering: .relaxed) }
    func track(_ read: () -> String) -> String {
        withObservationTracking(read) { [self] in flag.store(true, ordering: .relaxed) }
    }
}

@Suite("Partial documents: collections of models grow where they are")
struct PartialCollectionTests {
    init() { WrapObservation.isEnabled = true }

    static let text = #"""
        {"steps": [{"text": "Mix", "minutes": 5}, {"text": "Rest", "minutes": 60}, {"text": "Fry", "minutes": 12}],
         "edges": [{"node": {"text": "a", "minutes": 1}}, {"skip": 1}, {"node": {"text": "b", "minutes": 2}}, {"node": {"text": "c"}}],
         "byName": {"first": {"text": "x", "minutes": 7}, "gone": null, "second": {"text": "y", "minutes": 8}},
         "more": {"only": {"text": "z", "minutes": 9}}, "title": "Done"}
        """#

    /// The identities of the models a collection shows, in order (by key for dictionaries).
    static func identities(_ models: [PartialStep]?) -> [ObjectIdentifier] { (models ?? []).map(ObjectIdentifier.init) }
    static func identities(_ models: [String: PartialStep]?) -> [String: ObjectIdentifier] {
        (models ?? [:]).mapValues(ObjectIdentifier.init)
    }
    static func describe(_ models: [PartialStep]?) -> String {
        models.map { $0.map { "\(ObjectIdentifier($0).hashValue)" }.joined(separator: "|") } ?? "nil"
    }
    static func describe(_ models: [String: PartialStep]?) -> String {
        models.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\(ObjectIdentifier($0.value).hashValue)" }.joined(separator: "|") } ?? "nil"
    }

    @Test("byte by byte: optional, embedded and keyed collections keep their models, add the new ones, and end as init(parsing:)")
    func keptModels() throws {
        let bytes = Array(Self.text.utf8)
        let whole = try PartialCollections(parsing: Data(bytes))
        let partial = WrapPartialDocument<PartialCollections>()
        let model = partial.model
        var steps: [ObjectIdentifier] = []
        var edges: [ObjectIdentifier] = []
        var byName: [String: ObjectIdentifier] = [:]
        var more: [String: ObjectIdentifier] = [:]
        for (offset, byte) in bytes.enumerated() {
            try partial.append([byte])
            let nowSteps = Self.identities(model.steps)
            #expect(nowSteps.starts(with: steps), "byte \(offset): a step model was replaced")
            steps = nowSteps
            let nowEdges = Self.identities(model.edges)
            #expect(nowEdges.starts(with: edges), "byte \(offset): an edge model was replaced")
            edges = nowEdges
            let nowByName = Self.identities(model.byName)
            for (key, identity) in byName { #expect(nowByName[key] == identity, "byte \(offset): byName[\(key)] was replaced") }
            byName = nowByName
            let nowMore = Self.identities(model.more)
            for (key, identity) in more { #expect(nowMore[key] == identity, "byte \(offset): more[\(key)] was replaced") }
            more = nowMore
            // The element in progress fills in where it is.
            if let last = model.edges.last, last.$text.arrival == .complete {
                #expect(whole.edges.map(\.text).contains(last.text))
            }
        }
        try partial.finish()
        #expect(model.steps?.map(\.text) == ["Mix", "Rest", "Fry"])
        #expect(model.steps?.map(\.minutes) == [5, 60, 12])
        #expect(model.edges.map(\.text) == ["a", "b", "c"])
        #expect(model.edges.map(\.minutes) == [1, 2, 0])
        #expect(model.byName.mapValues(\.text) == ["first": "x", "second": "y"])
        #expect(model.byName.mapValues(\.minutes) == ["first": 7, "second": 8])
        #expect(model.more?.mapValues(\.text) == ["only": "z"])
        #expect(try model.jsonData() == whole.jsonData())
        #expect(model.validate() == whole.validate())
        // Models made while the document arrived are the ones the finished model shows.
        #expect(Self.identities(model.steps) == steps)
        #expect(Self.identities(model.edges) == edges)
        #expect(Self.identities(model.byName) == byName)
    }

    @Test("byte by byte: a collection's observers hear a piece exactly when the models it shows changed")
    func notificationSets() throws {
        let bytes = Array(Self.text.utf8)
        let partial = WrapPartialDocument<PartialCollections>()
        let model = partial.model
        let readers: [(String, (PartialCollections) -> String)] = [
            ("steps", { Self.describe($0.steps) }), ("edges", { Self.describe($0.edges) }),
            ("byName", { Self.describe($0.byName) }), ("more", { Self.describe($0.more) }), ("title", { $0.title }),
        ]
        var heardCount: [String: Int] = [:]
        for (offset, byte) in bytes.enumerated() {
            var scopes: [(String, Heard, String, () -> String)] = []
            for (name, read) in readers {
                let heard = Heard()
                scopes.append((name, heard, heard.track { read(model) }, { read(model) }))
            }
            try partial.append([byte])
            for (name, heard, before, read) in scopes {
                let after = read()
                #expect(heard.changed == (after != before),
                        "byte \(offset): \(name) \(before) -> \(after), heard \(heard.changed)")
                if heard.changed { heardCount[name, default: 0] += 1 }
            }
        }
        try partial.finish()
        // Each collection notified once per model it gained (an optional one also when it appeared).
        #expect(heardCount["steps"] == 4)
        #expect(heardCount["edges"] == 3)
        #expect(heardCount["byName"] == 2)
        #expect(heardCount["more"] == 2)
        #expect(heardCount["title"] == 1)
    }
}

@Suite("Partial documents: read on one thread while another appends")
struct PartialConcurrencyTests {
    @Test("a reader thread sees the statuses only grow, each complete id final, while a task appends twitter.json")
    func readWhileAppending() async throws {
        let input = try StreamFixture.resource("twitter")
        let whole = try PartialTimeline(parsing: Data(input))
        let finalIDs = whole.statuses.map(\.id)
        let partial = WrapPartialDocument<PartialTimeline>()
        let model = partial.model
        let done = Atomic<Bool>(false)
        // The reader spins, so it runs on a thread of its own: spinning in a task would hold one
        // of the concurrency pool's threads (two on a 2-core machine) and starve the tests that
        // run beside this one, and the appending task too.
        let outcome = Mutex<(reads: Int, problems: [String])?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            var problems: [String] = []
            var reads = 0
            var count = 0
            var first: ObjectIdentifier?
            while !done.load(ordering: .acquiring) || reads == 0 {
                let statuses = model.statuses
                if statuses.count < count { problems.append("statuses shrank from \(count) to \(statuses.count)") }
                count = statuses.count
                if let head = statuses.first {
                    if let first, first != ObjectIdentifier(head) { problems.append("the first status model was replaced") }
                    first = ObjectIdentifier(head)
                }
                if let newest = statuses.last, newest.$id.arrival == .complete, newest.id != finalIDs[statuses.count - 1] {
                    problems.append("status \(statuses.count - 1) read id \(newest.id)")
                }
                _ = statuses.last?.$text.receivedText
                reads += 1
            }
            outcome.withLock { $0 = (reads, problems) }
            finished.signal()
        }.start()
        var start = 0
        while start < input.count {
            let end = min(input.count, start + 97)
            try partial.append(Array(input[start..<end]))
            start = end
            if start % 9_700 == 0 { await Task.yield() }
        }
        try partial.finish()
        done.store(true, ordering: .releasing)
        await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
            Thread { finished.wait(); resume.resume() }.start()
        }
        let (reads, problems) = try #require(outcome.withLock { $0 })
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(reads > 0)
        #expect(model.statuses.map(\.id) == finalIDs)
        #expect(try model.jsonData() == whole.jsonData())
    }
}
