// flags: -default-isolation MainActor
// expect-first: main actor-isolated initializer 'init(data:mutable:)' has different actor isolation from nonisolated overridden declaration
import WrapModel

class APIModel: WrapModel, NonisolatedModel, @unchecked Sendable {}

final class Invoice: APIModel, @unchecked Sendable {
    @MutProperty var paid: Bool
}
