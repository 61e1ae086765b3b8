import Dispatch
import Foundation
import Synchronization
import Testing
@testable import WrapModel

/// Holds one property object until the thread given it lets it go.
private final class Holder: @unchecked Sendable {
    // @unchecked: each holder is touched by one thread at a time (handed over by concurrentPerform).
    var object: AnyWrapProperty?
    init(_ object: AnyWrapProperty) { self.object = object }
}

/// A model's classic property objects share one reference to its slots, which the last of them
/// to be released gives back. Run under ThreadSanitizer by CI.
@Suite("Concurrency: classic property objects sharing their model's slots")
struct SharedSlotsConcurrencyTests {
    @Test("classic property objects kept after their model and released on several threads at once free its slots once")
    func releasedOnManyThreads() throws {
        for round in 0..<TestScale.pick(reduced: 300, full: 3_000) {
            weak var slots: ModelSlots?
            let holders = try { () -> [Holder] in
                let order = try Order(parsing: #"{"number": \#(round), "shipping": {"city": "c"}}"#)
                slots = order.slots
                return [Holder(order.number), Holder(order.shipping), Holder(order.billing), Holder(order.internalAddress)]
            }()
            #expect(slots != nil)
            let misread = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: holders.count) { index in
                if let number = holders[index].object as? WrapPropertyInt, number.value != round { misread.add(1, ordering: .relaxed) }
                holders[index].object = nil
            }
            #expect(misread.load(ordering: .relaxed) == 0)
            #expect(slots == nil)
        }
    }
}
