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

/// Under ThreadSanitizer (`swift test --sanitize=thread --filter Concurrency`), these races are
/// checked for memory safety as well as for their results.
@Suite("Concurrency: property objects and observers racing their models")
struct ModelLifetimeConcurrencyTests {
    @Test("a property object's model, read while another thread releases the model, is the model or nil")
    func modelReadWhileReleased() {
        for round in 0..<TestScale.pick(reduced: 300, full: 3_000) {
            var model: RacedModel? = RacedModel(data: ["name": "n\(round)", "count": round], mutable: round % 2 == 0)
            // Property objects are not Sendable; these two are only read here.
            nonisolated(unsafe) let classic = model!.count
            nonisolated(unsafe) let view = model!.$name
            let release = Mutex<RacedModel?>(model)
            model = nil
            let seen = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                if thread == 0 {
                    release.withLock { $0 = nil }
                } else {
                    for _ in 0..<20 {
                        if let owner = classic.model as? RacedModel, owner.name == "n\(round)" { seen.add(1, ordering: .relaxed) }
                        if view.model != nil { seen.add(1, ordering: .relaxed) }
                    }
                }
            }
            // Released: the property objects still read the data, and have no model.
            #expect(classic.model == nil)
            #expect(view.model == nil)
            #expect(classic.value == round)
            #expect(view.value == "n\(round)")
        }
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
        #expect(heard.load(ordering: .relaxed) > 0)
        #expect(store.count == rounds + 1)
        #expect(model.name.hasPrefix("written ") || model.name.hasPrefix("imported "))
    }
}
