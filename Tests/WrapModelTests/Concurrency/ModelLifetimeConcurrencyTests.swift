import Dispatch
import Foundation
import Observation
import Synchronization
import Testing
import WrapModel

final class RacedModel: WrapModel, @unchecked Sendable {
    @MutProperty("name") var name: String
    let count = WPInt("count")
}

/// The model a race releases, held where two threads can reach it.
final class RaceRelease: Sendable {
    let held: Mutex<RacedModel?>
    init(_ model: RacedModel?) { held = Mutex(model) }
}

/// What the readers of a race saw: the model they expected, or another object.
final class RaceCounts: Sendable {
    let seen = Atomic<Int>(0)
    let wrong = Atomic<Int>(0)
}

/// Under ThreadSanitizer (`swift test --sanitize=thread --filter Concurrency`), these races are
/// checked for memory safety as well as for their results.
@Suite("Concurrency: property objects and observers racing their models")
struct ModelLifetimeConcurrencyTests {
    @Test("a property object's model, read while another thread releases the model, is the model or nil")
    func modelReadWhileReleased() {
        let rounds = TestScale.pick(reduced: 300, full: 3_000)
        let counts = RaceCounts()
        for round in 0..<rounds {
            var model: RacedModel? = RacedModel(data: ["name": "n\(round)", "count": round], mutable: round % 2 == 0)
            // Property objects are not Sendable; these two are only read here.
            nonisolated(unsafe) let classic = model!.count
            nonisolated(unsafe) let view = model!.$name
            let release = RaceRelease(model)
            model = nil
            // The reader reads once while the model is surely alive, then races the release.
            let firstRead = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            done.enter()
            done.enter()
            Thread {
                firstRead.wait()
                release.held.withLock { $0 = nil }
                done.leave()
            }.start()
            Thread {
                for read in 0..<20 {
                    // Each read gives this round's model or nil: never another object, never a
                    // model being freed.
                    switch classic.model {
                    case nil: break
                    case let owner as RacedModel where owner.name == "n\(round)": counts.seen.add(1, ordering: .relaxed)
                    default: counts.wrong.add(1, ordering: .relaxed)
                    }
                    if let owner = view.model {
                        if (owner as? RacedModel)?.name == "n\(round)" { counts.seen.add(1, ordering: .relaxed) } else { counts.wrong.add(1, ordering: .relaxed) }
                    }
                    if read == 0 { firstRead.signal() }
                }
                done.leave()
            }.start()
            done.wait()
            // Released: the property objects still read the data, and have no model.
            #expect(classic.model == nil)
            #expect(view.model == nil)
            #expect(classic.value == round)
            #expect(view.value == "n\(round)")
        }
        #expect(counts.wrong.load(ordering: .relaxed) == 0)
        // Every round's first read came before the release and saw the model through both.
        #expect(counts.seen.load(ordering: .relaxed) >= 2 * rounds)
    }

    @Test("observers registered while writers and importers race: every write is kept, every observer hears")
    func observersWritersAndImporters() throws {
        WrapObservation.isEnabled = true
        let store = WrapModelStore<RacedModel>(identityKeyPath: "count")
        _ = try store.import(#"[{"count": 1, "name": "a"}]"#)
        let model = try #require(store.model(forIdentity: 1))
        let heard = Atomic<Int>(0)
        let rounds = TestScale.pick(reduced: 200, full: 2_000)
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            for index in 0..<rounds {
                switch thread {
                case 0:
                    withObservationTracking { _ = model.name; _ = store.count } onChange: {
                        heard.add(1, ordering: .relaxed)
                    }
                case 1:
                    model.name = "written \(index)"
                default:
                    _ = try? store.import(#"[{"count": 1, "name": "imported \#(index)"}, {"count": \#(index + 2), "name": "new"}]"#)
                }
            }
        }
        #expect(store.count == rounds + 1)
        #expect(model.name.hasPrefix("written ") || model.name.hasPrefix("imported "))
        // Each scope hears once, of the first change after it began: one write after the race
        // reaches those that nothing reached during it, so every one of them has heard.
        model.name = "after the race"
        #expect(heard.load(ordering: .relaxed) == rounds)
        // Imports alone may have reached every scope: a write by itself must be heard too.
        withObservationTracking { _ = model.name } onChange: { heard.add(1, ordering: .relaxed) }
        model.name = "heard"
        #expect(heard.load(ordering: .relaxed) == rounds + 1)
    }
}
