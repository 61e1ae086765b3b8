import Dispatch
import Foundation
import Synchronization
import Testing
import WrapModel

// Many threads on one model tree. What the package guarantees (WrapModelLock.swift,
// WrapProperty.swift): a write replaces the property's cached value under the tree's write lock;
// currentModelData / outputData / copies hold the tree's read lock for the whole tree, so they see
// one state of it; cached values of immutable models are read without a lock, and clearMutations
// on an immutable model retires (never frees) the boxes such readers may still hold.

final class RelConcNode: WrapModel, @unchecked Sendable {
    @MutIntProperty("a") var a
    @MutIntProperty("b") var b
}

final class RelConcDetail: WrapModel, @unchecked Sendable {
    @MutIntProperty("n") var n
}

final class RelConcSlot: WrapModel, @unchecked Sendable {
    @IntProperty("index") var index
    @MutIntProperty("value") var value
    @MutOptStrProperty("tag") var tag
    @MutModelProperty("detail") var detail: RelConcDetail?
}

/// One field per thread at the root's own level.
final class RelConcStats: WrapModel, @unchecked Sendable {
    let g0 = WPInt("g0"), g1 = WPInt("g1"), g2 = WPInt("g2"), g3 = WPInt("g3")
    let g4 = WPInt("g4"), g5 = WPInt("g5"), g6 = WPInt("g6"), g7 = WPInt("g7")
    let g8 = WPInt("g8"), g9 = WPInt("g9"), g10 = WPInt("g10"), g11 = WPInt("g11")
    let g12 = WPInt("g12"), g13 = WPInt("g13"), g14 = WPInt("g14"), g15 = WPInt("g15")

    var fields: [WrapPropertyInt] { [g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13, g14, g15] }
}

final class RelConcRoot: WrapModel, @unchecked Sendable {
    @MutStrProperty("name") var name
    @MutIntProperty("counter") var counter
    @MutModelProperty("child") var child: RelConcNode?
    @MutModelArrayProperty("slots") var slots: [RelConcSlot]
    @GroupProperty() var stats: RelConcStats
    @ModelDictProperty("lookup") var lookup: [String: RelConcNode]
}

extension ReliabilityTests {
    @Suite("Reliability: Concurrency stress")
    struct ReliabilityConcurrencyTests {
        static let threads = 16
        /// Steps per thread: 150 with WRAPMODEL_FULL_TESTS=1, else 60 (the same checks, exact values).
        static let iterations = TestScale.pick(reduced: 60, full: 150)
        static let snapshotEvery = 10

