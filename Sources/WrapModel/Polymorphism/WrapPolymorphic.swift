/// Opts a model class into choosing, per object, which of its subclasses wraps that object.
///
/// ```swift
/// class Media: WrapModel, WrapPolymorphic, NonisolatedModel, @unchecked Sendable {
///     static var subclassSelector: WrapSubclassSelector {
///         .discriminator("type", ["photo": Photo.self, "video": Video.self])
///     }
///     @Property("id") var id: Int
/// }
/// final class Photo: Media, NonisolatedModel2, @unchecked Sendable { @Property("width") var width: Int }
/// final class Video: Media, NonisolatedModel2, @unchecked Sendable { @Property("seconds") var seconds: Double }
/// ```
/// Every place that creates models of `Media` from data then creates a `Photo` or a `Video`:
/// submodel properties, model arrays and dictionaries, ``WrapModelImportable/importModels(from:mutable:)-(Data,_)``,
/// stores, references and placeholders, the persistence readers and the static factories
/// (``WrapModel/model(data:mutable:)``). The initialisers (`Media(data:mutable:)`, `Media(json:)`)
/// create exactly the class they are called on, as Swift initialisers must.
///
/// Objects whose discriminator is absent get the base class. An unknown discriminator value, a
/// discriminator that is not a string or a number, or a selector returning a class that is not a
/// subclass of the declared one also gives the declared class, and ``WrapModel/validate()``
/// reports it. Output writes the discriminator as the data gave it, declared or not.
public protocol WrapPolymorphic: WrapModel {
    /// How to choose the class for one object. Read once per class and kept.
    static var subclassSelector: WrapSubclassSelector { get }
}
