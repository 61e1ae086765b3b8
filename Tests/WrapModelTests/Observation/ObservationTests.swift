import Dispatch
import Foundation
import Observation
import Synchronization
import Testing
import WrapModel

final class ObsAddress: WrapModel, @unchecked Sendable {
    @MutProperty("city") var city: String
    @MutProperty("zip") var zip: String?
}

final class ObsLine: WrapModel, @unchecked Sendable {
    @MutProperty("sku") var sku: String
    @MutProperty("qty") var qty: Int
}

final class ObsCustomer: WrapModel, @unchecked Sendable {
    @MutProperty("id") var id: Int
    @MutProperty("name") var name: String
    @MutProperty("email") var email: String?
    @MutProperty("address") var address: ObsAddress?
    @MutProperty("lines") var lines: [ObsLine]
    let nickname = WPOptStr("nickname")
}

/// Counts the changes one tracking scope hears (one onChange per scope, as Observation does).
private final class Heard: Sendable {
    private let count = Atomic<Int>(0)
    var changes: Int { count.load(ordering: .relaxed) }
    func track<R>(_ read: () -> R) -> R {
        withObservationTracking(read) { [self] in count.add(1, ordering: .relaxed) }
    }
}

@Suite("Observation: models and stores tell a UI what changed")
struct ObservationTests {
    init() { WrapObservation.isEnabled = true }

    private func customer() -> ObsCustomer {
        ObsCustomer(json: #"{"id": 1, "name": "Ada", "email": "a@x.io", "address": {"city": "Oslo"}, "lines": [{"sku": "a", "qty": 1}], "nickname": "ad"}"#,
                    mutable: true)!
    }

    @Test("a write through a wrapper notifies a scope that read that property")
    func wrapperWriteNotifiesReader() {
        let model = customer()
        let heard = Heard()
        #expect(heard.track { model.name } == "Ada")
        model.name = "Grace"
        #expect(heard.changes == 1)
        #expect(model.name == "Grace")
    }

    @Test("every model registers the same slot key paths, on its own registrar: a write to the same property of another model notifies nobody")
    func sameSlotOfAnotherModelIsSilent() {
        let first = customer()
        let second = customer()
        let third = customer()
        let heard = Heard()
        _ = heard.track { (first.name, first.nickname.value) }
        second.name = "Grace"
        second.nickname.value = "g"
        third.name = "Edsger"
        #expect(heard.changes == 0)
        first.nickname.value = "ada"
        #expect(heard.changes == 1)
    }

    @Test("a write to another property notifies nobody who did not read it")
    func otherPropertyIsSilent() {
        let model = customer()
        let heard = Heard()
        _ = heard.track { model.name }
        model.email = "g@x.io"
        model.id = 2
        #expect(heard.changes == 0)
    }

    @Test("a classic property object's .value read registers, and any write to it notifies")
    func classicDeclarations() {
        let model = customer()
        let heard = Heard()
        #expect(heard.track { model.nickname.value } == "ad")
        model.nickname.value = "addie"
        #expect(heard.changes == 1)
    }

    @Test("a write through $name notifies a scope that read the wrapper, and the other way round")
    func viewsAndWrappersNotifyEachOther() {
        let model = customer()
        let throughWrapper = Heard()
        _ = throughWrapper.track { model.name }
        model.$name.value = "Linus"
        #expect(throughWrapper.changes == 1)
        let throughView = Heard()
        _ = throughView.track { model.$name.value }
        model.name = "Ken"
        #expect(throughView.changes == 1)
    }

    @Test("a view reading customer.address?.city hears customer.address?.city = \"Paris\"")
    func submodelWrites() {
        let model = customer()
        let heard = Heard()
        #expect(heard.track { model.address?.city } == "Oslo")
        model.address?.city = "Paris"
        #expect(heard.changes == 1)
        #expect(model.address?.city == "Paris")
    }

    @Test("a view reading order.lines hears a line appended, and a line's own write")
    func modelArrays() throws {
        let model = customer()
        let appended = Heard()
        #expect(appended.track { model.lines.count } == 1)
        model.lines.append(ObsLine(data: ["sku": "b", "qty": 2], mutable: true))
        #expect(appended.changes == 1)
        let inside = Heard()
        _ = inside.track { model.lines.map(\.qty) }
        model.lines[0].qty = 5
        #expect(inside.changes == 1)
    }

