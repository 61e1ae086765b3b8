import Foundation
import WrapModel

// Reads the bundled API response, prints a few typed fields, changes two of them on an editable
// copy and prints what to send back: the whole object for a POST or PUT (the response as it came,
// keys the model does not declare included, with the two changes), and the change alone for a PATCH.

guard let url = Bundle.module.url(forResource: "customer", withExtension: "json", subdirectory: "Resources"),
      let body = try? Data(contentsOf: url) else {
    FileHandle.standardError.write(Data("wrapmodel-example: the bundled customer.json is missing\n".utf8))
    exit(1)
}

let customer: Customer
do {
    customer = try Customer(parsing: body)      // immutable: the default
} catch {
    FileHandle.standardError.write(Data("wrapmodel-example: \(error)\n".utf8))
    exit(1)
}

print("Customer #\(customer.custNumber): \(customer.firstName) \(customer.lastName)")
print("Tier: \(customer.tier), joined \(customer.joined.map { "\($0)" } ?? "unknown")")
print("City: \(customer.address?.city ?? "-"), email preference: \(customer.prefs.email)")
print("Loyalty points: \(customer.loyaltyPoints)")
for purchase in customer.purchases {
    print("  \(purchase.quantity) × \(purchase.title) at \(purchase.price)")
}
let issues = customer.validate()
print("Validation: \(issues.isEmpty ? "no problems" : issues.map(\.description).joined(separator: "; "))")

let edited = customer.editableCopy()            // a mutable Customer
edited.lastName = "King"
edited.address?.city = "Marylebone"

do {
    // POST or PUT: the response as received, with the two written values changed. Keys the model
    // does not declare (`loyalty.expires`) stay; `internal_notes`, declared
    // `serializeForOutput: false`, is left out.
    let post = try edited.jsonString(options: [.prettyPrinted])
    print("\nJSON to POST after changing last_name and address.city:")
    print(post)

    // PATCH: only what changed, as a JSON Merge Patch (RFC 7396).
    print("\nJSON Merge Patch to PATCH:")
    print(String(decoding: try edited.mergePatchData(), as: UTF8.self))
} catch {
    FileHandle.standardError.write(Data("wrapmodel-example: \(error)\n".utf8))
    exit(1)
}
