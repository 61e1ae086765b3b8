import Dispatch
import Foundation
import Synchronization
import Testing
@testable import WrapModel

final class LockFreeReadModel: WrapModel, @unchecked Sendable {
    @MutStrProperty("text") var text
    @MutIntProperty("count") var count
    let tags = WPStrArray("tags")
}

/// Readers of a mutable model load written values without the tree's lock while one thread
/// writes; these tests check that they only ever see whole values that were written, in order.
@Suite("Lock-free reads of mutable models")
struct MutableReadConcurrencyTests {
    static let writes = TestScale.pick(reduced: 2_000, full: 20_000)
    static let original = "original text, long enough to live on the heap"

    /// The text written at step `index`: heap-allocated, so a freed box would show as garbage or a crash.
    static func text(_ index: Int) -> String {
        String(repeating: String(index % 10), count: 40) + "#\(index)"
    }

    static func model() throws -> LockFreeReadModel {
        try LockFreeReadModel(parsing: #"{"text": "\#(original)", "count": 0, "tags": ["a"]}"#, mutable: true)
    }

    @Test("two readers see only written values, never older than one they saw, while one thread writes")
    func readersWhileWriting() throws {
        let model = try Self.model()
        let allowed = Set((0..<Self.writes).map(Self.text) + [Self.original])
        let done = Atomic<Bool>(false)
        let failures = Atomic<Int>(0)
        let reads = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            if thread == 0 {
                for index in 0..<Self.writes {
                    model.text = Self.text(index)
                    model.count = index * 3
                    model.tags.value = [Self.text(index), "\(index)"]
                }
                done.store(true, ordering: .releasing)
                return
            }
            var lastCount = 0
            var count = 0
            while !done.load(ordering: .acquiring) || count < 100 {
                let text = model.text
                let current = model.count
                let tags = model.tags.value
                if !allowed.contains(text) { failures.add(1, ordering: .relaxed) }
                if current % 3 != 0 || current < lastCount || current > (Self.writes - 1) * 3 { failures.add(1, ordering: .relaxed) }
                if tags != ["a"] && !(tags.count == 2 && tags[0] == Self.text(Int(tags[1]) ?? -1)) {
                    failures.add(1, ordering: .relaxed)
                }
                lastCount = current
                count += 1
            }
            reads.add(count, ordering: .relaxed)
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(reads.load(ordering: .relaxed) >= 200)
        #expect(model.text == Self.text(Self.writes - 1))
        #expect(model.count == (Self.writes - 1) * 3)
        #expect(model.tags.value == [Self.text(Self.writes - 1), "\(Self.writes - 1)"])
        // The text and the tags retire boxes up to the limit; the count is an Int, kept in its
        // slot itself, so it has no boxes to retire.
        #expect(model.retiredCacheBoxCount == 2 * WrapProperty<String>.retiredLimit)
    }

    @Test("readers of freshly written models (every box still lock-free readable) see whole written values")
    func readersWhileWritingFreshModels() throws {
        let models = try (0..<TestScale.pick(reduced: 300, full: 3_000)).map { _ in try Self.model() }
        let writesEach = WrapProperty<String>.retiredLimit - 1
        let allowed = Set((0..<writesEach).map(Self.text) + [Self.original])
        let current = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            if thread == 0 {
                for (index, model) in models.enumerated() {
                    current.store(index, ordering: .releasing)
                    for step in 0..<writesEach { model.text = Self.text(step); model.count = step + 1 }
                }
                done.store(true, ordering: .releasing)
                return
            }
            while !done.load(ordering: .acquiring) {
                let model = models[current.load(ordering: .acquiring)]
                let count = model.count
                let text = model.text
                if !allowed.contains(text) || count < 0 || count > writesEach { failures.add(1, ordering: .relaxed) }
                // `count` is written after `text`, so a text at least as new as the count read first.
                let step = text == Self.original ? -1 : Int(text.split(separator: "#")[1]) ?? -2
                if step < count - 1 {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        for model in models {
            #expect(model.text == Self.text(writesEach - 1))
            #expect(model.count == writesEach)
        }
    }

    @Test("readers see the original or a written value while another thread writes and clears")
    func readersWhileClearing() throws {
        let model = try Self.model()
        let allowed = Set((0..<Self.writes).map(Self.text) + [Self.original])
        let done = Atomic<Bool>(false)
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            if thread == 0 {
                for index in 0..<Self.writes {
                    model.text = Self.text(index)
                    if index % 7 == 0 { model.clearMutations() }
                }
                done.store(true, ordering: .releasing)
                return
            }
            while !done.load(ordering: .acquiring) {
                if !allowed.contains(model.text) { failures.add(1, ordering: .relaxed) }
                let data = model.currentModelData(withNulls: false)
                if !allowed.contains(data["text"] as? String ?? "") { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        let last = Self.writes - 1
        #expect(model.text == (last % 7 == 0 ? Self.original : Self.text(last)))
        #expect(model.retiredCacheBoxCount <= 3 * WrapProperty<String>.retiredLimit)
    }

    @Test("written values are published for lock-free reads until the retired limit, then read under the lock")
    func publishingModes() throws {
        let model = try Self.model()
        let text = try #require(model.declaredProperties.first { $0.property.keyPath == "text" }?.property as? WrapProperty<String>)
        #expect(model.text == Self.original)
        #expect(CacheBox.isLockFreeReadable(text.slotBits))
        // Each write retires the box it replaces; the one whose retirement fills the list is tagged.
        for index in 0..<WrapProperty<String>.retiredLimit - 1 {
            model.text = Self.text(index)
            #expect(CacheBox.isLockFreeReadable(text.slotBits))
            #expect(model.retiredCacheBoxCount == index + 1)
        }
        model.text = "locked"
        #expect(model.retiredCacheBoxCount == WrapProperty<String>.retiredLimit)
        #expect(!CacheBox.isLockFreeReadable(text.slotBits))
        #expect(model.text == "locked")
        #expect(text.isMutated)
        model.text = "freed at once"
        #expect(model.text == "freed at once")
        #expect(model.retiredCacheBoxCount == WrapProperty<String>.retiredLimit)
        model.clearMutations()
        #expect(model.text == Self.original)
        #expect(!text.isMutated)
        #expect(model.retiredCacheBoxCount == WrapProperty<String>.retiredLimit)
    }
}