    @Test("clearMutations notifies the properties' observers")
    func clearingNotifies() {
        let model = customer()
        model.name = "Grace"
        let heard = Heard()
        _ = heard.track { model.name }
        model.clearMutations()
        #expect(heard.changes == 1)
        #expect(model.name == "Ada")
    }

    @Test("a store import that merges notifies the properties whose values changed, and only those")
    func storeMergeNotifiesChangedOnly() throws {
        let store = WrapModelStore<ObsCustomer>(identityKeyPath: "id")
        _ = try store.import(#"{"id": 7, "name": "Ada", "email": "a@x.io"}"#)
        let model = try #require(store.model(forIdentity: 7))
        let name = Heard(), email = Heard()
        _ = name.track { model.name }
        _ = email.track { model.email }
        _ = try store.import(#"{"id": 7, "name": "Ada", "email": "a@x.io"}"#)
        #expect(name.changes == 0)
        #expect(email.changes == 0)
        _ = try store.import(#"{"id": 7, "name": "Ada", "email": "new@x.io"}"#)
        #expect(name.changes == 0)
        #expect(email.changes == 1)
        #expect(model.email == "new@x.io")
    }

    @Test("a view reading store.all or store.count hears an import that inserts, not one that updates")
    func storesAreObservable() throws {
        let store = WrapModelStore<ObsCustomer>(identityKeyPath: "id")
        _ = try store.import(#"{"id": 1, "name": "Ada"}"#)
        let all = Heard(), count = Heard()
        #expect(all.track { store.all.count } == 1)
        #expect(count.track { store.count } == 1)
        _ = try store.import(#"{"id": 1, "name": "Ada L."}"#)
        #expect(all.changes == 0)
        _ = try store.import(#"{"id": 2, "name": "Grace"}"#)
        #expect(all.changes == 1)
        #expect(count.changes == 1)
    }

    @Test("model(forIdentity:) read in a tracking scope hears that identity arrive")
    func identityArrival() throws {
        let store = WrapModelStore<ObsCustomer>(identityKeyPath: "id")
        let heard = Heard()
        #expect(heard.track { store.model(forIdentity: 42) } == nil)
        _ = try store.import(#"{"id": 42, "name": "Late"}"#)
        #expect(heard.changes == 1)
        #expect(store.model(forIdentity: 42)?.name == "Late")
    }

    @Test("a placeholder filled by a later import notifies what was read of it")
    func placeholderFilled() throws {
        let store = WrapModelStore<ObsCustomer>(identityKeyPath: "id")
        let placeholder = store.modelOrPlaceholder(forIdentity: 5)
        let heard = Heard()
        #expect(heard.track { placeholder.name } == "")
        _ = try store.import(#"{"id": 5, "name": "Filled"}"#)
        #expect(heard.changes == 1)
        #expect(placeholder.name == "Filled")
    }

    @Test("onChange may read and write the model: notifications come after the lock is released, with two threads writing")
    func noDeadlockFromObservers() {
        let model = customer()
        let rounds = TestScale.pick(reduced: 200, full: 2_000)
        let seen = Atomic<Int>(0)
        @Sendable func observe() {
            withObservationTracking { _ = model.name } onChange: {
                // Reads and writes the model from inside the notification.
                _ = model.name
                model.email = "x\(seen.add(1, ordering: .relaxed).newValue)@x.io"
            }
        }
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for index in 0..<rounds {
                observe()
                model.name = "writer \(thread) \(index)"
            }
        }
        #expect(seen.load(ordering: .relaxed) >= 2)
        #expect(model.name.hasPrefix("writer "))
    }

    @Test("an immutable model reads the same inside a tracking scope, and clearMutations() on it notifies nobody")
    func immutableModels() throws {
        let model = ObsCustomer(json: #"{"id": 3, "name": "Ro", "address": {"city": "Oslo"}}"#)!
        let heard = Heard()
        #expect(heard.track { (model.name, model.address?.city, model.nickname.value) } == ("Ro", "Oslo", nil))
        // What would tell observers of a mutable model that its values may have changed: an
        // immutable one keeps every value it read, so nothing changed.
        model.clearMutations()
        _ = try model.jsonData()
        _ = model.copy()
        #expect(heard.changes == 0)
        #expect(model.name == "Ro")
        // The same calls on a mutable model do notify: the silence above is the model's.
        let mutable = customer()
        let heardMutable = Heard()
        _ = heardMutable.track { mutable.name }
        mutable.clearMutations()
        #expect(heardMutable.changes == 1)
    }
}
