// flags: -default-isolation MainActor
// expect-first: main actor-isolated initializer 'init(data:mutable:)' has different actor isolation from nonisolated overridden declaration
// expect: main actor-isolated initializer 'init(data:mutable:)' cannot be called from outside of the actor
import WrapModel

final class Invoice: WrapModel, @unchecked Sendable {
    @MutProperty var paid: Bool
}

nonisolated func settle() async {
    let invoice = Invoice(data: [:], mutable: true)
    _ = invoice
}