        static var json: String {
            let slots = (0..<threads).map { #"{"index": \#($0), "value": -1, "tag": null, "detail": {"n": -1}}"# }
            let groups = (0..<threads).map { #""g\#($0)": -1"# }
            return #"{"name": "root", "counter": 0, "child": {"a": 0, "b": 0}, "lookup": {"k": {"a": 7, "b": 8}}, "#
                + groups.joined(separator: ", ") + #", "slots": ["# + slots.joined(separator: ", ") + "]}"
        }

        /// The relations the writers keep, checked on one snapshot of the tree:
        /// thread 0 writes child.a, then counter, then child.b (each under its own write), so
        /// b ≤ counter ≤ a ≤ b + 1; every thread writes its slot's value, then its detail's n, so
        /// n ≤ value ≤ n + 1. A violation means a snapshot mixed two states of the tree.
        static func snapshotProblems(_ data: [String: Any]) -> [String] {
            var problems: [String] = []
            guard let child = data["child"] as? [String: Any], let a = child["a"] as? Int, let b = child["b"] as? Int,
                  let counter = data["counter"] as? Int else { return ["snapshot lacks child or counter: \(data.keys.sorted())"] }
            if !(b <= counter && counter <= a && a <= b + 1) { problems.append("child.a \(a), counter \(counter), child.b \(b)") }
            guard let slots = data["slots"] as? [[String: Any]], slots.count == threads else { return problems + ["slots missing"] }
            for (index, slot) in slots.enumerated() {
                guard let value = slot["value"] as? Int, let n = (slot["detail"] as? [String: Any])?["n"] as? Int else {
                    problems.append("slot \(index) incomplete: \(slot)")
                    continue
                }
                if !(n <= value && value <= n + 1) { problems.append("slot \(index): value \(value), detail.n \(n)") }
            }
            return problems
        }

        @Test("16 threads write their own fields of one tree while all read, copy and output it: no lost write, consistent snapshots")
        func noLostWriteConsistentSnapshots() throws {
            let root = try #require(RelConcRoot(json: Self.json, mutable: true))
            let problems = Mutex<[String]>([])
            let snapshots = Atomic<Int>(0)
            @Sendable func report(_ message: String) { problems.withLock { if $0.count < 20 { $0.append(message) } } }

            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for step in 0..<Self.iterations {
                    // Every thread races the lazy creation of the array, its elements and the group.
                    let slots = root.slots
                    guard slots.count == Self.threads else { return report("slots.count \(slots.count)") }
                    let mine = slots[thread]
                    mine.value = step
                    mine.detail?.n = step
                    mine.tag = "t\(thread)-\(step)"
                    let field = root.stats.fields[thread]
                    field.value = step
                    if thread == 0 {
                        root.child?.a = step
                        root.counter = step
                        root.child?.b = step
                    }
                    // Own writes are visible at once.
                    if mine.value != step || mine.detail?.n != step || field.value != step || mine.tag != "t\(thread)-\(step)" {
                        report("thread \(thread) step \(step): own write not visible")
                    }
                    // Neighbours' values are always in range.
                    let other = slots[(thread + 5) % Self.threads]
                    if other.value < -1 || other.value >= Self.iterations { report("neighbour value \(other.value)") }
                    if root.name != "root" || root.lookup["k"]?.b != 8 { report("unwritten values changed") }
                    if step % Self.snapshotEvery == thread % Self.snapshotEvery {
                        snapshots.add(1, ordering: .relaxed)
                        switch (step / Self.snapshotEvery) % 4 {
                        case 0:
                            for problem in Self.snapshotProblems(root.currentModelData(withNulls: step % 2 == 0)) { report("currentModelData: \(problem)") }
                        case 1:
                            do {
                                let object = try WrapJSON.parse(root.jsonData(options: [.keepUnmodeledKeys, .sortedKeys]))
                                for problem in Self.snapshotProblems(object as? [String: Any] ?? [:]) { report("jsonData: \(problem)") }
                            } catch {
                                report("jsonData threw \(error)")
                            }
                        case 2:
                            let frozen = root.copy() as! RelConcRoot
                            if frozen.isMutable { report("copy() is mutable") }
                            for problem in Self.snapshotProblems(frozen.currentModelData(withNulls: false)) { report("copy(): \(problem)") }
                        default:
                            let thawed = root.mutableCopy() as! RelConcRoot
                            thawed.slots[thread].value = -100   // the copy is its own tree
                            for problem in Self.snapshotProblems(root.outputData(options: [.withNulls])) { report("outputData: \(problem)") }
                            if !root.validate().isEmpty { report("validate() found issues") }
                            _ = root.description
                        }
                    }
                }
            }

            #expect(problems.withLock { $0 } == [])
            #expect(snapshots.load(ordering: .relaxed) > 0)
            // Every thread's last write is there, exactly.
            let last = Self.iterations - 1
            #expect(root.slots.map(\.value) == Array(repeating: last, count: Self.threads))
            #expect(root.slots.map { $0.detail?.n } == Array(repeating: last, count: Self.threads))
            #expect(root.slots.map(\.tag) == (0..<Self.threads).map { "t\($0)-\(last)" })
            #expect(root.stats.fields.map(\.value) == Array(repeating: last, count: Self.threads))
            #expect(root.child?.a == last && root.child?.b == last && root.counter == last)
            let output = root.currentModelData(withNulls: false)
            #expect((output["slots"] as? [[String: Any]])?.compactMap { $0["value"] as? Int } == Array(repeating: last, count: Self.threads))
            for thread in 0..<Self.threads { #expect(output["g\(thread)"] as? Int == last) }
        }

        @Test("clearMutations racing writers and readers: every value read is an original or a written one, and later writes all land")
        func clearMutationsUnderLoad() throws {
            let root = try #require(RelConcRoot(json: Self.json, mutable: true))
            let problems = Mutex<[String]>([])
            @Sendable func report(_ message: String) { problems.withLock { if $0.count < 20 { $0.append(message) } } }
            let clears = Atomic<Int>(0)

            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for step in 0..<Self.iterations {
                    if thread == Self.threads - 1 {
                        root.clearMutations()
                        clears.add(1, ordering: .relaxed)
                        if step % 10 == 0 { root.stats.fields.forEach { $0.clearMutation() } }
                        continue
                    }
                    // Fetched again every time: a clear drops the cached array and its elements.
                    let slot = root.slots[thread]
                    slot.value = step
                    slot.detail?.n = step
                    root.stats.fields[thread].value = step
                    let value = slot.value
                    if value != -1 && !(0...step).contains(value) { report("slot \(thread) read \(value) at step \(step)") }
                    let field = root.stats.fields[thread].value
                    if field != -1 && !(0...step).contains(field) { report("g\(thread) read \(field) at step \(step)") }
                    let seen = root.slots[thread].value
                    if seen != -1 && !(0...step).contains(seen) { report("slot \(thread) re-read \(seen)") }
                    if step % 20 == 0 {
                        let data = root.currentModelData(withNulls: true)
                        if (data["slots"] as? [Any])?.count != Self.threads { report("snapshot lost slots") }
                        _ = try? root.jsonData(options: [.keepUnmodeledKeys])
                        _ = root.copy()
                    }
                }
            }
            #expect(problems.withLock { $0 } == [])
            #expect(clears.load(ordering: .relaxed) == Self.iterations)

            // Then, without clears, every thread's writes land exactly.
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for step in 0..<50 {
                    root.slots[thread].value = 1000 + step
                    root.stats.fields[thread].value = 2000 + step
                }
            }
            #expect(root.slots.map(\.value) == Array(repeating: 1049, count: Self.threads))
            #expect(root.stats.fields.map(\.value) == Array(repeating: 2049, count: Self.threads))
            root.clearMutations()
            #expect(root.slots.map(\.value) == Array(repeating: -1, count: Self.threads))
        }

