import Dispatch
import Foundation
import Synchronization
import Testing
import WrapModel

final class StressDetail: WrapModel, @unchecked Sendable {
    @MutIntProperty("count") var count
    @MutOptStrProperty("note") var note
}

final class StressSlot: WrapModel, @unchecked Sendable {
    @IntProperty("index") var index
    @MutIntProperty("value") var value
    @MutModelProperty("detail") var detail: StressDetail?
}

final class StressStats: WrapModel, @unchecked Sendable {
    @MutIntProperty("stats_total") var total
    @StrProperty("stats_label") var label
}

final class StressRoot: WrapModel, @unchecked Sendable {
    @MutStrProperty("name") var name
    @MutModelArrayProperty("slots") var slots: [StressSlot]
    @GroupProperty() var stats: StressStats
    @MutModelProperty("owner") var owner: StressDetail?
}

/// Used only by the first-use race below, so its first instances are created concurrently.
final class FirstUseRace: WrapModel, @unchecked Sendable {
    @MutIntProperty("a") var a
    @StrProperty("b") var b
    @GroupProperty() var stats: StressStats
    @MutModelArrayProperty("slots") var slots: [StressSlot]
}

@Suite("Concurrency stress")
struct ConcurrencyStressTests {
    static let threads = 16
    static let iterations = 300

