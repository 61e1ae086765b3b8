import Foundation
import WrapModel

enum OrderStatus: Int, WrapConvertibleEnum {
    case unknown, placed, shipped
    static func conversionDict() -> [String: OrderStatus] { ["placed": .placed, "shipped": .shipped] }
}

final class ValidationLine: WrapModel, @unchecked Sendable {
    @StrProperty("sku") var sku
    @MutDoubleProperty("price") var price
}

final class ValidationCustomer: WrapModel, @unchecked Sendable {
    @StrProperty("email") var email
    @OptStrProperty("phone") var phone
}

final class ValidationOrder: WrapModel, @unchecked Sendable {
    @MutIntProperty("id") var id
    @EnumProperty("status", defaultEnum: OrderStatus.unknown) var status
    @DateProperty("placed", dateType: .yyyymmddDashes) var placed
    @ModelProperty("customer") var customer: ValidationCustomer?
    @ModelArrayProperty("lines") var lines: [ValidationLine]
    @StrArrayProperty("tags") var tags
    @ModelDictProperty("byWarehouse") var byWarehouse: [String: ValidationLine]
    @BoolProperty("gift") var gift
}

/// A realistic payload with one problem of every kind.
let brokenOrderJSON = """
{
  "id": "A-17",
  "status": "shippd",
  "placed": "2020-31-31",
  "customer": {"phone": 5551234},
  "lines": [
    {"sku": "a", "price": 1.5},
    {"sku": "b", "price": "two"},
    "not an object",
    {"sku": 7, "price": 3}
  ],
  "tags": ["x", 2, "y", null],
  "byWarehouse": {"north": {"sku": "n", "price": 1}, "south": null, "east": 4},
  "gift": "maybe"
}
"""
