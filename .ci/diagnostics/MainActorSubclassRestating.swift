// flags: -default-isolation MainActor
// expect-first: redundant conformance of 'Invoice' to protocol 'NonisolatedModel'
import WrapModel

class APIModel: WrapModel, NonisolatedModel, @unchecked Sendable {}

final class Invoice: APIModel, NonisolatedModel, @unchecked Sendable {
    @MutProperty var paid: Bool
}
