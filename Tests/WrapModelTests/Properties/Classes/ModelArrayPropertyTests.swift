import Foundation
import Testing
import WrapModel

final class Basket: WrapModel, @unchecked Sendable {
    let items = WPModelArray<Item>("items")
    let optionalItems = WPOptModelArray<Item>("optional_items")
    let archived = WPModelArray<Item>("archived", serializeForOutput: false)
}

@Suite("WrapPropertyArrayOfModel and its optional")
struct ModelArrayPropertyTests {
    @Test("Arrays of objects read as submodels; non-objects are dropped")
    func reads() throws {
        let basket = try #require(Basket(json: #"{"items": [{"id": 1, "name": "a"}, 7, null, "x", {"id": 2}], "optional_items": []}"#))
        #expect(basket.items.value.map { $0.id.value } == [1, 2])
        #expect(basket.items.value.map { $0.name.value } == ["a", ""])
        #expect(basket.optionalItems.value?.isEmpty == true)
    }

    @Test("Absent, null and wrong types read the default", arguments: ["{}", #"{"items": null, "optional_items": null}"#,
                                                                      #"{"items": {"id": 1}, "optional_items": "x"}"#])
    func defaults(json: String) throws {
        let basket = try #require(Basket(json: json))
        #expect(basket.items.value.isEmpty)
        #expect(basket.optionalItems.value == nil)
    }

    @Test("Elements take the parent's mutability and lock", arguments: [false, true])
    func elementsShareLock(mutable: Bool) throws {
        let basket = try #require(Basket(json: #"{"items": [{"id": 1}, {"id": 2}], "optional_items": [{"id": 3}]}"#, mutable: mutable))
        for item in basket.items.value + (basket.optionalItems.value ?? []) {
            #expect(item.isMutable == mutable)
            #expect(item.lock === basket.lock)
        }
    }

    @Test("Element writes, appends and nil show in output; with nulls, for output or not")
    func output() throws {
        let basket = try #require(Basket(json: #"{"items": [{"id": 1, "name": "a"}], "archived": [{"id": 9}]}"#, mutable: true))
        #expect(canonical(basket.currentModelData(withNulls: false)) == canonical([
            "items": [["id": 1, "name": "a"]], "archived": [["id": 9, "name": ""]],
        ]))
        #expect(canonical(basket.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "items": [["id": 1, "name": "a"]], "optional_items": NSNull(),
        ]))
        basket.items.value[0].name.value = "renamed"
        basket.items.value.append(Item(data: ["id": 5], mutable: true))
        basket.optionalItems.value = [Item(data: ["id": 6, "name": "six"], mutable: true)]
        #expect(canonical(basket.currentModelData(withNulls: false, forOutput: true)) == canonical([
            "items": [["id": 1, "name": "renamed"], ["id": 5, "name": ""]], "optional_items": [["id": 6, "name": "six"]],
        ]))
        basket.items.value = []
        basket.optionalItems.value = nil
        #expect(canonical(basket.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "items": [Any](), "optional_items": NSNull(),
        ]))
    }
}
