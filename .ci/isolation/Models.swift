// Type-checked by .ci/isolation-check with the main actor as the default isolation, as in an
// Xcode 26 app target: models in every shape the documentation and wrapgen show — a root class,
// subclasses two and three levels deep, generic base classes, a polymorphic family — each with
// @Property, @MutProperty, $name projections and classic declarations, created and written from
// a nonisolated async function and read on the main actor.
import WrapModel

// MARK: - Root classes: `NonisolatedModel` in the class's own declaration.

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

// MARK: - A hierarchy three levels deep: each level names the next protocol of the ladder.

class APIModel: WrapModel, NonisolatedModel, @unchecked Sendable {
    override class var keyNaming: WrapKeyNaming { .snakeCase }
    @MutProperty var updatedBy: String
    let revision = WPInt("revision")
}


class Invoice: APIModel, NonisolatedModel2, @unchecked Sendable {
    @Property var total: Decimal
    @MutProperty var paid: Bool
    @MutStrProperty("note") var note
    let reference = WPStr("reference")
}


final class RecurringInvoice: Invoice, NonisolatedModel3, @unchecked Sendable {
    @MutProperty var period: String
    @Property(date: .iso8601) var nextRun: Date?
    let remaining = WPInt("remaining")
}

/// A sibling at the second level names the same one.
final class CreditNote: APIModel, NonisolatedModel2, @unchecked Sendable {
    @MutProperty var reason: String
}

// MARK: - Generic base classes.

class Page<Item: WrapModel>: WrapModel, NonisolatedModel, @unchecked Sendable {
    @Property var items: [Item]
    @MutProperty var cursor: String?
    let count = WPInt("count")
}


class FilteredPage<Item: WrapModel>: Page<Item>, NonisolatedModel2, @unchecked Sendable {
    @MutProperty var filter: String
}


final class CustomerPage: FilteredPage<Customer>, NonisolatedModel3, @unchecked Sendable {
    @MutProperty var region: String
}

// MARK: - A polymorphic family.

class Media: WrapModel, WrapPolymorphic, NonisolatedModel, @unchecked Sendable {
    static var subclassSelector: WrapSubclassSelector {
        .discriminator("type", ["photo": Photo.self, "video": Video.self, "panorama": Panorama.self])
    }
    @Property var id: Int
    @MutProperty var title: String
}


class Photo: Media, NonisolatedModel2, @unchecked Sendable {
    @MutProperty var width: Int
}

final class Video: Media, NonisolatedModel2, @unchecked Sendable {
    @Property var seconds: Double
}


final class Panorama: Photo, NonisolatedModel3, @unchecked Sendable {
    @MutProperty var degrees: Int
}

// MARK: - The whole ladder, five levels below WrapModel.

class Level1: WrapModel, NonisolatedModel, @unchecked Sendable { @MutProperty var one: Int }
class Level2: Level1, NonisolatedModel2, @unchecked Sendable { @MutProperty var two: Int }
class Level3: Level2, NonisolatedModel3, @unchecked Sendable { @MutProperty var three: Int }
class Level4: Level3, NonisolatedModel4, @unchecked Sendable { @MutProperty var four: Int }
final class Level5: Level4, NonisolatedModel5, @unchecked Sendable { @MutProperty var five: Int }

nonisolated func climb() async -> Level5 {
    let level = Level5()
    level.one = 1; level.two = 2; level.three = 3; level.four = 4; level.five = 5
    return level
}

// MARK: - Created and written off the main actor, read on it.

nonisolated func load(_ data: Data) async throws -> Customer {
    let customer = try Customer(parsing: data, mutable: true)
    customer.custNumber = 12
    customer.dateJoined = Date(timeIntervalSince1970: 0)
    customer.address?.city = "Paris"
    customer.visits += 1
    customer.tier.value = "gold"
    customer.$custNumber.clearMutation()
    return customer
}

nonisolated func stamp(_ invoice: RecurringInvoice) async {
    invoice.updatedBy = "batch"
    invoice.revision.value += 1
    invoice.paid = true
    invoice.note = "paid"
    invoice.reference.value = "R-1"
    invoice.period = "monthly"
    invoice.remaining.value = 3
    invoice.$period.clearMutation()
    _ = invoice.total
    _ = invoice.nextRun
}

nonisolated func fill() async -> (CreditNote, CustomerPage, [Media]) {
    let note = CreditNote()
    note.reason = "returned"
    note.updatedBy = "clerk"
    let page = CustomerPage()
    page.region = "EU"
    page.filter = "active"
    page.cursor = "abc"
    page.count.value = 1
    let feed = (try? Media.importModels(from: Data(#"[{"type": "panorama", "degrees": 180}]"#.utf8), mutable: true)) ?? []
    (feed.first as? Panorama)?.degrees = 360
    (feed.first as? Photo)?.width = 640
    feed.first?.title = "Alps"
    return (note, page, feed)
}

@MainActor
final class Screen {
    var customer: Customer?
    var invoice: RecurringInvoice?
    var title: String { customer.map { "\($0.lastName) \($0.nickname) \($0.purchases.count)" } ?? "" }
    var period: String { invoice.map { "\($0.period) \($0.total) \($0.$period.keyPath)" } ?? "" }

    func show(_ data: Data) async {
        customer = try? await load(data)
        customer?.visits += 1
        let invoice = RecurringInvoice(data: [:], mutable: true)
        await stamp(invoice)
        invoice.period = "yearly"
        self.invoice = invoice
        let (note, page, feed) = await fill()
        _ = (note.reason, page.region, page.items.count, feed.map(\.title), await climb().five)
        _ = try? customer?.jsonData()
    }
}

func detached(_ customer: Customer, _ invoice: RecurringInvoice) {
    Task.detached {
        customer.visits += 1
        invoice.paid = false
    }
}
