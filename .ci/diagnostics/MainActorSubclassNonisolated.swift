// flags: -default-isolation MainActor
// expect-first: 'nonisolated' cannot be applied to mutable stored properties
import WrapModel

class APIModel: WrapModel, NonisolatedModel, @unchecked Sendable {}

nonisolated final class Invoice: APIModel, @unchecked Sendable {
    @MutProperty var paid: Bool
}
