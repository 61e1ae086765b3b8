// Type-checked by .ci/isolation-check with the main actor as the default isolation, as in an
// Xcode 26 app target: a newcomer's first models, in every declaration style, written from a
// nonisolated async function and read on the main actor.
import WrapModel

final class Purchase: WrapModel, NonisolatedModel, @unchecked Sendable {
    @Property var sku: String
    @Property var price: Double
}

final class Address: WrapModel, NonisolatedModel, @unchecked Sendable {
    @Property var street: String
    @MutProperty var city: String
}

final class Customer: WrapModel, NonisolatedModel, @unchecked Sendable {
    override class var keyNaming: WrapKeyNaming { .snakeCase }

    @Property var lastName: String
    @MutProperty("customer_identifier") var custNumber: Int
    @MutProperty(date: .iso8601) var dateJoined: Date?
    @Property var address: Address?
    @Property var purchases: [Purchase]
    @StrProperty("nickname") var nickname                        // a 1.3.7 named wrapper
    @MutIntProperty("visits") var visits                         // a writable one
    let tier = WPStr("tier")                                     // a 1.3.7 classic declaration
}

/// A hierarchy: the root conforms; a subclass may not restate the conformance, so it says
/// `nonisolated`, and writes through property objects (Swift rejects writable wrappers there).
class APIModel: WrapModel, NonisolatedModel, @unchecked Sendable {
    override class var keyNaming: WrapKeyNaming { .snakeCase }
    @MutProperty var updatedBy: String
}

nonisolated final class Invoice: APIModel, @unchecked Sendable {
    @Property var total: Decimal
    let note = WPStr("note")
}

nonisolated func load(_ data: Data) async throws -> Customer {
    let customer = try Customer(parsing: data, mutable: true)
    customer.custNumber = 12
    customer.dateJoined = Date(timeIntervalSince1970: 0)
    customer.address?.city = "Paris"
    customer.visits += 1
    customer.tier.value = "gold"
    return customer
}

nonisolated func stamp(_ invoice: Invoice) async {
    invoice.updatedBy = "batch"
    invoice.note.value = "paid"
    _ = invoice.total
}

@MainActor
final class Screen {
    var customer: Customer?
    var title: String { customer.map { "\($0.lastName) \($0.nickname) \($0.purchases.count)" } ?? "" }

    func show(_ data: Data) async {
        customer = try? await load(data)
        customer?.visits += 1
        let posted = try? customer?.jsonData()
        _ = posted
    }
}

func detached(_ customer: Customer) {
    Task.detached { customer.visits += 1 }
}
