// expect-first: class 'Invoice' must restate inherited '@unchecked Sendable' conformance
import WrapModel

final class Invoice: WrapModel, NonisolatedModel {
    @MutProperty var paid: Bool
}
