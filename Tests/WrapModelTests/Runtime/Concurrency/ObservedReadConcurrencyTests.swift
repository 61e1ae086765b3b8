import Dispatch
import Foundation
import Observation
import Synchronization
import Testing
import WrapModel

final class ObservedRaceModel: WrapModel, @unchecked Sendable {
    @MutProperty("text") var text: String
    @MutProperty("count") var count: Int
    let score = WPInt("score")
}

/// Readers of models created with Observation enabled, inside and outside tracking scopes, while
/// another thread writes and notifies: run under ThreadSanitizer by CI.
@Suite("Concurrency: observed reads racing writes", .serialized)
struct ObservedReadConcurrencyTests {
    static let writes = TestScale.pick(reduced: 1_000, full: 10_000)

    @Test("readers, tracked and untracked, see only written values while a writer notifies them")
    func readersRacingWriters() throws {
        let wasEnabled = WrapObservation.isEnabled
        WrapObservation.isEnabled = true
        defer { WrapObservation.isEnabled = wasEnabled }
        let models = try (0..<4).map { _ in
            try ObservedRaceModel(parsing: #"{"text": "start", "count": 0, "score": 0}"#, mutable: true)
        }
        let done = Atomic<Bool>(false)
        let failures = Atomic<Int>(0)
        let heard = Atomic<Int>(0)
        // Scopes registered before any write: the first writes notify them, whatever order the
        // threads below run in.
        for model in models {
            _ = withObservationTracking { (model.text, model.count, model.score.value) } onChange: { heard.add(1, ordering: .relaxed) }
        }
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            if thread == 0 {
                for index in 1...Self.writes {
                    let model = models[index % models.count]
                    model.text = "t\(index)"
                    model.count = index
                    model.score.value = index
                }
                done.store(true, ordering: .releasing)
                return
            }
            var rounds = 0
            while !done.load(ordering: .acquiring) || rounds < 10 {
                rounds += 1
                for model in models {
                    // Untracked on one reader, tracked on the other (each scope hears at most one change).
                    let (text, count, score) = thread == 1
                        ? (model.text, model.count, model.score.value)
                        : withObservationTracking { (model.text, model.count, model.score.value) } onChange: {
                            heard.add(1, ordering: .relaxed)
                        }
                    if !(text == "start" || text.hasPrefix("t")) || count < 0 || score < 0 { failures.add(1, ordering: .relaxed) }
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(models.allSatisfy { $0.count > 0 && $0.text == "t\($0.count)" && $0.score.value == $0.count })
        // Every scope registered before the writes heard one change; the readers' scopes may add more.
        #expect(heard.load(ordering: .relaxed) >= models.count)
    }
}
