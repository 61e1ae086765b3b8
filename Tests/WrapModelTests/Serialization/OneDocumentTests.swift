import Foundation
import Observation
import Synchronization
import Testing
import WrapModel

final class DocAddress: WrapModel, @unchecked Sendable {
    @Property var street: String
    @MutProperty var city: String
}

/// The README's customer: a submodel and a key path through it.
final class DocCustomer: WrapModel, @unchecked Sendable {
    @MutProperty("address.city") var city: String?
    @MutProperty var address: DocAddress?
}

/// Two scalar declarations of one key, read by different codecs.
final class DocPrice: WrapModel, @unchecked Sendable {
    @MutProperty("price") var amount: Double
    @MutProperty("price") var whole: Int?
    @MutProperty("name") var name: String
    @MutProperty("name") var nickname: String?
}

/// A dictionary and a key path inside it.
final class DocRaw: WrapModel, @unchecked Sendable {
    @MutProperty("address") var raw: [String: Any]
    @MutProperty("address.city") var city: String?
}

/// The same overlaps through classic property objects.
final class DocClassic: WrapModel, @unchecked Sendable {
    let city = WPOptStr("address.city")
    let address = WPModel<DocAddress>("address")
}

/// A group (a model over the parent's own level) and a parent declaration of one of its keys.
final class DocContact: WrapModel, @unchecked Sendable {
    @MutProperty var email: String?
}

final class DocPerson: WrapModel, @unchecked Sendable {
    @MutProperty("email") var email: String?
    let contact = WPGroup<DocContact>()
}

/// A submodel and a dictionary over one key: a write through the dictionary would replace the
/// submodel code holds, so the pair is refused.
final class DocRefused: WrapModel, @unchecked Sendable {
    @MutProperty("address") var address: DocAddress?
    @MutProperty("address") var raw: [String: Any]?
    @MutProperty("id") var id: Int
}

/// No overlap: declarations of distinct keys.
final class DocPlain: WrapModel, @unchecked Sendable {
    @MutProperty var name: String
    @MutProperty var city: String
}

@Suite("One document: declarations over the same data read the same value")
struct OneDocumentTests {
    private let json = #"{"address": {"street": "St James's Sq", "city": "London"}, "theme": "dark"}"#

