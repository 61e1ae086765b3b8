import Foundation
import WrapModel

// Reads the bundled API response, prints a few typed fields, changes two of them on a mutable
// copy and prints the JSON it would POST back.

guard let url = Bundle.module.url(forResource: "customer", withExtension: "json", subdirectory: "Resources"),
      let body = try? Data(contentsOf: url) else {
    FileHandle.standardError.write(Data("wrapmodel-example: the bundled customer.json is missing\n".utf8))
    exit(1)
}

let customer: Customer
do {
    customer = try Customer(parsing: body)
} catch {
    FileHandle.standardError.write(Data("wrapmodel-example: \(error)\n".utf8))
    exit(1)
}

print("Customer #\(customer.custNumber): \(customer.firstName) \(customer.lastName)")
print("Tier: \(customer.tier), joined \(customer.joined.map { "\($0)" } ?? "unknown")")
print("City: \(customer.address?.city ?? "-"), email preference: \(customer.prefs.email)")
print("Loyalty points: \(customer.loyaltyPoints)")
for purchase in customer.purchases.value {
    print("  \(purchase.quantity) × \(purchase.title) at \(purchase.price)")
}
let issues = customer.validate()
print("Validation: \(issues.isEmpty ? "no problems" : issues.map(\.description).joined(separator: "; "))")

guard let edited = customer.mutableCopy() as? Customer else { exit(1) }
edited.lastName = "King"
edited.address?.city = "Marylebone"
print("\nJSON to POST after changing last_name and address.city:")
print(edited.currentModelDataAsJSON(withNulls: false) ?? "{}")
