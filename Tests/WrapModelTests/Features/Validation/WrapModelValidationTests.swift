import Foundation
import Testing
import WrapModel

@Suite("validate()")
struct WrapModelValidationTests {
    @Test("every kind of problem in one payload, sorted by key path")
    func everyIssueKind() throws {
        let order = try ValidationOrder(parsing: brokenOrderJSON)
        let issues = order.validate()
        #expect(issues == [
            WrapModelIssue(keyPath: "byWarehouse", kind: .droppedElements(count: 1)),
            WrapModelIssue(keyPath: "customer.email", kind: .missing),
            WrapModelIssue(keyPath: "customer.phone", kind: .wrongType(expected: "string", found: "integer")),
            WrapModelIssue(keyPath: "gift", kind: .wrongType(expected: "boolean", found: "string")),
            WrapModelIssue(keyPath: "id", kind: .wrongType(expected: "integer", found: "string")),
            WrapModelIssue(keyPath: "lines", kind: .droppedElements(count: 1)),
            WrapModelIssue(keyPath: "lines[1].price", kind: .wrongType(expected: "number", found: "string")),
            WrapModelIssue(keyPath: "lines[3].sku", kind: .wrongType(expected: "string", found: "integer")),
            WrapModelIssue(keyPath: "placed", kind: .unparseableDate("2020-31-31")),
            WrapModelIssue(keyPath: "status", kind: .unknownEnumValue("shippd")),
            WrapModelIssue(keyPath: "tags", kind: .droppedElements(count: 2)),
        ])
    }

    @Test("wrong values read as defaults while being reported")
    func defaultsStillRead() throws {
        let order = try ValidationOrder(parsing: brokenOrderJSON)
        #expect(order.id == 0)
        #expect(order.status == .unknown)
        #expect(order.placed == nil)
        #expect(order.gift == false)
        #expect(order.lines.map(\.sku) == ["a", "b", ""])
        #expect(order.lines.map(\.price) == [1.5, 0, 3])
        #expect(order.tags == ["x", "y"])
        #expect(order.byWarehouse.keys.sorted() == ["north"])
    }

    @Test("a clean payload has no issues, and absent optional values are fine")
    func cleanPayload() throws {
        let order = try ValidationOrder(parsing: """
            {"id": 3, "status": "placed", "placed": "2020-01-31", "customer": {"email": "a@b.c"},
             "lines": [], "tags": [], "byWarehouse": {}, "gift": true}
            """)
        #expect(order.validate() == [])
    }

    @Test("missing non-optional values are reported at their key paths")
    func missingValues() throws {
        let order = try ValidationOrder(parsing: "{}")
        #expect(order.validate().map(\.keyPath) == ["byWarehouse", "gift", "id", "lines", "status", "tags"])
        #expect(order.validate().allSatisfy { $0.kind == .missing })
    }

    @Test("validation leaves cached and written values alone")
    func validationDoesNotTouchValues() throws {
        let order = try ValidationOrder(parsing: #"{"id": 5, "lines": [{"sku": "a", "price": 1}]}"#, mutable: true)
        order.id = 9
        _ = order.validate()
        #expect(order.id == 9)
        #expect(order.currentModelData(withNulls: false)["id"] as? Int == 9)
    }

    @Test("issue descriptions name the key path and what was found")
    func descriptions() {
        #expect(WrapModelIssue(keyPath: "lines[1].price", kind: .wrongType(expected: "number", found: "string")).description
                == "lines[1].price: expected number, found string")
        #expect(WrapModelIssue(keyPath: "tags", kind: .droppedElements(count: 2)).description
                == "tags: 2 elements did not convert and were dropped")
        #expect(WrapModelError.invalidValue(WrapModelIssue(keyPath: "status", kind: .unknownEnumValue("x"))).description
                == "invalid value at status: unknown enum value \"x\"")
    }
}