    static var json: String {
        let slots = (0..<threads).map { #"{"index": \#($0), "value": -1, "detail": {"count": 0}}"# }.joined(separator: ", ")
        return #"{"name": "root", "stats_total": 0, "stats_label": "L", "owner": {"count": 7}, "slots": [\#(slots)]}"#
    }

    @Test("16 threads read, write and output one mutable model tree without losing a write")
    func sharedTree() throws {
        let root = try #require(StressRoot(json: Self.json, mutable: true))
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for step in 0..<Self.iterations {
                // Every thread races the first, lazy reads of the array and its elements.
                let slots = root.slots
                guard slots.count == Self.threads else { failures.add(1, ordering: .relaxed); return }
                let mine = slots[thread]
                if mine.index != thread { failures.add(1, ordering: .relaxed) }
                mine.value = step
                mine.detail?.count = step
                if mine.value != step || mine.detail?.count != step { failures.add(1, ordering: .relaxed) }
                // Read a neighbour's values and the shared group and submodel.
                let other = slots[(thread + 1) % Self.threads]
                if other.value < -1 || other.value >= Self.iterations { failures.add(1, ordering: .relaxed) }
                if root.stats.label != "L" || root.owner?.count != 7 || root.name != "root" { failures.add(1, ordering: .relaxed) }
                if root.stats.lock !== root.lock || mine.lock !== root.lock { failures.add(1, ordering: .relaxed) }
                if step % 25 == 0 {
                    let data = root.currentModelData(withNulls: step % 50 == 0)
                    let written = (data["slots"] as? [[String: Any]])?[thread]
                    if (written?["value"] as? Int) != step { failures.add(1, ordering: .relaxed) }
                    if (data["slots"] as? [Any])?.count != Self.threads { failures.add(1, ordering: .relaxed) }
                }
                if thread == 0 { root.stats.total = step }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        let last = Self.iterations - 1
        #expect(root.slots.map(\.value) == Array(repeating: last, count: Self.threads))
        #expect(root.slots.map { $0.detail?.count } == Array(repeating: last, count: Self.threads))
        #expect(root.stats.total == last)
        let data = root.currentModelData(withNulls: false)
        let slots = try #require(data["slots"] as? [[String: Any]])
        #expect(slots.map { $0["index"] as? Int } == Array(0..<Self.threads))
        #expect(slots.map { $0["value"] as? Int } == Array(repeating: last, count: Self.threads))
        #expect(slots.map { ($0["detail"] as? [String: Any])?["count"] as? Int } == Array(repeating: last, count: Self.threads))
        #expect(data["stats_total"] as? Int == last)
        #expect(data["stats_label"] as? String == "L")
    }

    @Test("16 threads each create, write, copy and output fresh models")
    func freshInstances() {
        let failures = Atomic<Int>(0)
        let json = Self.json
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for step in 0..<40 {
                guard let root = StressRoot(json: json, mutable: true) else { failures.add(1, ordering: .relaxed); continue }
                root.name = "t\(thread)-\(step)"
                root.slots[thread].value = step
                root.stats.total = thread
                root.owner?.note = "n\(thread)"
                let copy = root.copy() as! StressRoot
                let data = copy.currentModelData(withNulls: false)
                let ok = data["name"] as? String == "t\(thread)-\(step)"
                    && (data["slots"] as? [[String: Any]])?[thread]["value"] as? Int == step
                    && data["stats_total"] as? Int == thread
                    && (data["owner"] as? [String: Any])?["note"] as? String == "n\(thread)"
                    && copy == root
                if !ok { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }

    @Test("16 threads read one immutable model tree concurrently")
    func immutableReaders() throws {
        let root = try #require(StressRoot(json: Self.json, mutable: false))
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for step in 0..<Self.iterations {
                let slots = root.slots
                if slots.count != Self.threads || slots[thread].index != thread || slots[thread].value != -1 {
                    failures.add(1, ordering: .relaxed)
                }
                if slots[thread].detail?.count != 0 || root.stats.label != "L" || root.owner?.count != 7 {
                    failures.add(1, ordering: .relaxed)
                }
                if step % 50 == 0, (root.currentModelData(withNulls: true)["slots"] as? [Any])?.count != Self.threads {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }

    @Test("16 threads create the first instances of a class at once")
    func firstUseRace() {
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for step in 0..<20 {
                let model = FirstUseRace(data: ["a": thread, "b": "b\(step)", "stats_label": "S", "slots": [["index": step]]], mutable: true)
                model.a += 1
                let ok = model.a == thread + 1 && model.b == "b\(step)" && model.stats.label == "S"
                    && model.slots.map(\.index) == [step] && model.stats.lock === model.lock
                    && model.currentModelData(withNulls: false)["a"] as? Int == thread + 1
                if !ok { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }

    @Test("A reading block of the tree lock sees no write anywhere in the tree, nested reads and output included")
    func lockUsage() throws {
        let root = try #require(StressRoot(json: Self.json, mutable: true))
        let total = root.lock.reading { root.lock.reading { root.slots.count } + root.slots.count }
        #expect(total == 2 * Self.threads)
        let torn = Atomic<Int>(0)
        let steps = 100
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for step in 0..<steps {
                if thread % 2 == 0 {
                    // Writers of the group (over the root's level), a submodel and an element's
                    // submodel: no lock of the test's, only the tree's, which they all share.
                    root.stats.total = step * Self.threads + thread
                    root.owner?.count = step * Self.threads + thread
                    root.slots[thread].detail?.count = step
                } else {
                    root.lock.reading {
                        func snapshot() -> [Int?] {
                            [root.stats.total, root.owner?.count] + root.slots.map { $0.detail?.count }
                        }
                        let before = snapshot()
                        let nested = root.lock.reading { snapshot() }
                        let output = root.currentModelData(withNulls: false)
                        let after = snapshot()
                        let written = (output["slots"] as? [[String: Any]])?.map { ($0["detail"] as? [String: Any])?["count"] as? Int }
                        if before != nested || before != after || output["stats_total"] as? Int != before[0]
                            || written.map({ Array(before.dropFirst(2)) == $0 }) != true {
                            torn.add(1, ordering: .relaxed)
                        }
                    }
                }
            }
        }
        #expect(torn.load(ordering: .relaxed) == 0)
        // Every write was kept: each slot has its one writer's last value, the shared fields one
        // writer's last value.
        for thread in stride(from: 0, to: Self.threads, by: 2) {
            #expect(root.slots[thread].detail?.count == steps - 1)
        }
        let last = (steps - 1) * Self.threads
        #expect((last..<last + Self.threads).contains(root.stats.total) && root.stats.total % 2 == 0)
        #expect((last..<last + Self.threads).contains(root.owner?.count ?? -1))
    }

    @Test("Concurrent clearMutations and writes leave a consistent model: reads, output and hasChanges agree")
    func clearWhileWriting() throws {
        let root = try #require(StressRoot(json: Self.json, mutable: true))
        let valid = Set(["root"] + (1..<Self.threads).map { "w\($0)" })
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for step in 0..<100 {
                if thread == 0 && step % 10 == 0 {
                    root.clearMutations()
                } else {
                    root.name = "w\(max(thread, 1))"
                    let name = root.currentModelData(withNulls: false)["name"] as? String
                    if !valid.contains(name ?? "") || !valid.contains(root.name) { failures.add(1, ordering: .relaxed) }
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        // What the race left, before anything restores the data: one value, read and written alike.
        let name = root.name
        #expect(valid.contains(name))
        #expect(root.currentModelData(withNulls: false)["name"] as? String == name)
        let lossless = try JSONSerialization.jsonObject(with: root.jsonData(options: [.keepUnmodeledKeys])) as? [String: Any]
        #expect(lossless?["name"] as? String == name)
        #expect(root.hasChanges == (name != "root"))
        #expect(try root.mergePatchData() == Data(name == "root" ? "{}".utf8 : #"{"name":"\#(name)"}"#.utf8))
        #expect(root.slots.map(\.value) == Array(repeating: -1, count: Self.threads))
        root.clearMutations()
        #expect(root.name == "root")
        #expect(root.hasChanges == false)
    }

    /// Lossless output of a model whose properties were never written copies its data without
    /// asking each property; writes (here in submodels, from many threads) and clearing must keep
    /// that shortcut right.
    @Test("Lossless output sees every write while threads write, clear and output at once")
    func losslessWhileWriting() throws {
        let root = try #require(StressRoot(json: Self.json, mutable: true))
        let failures = Atomic<Int>(0)
        @Sendable func detailCount(_ data: Data, slot: Int) -> Int? {
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            let slots = object?["slots"] as? [[String: Any]]
            return (slots?[slot]["detail"] as? [String: Any])?["count"] as? Int
        }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for step in 0..<Self.iterations / 3 {
                root.slots[thread].detail?.count = step + 1
                let data = try? root.jsonData(options: [.keepUnmodeledKeys])
                if data.flatMap({ detailCount($0, slot: thread) }) != step + 1 { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for step in 0..<50 {
                if thread == 0 {
                    if step % 5 == 0 { root.clearMutations() }
                    root.name = "c\(step)"
                    let data = try? root.jsonData(options: [.keepUnmodeledKeys])
                    let name = data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }?["name"]
                    if name as? String != "c\(step)" { failures.add(1, ordering: .relaxed) }
                } else if (try? root.jsonData(options: [.keepUnmodeledKeys])) == nil {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        root.clearMutations()
        let cleared = try root.jsonData(options: [.keepUnmodeledKeys])
        #expect(detailCount(cleared, slot: 3) == 0)
        root.slots[3].detail?.count = 42
        #expect(detailCount(try root.jsonData(options: [.keepUnmodeledKeys]), slot: 3) == 42)
        #expect(try root.mergePatchData() == Data(#"{"slots":[{"index":0,"value":-1,"detail":{"count":0}},{"index":1,"value":-1,"detail":{"count":0}},{"index":2,"value":-1,"detail":{"count":0}},{"index":3,"value":-1,"detail":{"count":42}},{"index":4,"value":-1,"detail":{"count":0}},{"index":5,"value":-1,"detail":{"count":0}},{"index":6,"value":-1,"detail":{"count":0}},{"index":7,"value":-1,"detail":{"count":0}},{"index":8,"value":-1,"detail":{"count":0}},{"index":9,"value":-1,"detail":{"count":0}},{"index":10,"value":-1,"detail":{"count":0}},{"index":11,"value":-1,"detail":{"count":0}},{"index":12,"value":-1,"detail":{"count":0}},{"index":13,"value":-1,"detail":{"count":0}},{"index":14,"value":-1,"detail":{"count":0}},{"index":15,"value":-1,"detail":{"count":0}}]}"#.utf8))
    }
}
