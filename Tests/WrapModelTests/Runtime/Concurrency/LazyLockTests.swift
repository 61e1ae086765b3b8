import Dispatch
import Foundation
import Synchronization
import Testing
@testable import WrapModel

/// A model's lock is created when first needed; these tests check that every way of reaching it
/// finds the same one, from any number of threads at once.
@Suite("The tree's lock, created on first use")
struct LazyLockTests {
    @Test("a model creates its lock only when asked for it")
    func notCreatedUntilNeeded() {
        let model = Order(data: ["number": 4], mutable: false)
        #expect(model.slots.hasLock == false)
        let first = model.lock
        #expect(model.slots.hasLock == true)
        #expect(model.lock === first)
    }

    @Test("reading values of an immutable model allocates no lock; reading a submodel makes the one lock its tree shares")
    func readsTakeNoLock() throws {
        let parsed = try Order(parsing: #"{"number": 7, "shipping": {"city": "Oslo"}}"#)
        #expect(parsed.number.value == 7)
        #expect(parsed.number.value == 7)
        #expect(parsed.billing.value == nil)
        #expect(parsed.slots.hasLock == false)
        let fromDictionary = Order(data: ["number": "8"], mutable: false)
        #expect(fromDictionary.number.value == 8)
        #expect(fromDictionary.slots.hasLock == false)
        let wrapped = try DescribedOnce(parsing: #"{"id": 3, "name": "n", "classic": "c"}"#)
        #expect(wrapped.id == 3 && wrapped.name == "n" && wrapped.count == 7 && wrapped.classic.value == "c")
        #expect(wrapped.slots.hasLock == false)
        let shipping = try #require(parsed.shipping.value)
        #expect(shipping.city.value == "Oslo")
        #expect(parsed.slots.hasLock == true)
        #expect(shipping.lock === parsed.lock)
        // A mutable model's miss converts under the read lock, which it makes.
        let mutable = Order(data: ["number": 9], mutable: true)
        #expect(mutable.slots.hasLock == false)
        #expect(mutable.number.value == 9)
        #expect(mutable.slots.hasLock == true)
    }

    @Test("threads asking an immutable model for its lock at once all get the same one, which its submodels share")
    func concurrentFirstUse() throws {
        #expect(try Order(parsing: #"{"number": 1}"#).slots.hasLock == false)
        for _ in 0..<TestScale.pick(reduced: 200, full: 2_000) {
            let order = try Order(parsing: #"{"number": 1, "shipping": {"city": "Oslo"}}"#)
            let seen = Mutex<[ObjectIdentifier]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                let lock = index.isMultiple(of: 2) ? order.lock : (order.shipping.value?.lock ?? WrapModelLock())
                seen.withLock { $0.append(ObjectIdentifier(lock)) }
            }
            let identities = seen.withLock { Set($0) }
            #expect(identities == [ObjectIdentifier(order.lock)])
        }
    }

    @Test("a lock assigned before sharing replaces the one created, for the model and its properties")
    func assignedLock() throws {
        let order = try Order(parsing: #"{"number": 1, "shipping": {"city": "Oslo"}}"#, mutable: true)
        _ = order.lock
        let replacement = WrapModelLock()
        order.lock = replacement
        #expect(order.lock === replacement)
        #expect(order.shipping.value?.lock === replacement)
        order.number.value = 2
        #expect(order.number.value == 2)
    }
}
