import Foundation
import Testing
import WrapModel

final class Order: WrapModel, @unchecked Sendable {
    let number = WPInt("number")
    let shipping = WPModel<Address>("shipping")
    let billing = WPModel<Address>("payment.billing")
    let internalAddress = WPModel<Address>("internal", serializeForOutput: false)
}

@Suite("WrapPropertyModel")
struct ModelPropertyTests {
    static let json = #"{"number": 1, "shipping": {"street": "Elm", "city": "Oslo", "note": "n"}, "payment": {"billing": {"street": "Oak"}}, "internal": {"street": "In"}}"#

    @Test("Objects read as submodels, at key paths too")
    func reads() throws {
        let order = try #require(Order(json: Self.json))
        let shipping = try #require(order.shipping.value)
        #expect(shipping.street.value == "Elm")
        #expect(shipping.city.value == "Oslo")
        #expect(order.billing.value?.street.value == "Oak")
        #expect(order.billing.value?.city.value == nil)
        #expect(order.shipping.value === shipping)
        #expect(canonical(shipping.originalModelData) == canonical(["street": "Elm", "city": "Oslo", "note": "n"]))
    }

    @Test("Absent, null and wrong types read nil", arguments: ["{}", #"{"shipping": null, "payment": null}"#,
                                                              #"{"shipping": "Elm", "payment": {"billing": [1]}}"#, #"{"shipping": 3, "payment": 4}"#])
    func defaults(json: String) throws {
        let order = try #require(Order(json: json))
        #expect(order.shipping.value == nil)
        #expect(order.billing.value == nil)
    }

    @Test("Submodels take the parent's mutability and lock", arguments: [false, true])
    func mutabilityAndLock(mutable: Bool) throws {
        let order = try #require(Order(json: Self.json, mutable: mutable))
        let shipping = try #require(order.shipping.value)
        #expect(shipping.isMutable == mutable)
        #expect(shipping.lock === order.lock)
        #expect(order.billing.value?.lock === order.lock)
    }

    @Test("Writes in a submodel show in the parent's output")
    func submodelWrites() throws {
        let order = try #require(Order(json: Self.json, mutable: true))
        let shipping = try #require(order.shipping.value)
        shipping.street.value = "Pine"
        shipping.city.value = nil
        #expect(canonical(order.currentModelData(withNulls: false, forOutput: true)) == canonical([
            "number": 1, "shipping": ["street": "Pine"], "payment": ["billing": ["street": "Oak"]],
        ]))
        #expect(canonical(order.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "number": 1, "shipping": ["street": "Pine", "city": NSNull()], "payment": ["billing": ["street": "Oak", "city": NSNull()]],
        ]))
        #expect(canonical(order.currentModelData(withNulls: false)) == canonical([
            "number": 1, "shipping": ["street": "Pine", "note": "n"], "payment": ["billing": ["street": "Oak", "note": ""]],
            "internal": ["street": "In", "note": ""],
        ]))
    }

    @Test("Assigning a submodel and nil")
    func assign() throws {
        let order = try #require(Order(json: Self.json, mutable: true))
        let replacement = Address(data: ["street": "New"], mutable: true)
        order.shipping.value = replacement
        #expect(order.shipping.value === replacement)
        order.billing.value = nil
        #expect(canonical(order.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "number": 1, "shipping": ["street": "New", "city": NSNull()], "payment": ["billing": NSNull()],
        ]))
        replacement.street.value = "Newer"
        #expect(canonical(order.currentModelData(withNulls: false, forOutput: true)) == canonical([
            "number": 1, "shipping": ["street": "Newer"],
        ]))
        #expect(!order.billing.hasValue())
        #expect(order.shipping.hasValue())
    }

    @Test("Assigning a new lock before sharing reaches submodels created afterwards")
    func assignLock() throws {
        let order = try #require(Order(json: Self.json, mutable: true))
        let lock = WrapModelLock()
        order.lock = lock
        #expect(order.lock === lock)
        #expect(order.shipping.value?.lock === lock)
        order.number.value = 2
        #expect(order.number.value == 2)
    }

    @Test("An empty model writes every nil submodel as null only with nulls")
    func emptyOutput() {
        let order = Order()
        #expect(canonical(order.currentModelData(withNulls: false)) == canonical(["number": 0]))
        #expect(canonical(order.currentModelData(withNulls: true)) ==
                canonical(["number": 0, "shipping": NSNull(), "payment": ["billing": NSNull()], "internal": NSNull()]))
    }
}
