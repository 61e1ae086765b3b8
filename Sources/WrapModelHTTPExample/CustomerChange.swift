import WrapModel

/// One change to a customer, as the API's live feed of changes sends it (an event's data, or
/// a line of the JSON Lines export).
final class CustomerChange: WrapModel, NonisolatedModel, @unchecked Sendable {
    @Property() var id: Int
    @Property() var field: String
    @Property() var value: String
}
