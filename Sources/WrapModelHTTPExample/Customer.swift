import WrapModel

/// The part of the API's customer resource this client uses. The resource has more (preferences,
/// marketing consent, tags, …): the model does not declare it, and posting back keeps it.
final class Customer: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @StrProperty("name") var name
    @MutStrProperty("email") var email
    @OptStrProperty("address.city") var city
}
