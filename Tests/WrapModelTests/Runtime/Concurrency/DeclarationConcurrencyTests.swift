import Foundation
import Synchronization
import Testing
@testable import WrapModel

/// Models whose construction crosses threads: initialisers that suspend before `super.init`, and
/// classes first used on many threads at once. Run under ThreadSanitizer by CI.
@Suite("Concurrency: declarations claimed across threads")
struct DeclarationConcurrencyTests {
    /// How many models each test makes: more under `WRAPMODEL_FULL_TESTS`.
    private static let rounds = ProcessInfo.processInfo.environment["WRAPMODEL_FULL_TESTS"] == nil ? 1 : 20

    @Test("initialisers that suspend before super.init read their own values, on whatever thread they resume")
    func suspendingInitialisers() async {
        _ = SuspendingInit(data: ["id": 0], mutable: false)
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<(64 * Self.rounds) {
                group.addTask {
                    let model = await SuspendingInit(fetching: ["id": index, "name": "n\(index)", "count": index * 2])
                    let read = model.id == index && model.name.value == "n\(index)" && model.count == index * 2
                    model.count = index
                    return read && model.count == index
                }
            }
            for await ok in group { #expect(ok) }
        }
    }

    @Test("a class whose first instance comes from an initialiser that suspends")
    func suspendingFirstUse() async {
        let models = await withTaskGroup(of: SuspendingFirstUse.self) { group in
            for index in 0..<16 { group.addTask { await SuspendingFirstUse(later: ["id": index, "label": "l\(index)"]) } }
            var models: [SuspendingFirstUse] = []
            for await model in group { models.append(model) }
            return models
        }
        #expect(models.count == 16)
        for model in models { #expect(model.label.value == "l\(model.id)") }
        #expect(Set(models.map(\.id)) == Set(0..<16))
        let table = ModelClassTable.of(SuspendingFirstUse.self).descriptors
        #expect(table?.count == 2)
    }

    @Test("the same class first used on many threads at once")
    func concurrentFirstUse() {
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for round in 0..<(50 * Self.rounds) {
                let model = ConcurrentFirstUse(data: ["a": index, "b": "\(round)", "c": 1.5, "d": true], mutable: false)
                if model.a != index || model.b.value != "\(round)" || model.c != 1.5 || model.d.value != true {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(ModelClassTable.of(ConcurrentFirstUse.self).descriptors?.count == 4)
    }
}