    @Test("After a write through the submodel the key path through it reads it, in every output form")
    func submodelWriteShowsThroughKeyPath() throws {
        let customer = try DocCustomer(parsing: json, mutable: true)
        #expect(customer.city == "London")
        customer.address?.city = "Paris"
        #expect(customer.city == "Paris")
        #expect(customer.address?.city == "Paris")
        #expect(try customer.jsonString() == #"{"address":{"street":"St James's Sq","city":"Paris"},"theme":"dark"}"#)
        #expect(try customer.jsonString(options: [.declaredOnly, .sortedKeys])
                == #"{"address":{"city":"Paris","street":"St James's Sq"}}"#)
        #expect(canonical(customer.currentModelData(withNulls: false))
                == canonical(["address": ["city": "Paris", "street": "St James's Sq"]]))
        #expect(try customer.mergePatchData() == Data(#"{"address":{"city":"Paris"}}"#.utf8))
        let plist = try customer.data(format: .binaryPlist)
        let restored = try DocCustomer.read(from: plist, format: .binaryPlist)
        #expect(restored.city == "Paris")
        #expect(restored.address?.city == "Paris")
        // A write through the submodel after the key path was read (and cached) shows too.
        customer.address?.city = "Lyon"
        #expect(customer.city == "Lyon")
    }

    @Test("After a write through the key path the submodel reads it, and code holding the submodel sees it")
    func keyPathWriteShowsInSubmodel() throws {
        let customer = try DocCustomer(parsing: json, mutable: true)
        let held = try #require(customer.address)
        customer.city = "Rome"
        #expect(held.city == "Rome")
        #expect(customer.address === held)
        #expect(customer.city == "Rome")
        #expect(try customer.jsonString() == #"{"address":{"street":"St James's Sq","city":"Rome"},"theme":"dark"}"#)
        #expect(try customer.mergePatchData() == Data(#"{"address":{"city":"Rome"}}"#.utf8))
        #expect(try held.jsonString() == #"{"street":"St James's Sq","city":"Rome"}"#)
        let copy = customer.editableCopy()
        #expect(copy.city == "Rome" && copy.address?.city == "Rome")
        copy.address?.city = "Nice"
        #expect(copy.city == "Nice")
        #expect(customer.city == "Rome")
    }

    @Test("A write through the key path of an absent submodel makes the submodel")
    func keyPathWriteMakesAbsentSubmodel() throws {
        let customer = try DocCustomer(parsing: #"{"theme": "dark"}"#, mutable: true)
        #expect(customer.address == nil)
        customer.city = "Oslo"
        #expect(customer.address?.city == "Oslo")
        #expect(customer.city == "Oslo")
        #expect(try customer.jsonString() == #"{"theme":"dark","address":{"city":"Oslo"}}"#)
    }

    @Test("Assigning a new submodel replaces what the key path reads")
    func newSubmodelReplacesKeyPath() throws {
        let customer = try DocCustomer(parsing: json, mutable: true)
        customer.city = "Rome"
        customer.address = try DocAddress(parsing: #"{"street": "Via Roma", "city": "Turin"}"#, mutable: true)
        #expect(customer.city == "Turin")
        customer.address?.city = "Milan"
        #expect(customer.city == "Milan")
        #expect(try customer.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"address":{"city":"Milan","street":"Via Roma"}}"#)
    }

    @Test("Two scalar declarations of one key read the last value written through either")
    func sameKeyScalars() throws {
        let price = try DocPrice(parsing: #"{"price": 9.5, "name": "tea"}"#, mutable: true)
        #expect(price.amount == 9.5)
        price.whole = 12
        #expect(price.amount == 12)
        #expect(price.whole == 12)
        #expect(try price.jsonString() == #"{"price":12,"name":"tea"}"#)
        price.amount = 3.25
        #expect(price.amount == 3.25)
        #expect(try price.jsonString() == #"{"price":3.25,"name":"tea"}"#)
        #expect(try price.mergePatchData() == Data(#"{"price":3.25}"#.utf8))
        price.nickname = "chai"
        #expect(price.name == "chai")
        price.nickname = nil
        #expect(price.name == "")
        #expect(price.nickname == nil)
        #expect(try price.jsonString() == #"{"price":3.25}"#)
    }

    @Test("A dictionary and a key path inside it read each other's writes")
    func dictionaryAndKeyPath() throws {
        let model = try DocRaw(parsing: json, mutable: true)
        model.raw = ["city": "Oslo"]
        #expect(model.city == "Oslo")
        model.city = "Bergen"
        #expect(model.raw["city"] as? String == "Bergen")
        #expect(model.raw.count == 1)
        model.city = nil
        #expect(model.raw.isEmpty)
        #expect(model.city == nil)
        #expect(try model.jsonString() == #"{"address":{},"theme":"dark"}"#)
        let fresh = try DocRaw(parsing: json, mutable: true)
        fresh.city = "Bergen"
        #expect(fresh.raw["street"] as? String == "St James's Sq")
        #expect(fresh.raw["city"] as? String == "Bergen")
        #expect(try fresh.jsonString(options: .sortedKeys) == #"{"address":{"city":"Bergen","street":"St James's Sq"},"theme":"dark"}"#)
    }

    @Test("Classic property objects over a submodel and a key path through it read the same value")
    func classicDeclarations() throws {
        let model = try #require(DocClassic(json: json, mutable: true))
        model.address.value?.city = "Paris"
        #expect(model.city.value == "Paris")
        model.city.value = "Rome"
        #expect(model.address.value?.city == "Rome")
        #expect(try model.jsonString() == #"{"address":{"street":"St James's Sq","city":"Rome"},"theme":"dark"}"#)
    }

    @Test("A group and its parent's declaration of the same key read the same value")
    func groupAndParent() throws {
        let person = try #require(DocPerson(json: #"{"email": "a@example.com"}"#, mutable: true))
        person.contact.value.email = "b@example.com"
        #expect(person.email == "b@example.com")
        person.email = "c@example.com"
        #expect(person.contact.value.email == "c@example.com")
        #expect(try person.jsonString() == #"{"email":"c@example.com"}"#)
    }

    @Test("Observers of both declarations hear of a write through either")
    func observationNotifiesBoth() throws {
        WrapObservation.isEnabled = true
        let customer = try DocCustomer(parsing: json, mutable: true)
        let heard = Atomic<Int>(0)
        withObservationTracking { _ = customer.city } onChange: { heard.add(1, ordering: .relaxed) }
        customer.address?.city = "Paris"
        #expect(heard.load(ordering: .relaxed) == 1)
        withObservationTracking { _ = customer.address?.city } onChange: { heard.add(10, ordering: .relaxed) }
        customer.city = "Rome"
        #expect(heard.load(ordering: .relaxed) == 11)
    }

    @Test("An overlap that cannot be kept consistent is refused with an issue naming both declarations")
    func refusedOverlap() throws {
        let model = try DocRefused(parsing: #"{"address": {"city": "London"}, "id": 1}"#, mutable: true)
        let issues = model.validate().filter { if case .inconsistentOverlap = $0.kind { true } else { false } }
        #expect(issues.map(\.keyPath) == ["address", "address"])
        #expect(issues.first?.description
                == "address: overlap refused: address (\"address\") and raw (\"address\") cover the same data: a declaration holding models shares its key path with another, so a write through one would replace the models code holds from the other")
        model.raw = ["city": "Oslo"]
        model.address = nil
        #expect(model.address?.city == "London")
        #expect(model.raw?["city"] as? String == "London")
        model.id = 2
        #expect(model.id == 2)
        #expect(try model.jsonString() == #"{"address":{"city":"London"},"id":2}"#)
    }

    @Test("A class whose declarations do not overlap has no overlap roles")
    func noOverlapNoCost() throws {
        let model = try DocPlain(parsing: #"{"name": "a", "city": "b"}"#, mutable: true)
        model.name = "c"
        #expect(model.city == "b")
        #expect(model.name == "c")
        #expect(model.validate().isEmpty)
    }
}
