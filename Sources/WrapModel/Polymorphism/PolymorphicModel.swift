/// A model inside a `Codable` type, decoded as the subclass its ``WrapPolymorphic`` class selects.
///
/// Swift's `Decodable` creates exactly the declared class (`Media.init(from:)` cannot return a
/// `Photo`), so a polymorphic model held by a `Codable` struct is declared through this wrapper:
///
/// ```swift
/// struct Feed: Codable {
///     @PolymorphicModel var featured: Media
///     var items: [PolymorphicModel<Media>]
/// }
/// let feed = try JSONDecoder().decode(Feed.self, from: body)
/// feed.featured is Photo                       // when its "type" says "photo"
/// feed.items.map(\.wrappedValue)               // [Media]: Photos and Videos
/// ```
/// Encoding writes the model's whole data (see ``WrapModel/encode(to:)``), discriminator
/// included, so decoding it again selects the same class. Decoded models are immutable.
@propertyWrapper
public struct PolymorphicModel<Base: WrapModel>: Codable, Sendable {
    /// The model.
    public var wrappedValue: Base

    /// Wraps `model`.
    /// - Parameter model: The model.
    public init(wrappedValue model: Base) {
        self.wrappedValue = model
    }

    /// Decodes a JSON object (keyed container) as the class `Base` selects for it.
    /// - Throws: `DecodingError` when the container is not keyed.
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let object = try AnyCodableValue.decodeObject(from: decoder)
        wrappedValue = Base.wrapping(ModelStorage(object), mutable: false)
    }

    /// Encodes the model as ``WrapModel/encode(to:)`` does.
    /// - Throws: `EncodingError` when a value has no encodable form.
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}
