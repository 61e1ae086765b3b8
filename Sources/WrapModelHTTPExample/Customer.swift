import WrapModel

/// The part of the API's customer resource this client uses. The resource has more (preferences,
/// marketing consent, tags, …): the model does not declare it, and posting back keeps it.
final class Customer: WrapModel, NonisolatedModel, @unchecked Sendable {
    @Property var id: Int                         // no key: the property's name is the key
    @Property var name: String
    @MutProperty var email: String
    @Property("address.city") var city: String?     // a key path into a nested object
}
