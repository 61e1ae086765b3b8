// Type-checked by .ci/isolation-check to fail: without NonisolatedModel the class is main-actor
// isolated, which a WrapModel subclass cannot be. If this compiles, the check is not checking.
import WrapModel

final class Customer: WrapModel, @unchecked Sendable {
    @MutProperty var visits: Int
}
