// flags: -default-isolation MainActor
// expect-first: main actor-isolated property 'paid' can not be mutated from a nonisolated context
import WrapModel

class APIModel: WrapModel, NonisolatedModel, @unchecked Sendable {}

protocol InvoiceModel: NonisolatedModel {}

final class Invoice: APIModel, InvoiceModel, @unchecked Sendable {
    @MutProperty var paid: Bool
}

nonisolated func settle(_ invoice: Invoice) async {
    invoice.paid = true
}