        @Test("Immutable models are read lock-free while clearMutations retires their cached values")
        func immutableReadsDuringClear() throws {
            let frozen = try #require(RelConcRoot(json: Self.json))
            let orderBytes = try #require(RelCorpus.resource("order", subdirectory: "Resources/Fuzz"))
            let order = try #require(RelOrder(jsonData: Data(orderBytes)))
            let expectedOrder = order.touchAll()
            let problems = Mutex<[String]>([])
            @Sendable func report(_ message: String) { problems.withLock { if $0.count < 20 { $0.append(message) } } }

            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for step in 0..<Self.iterations {
                    if thread % 4 == 3 {
                        frozen.clearMutations()
                        order.clearMutations()
                        if step % 10 == 0 { frozen.slots.first?.clearMutations() }
                        continue
                    }
                    let slots = frozen.slots
                    if slots.count != Self.threads || slots[thread].value != -1 || slots[thread].index != thread {
                        report("immutable slots read wrong")
                    }
                    if frozen.name != "root" || frozen.child?.a != 0 || frozen.lookup["k"]?.a != 7 || frozen.stats.g3.value != -1 {
                        report("immutable scalar read wrong")
                    }
                    if ObjectIdentifier(frozen.copy() as! RelConcRoot) != ObjectIdentifier(frozen) { report("copy() of an immutable model is not itself") }
                    if step % 15 == 0 {
                        let sink = order.touchAll()
                        if sink.reads != expectedOrder.reads || sink.digest != expectedOrder.digest { report("order read differently") }
                        if !order.validate().isEmpty { report("order validate() changed") }
                        if Self.snapshotProblems(frozen.currentModelData(withNulls: false)) != [] { report("immutable snapshot wrong") }
                    }
                }
            }
            #expect(problems.withLock { $0 } == [])
        }
    }
}
