/// Keeps a model class isolated to no actor in a target whose default isolation is the main
/// actor (Xcode 26's app template, SwiftPM's `.defaultIsolation(MainActor.self)`).
///
/// There, Swift makes every class of the target main-actor isolated unless the class's own
/// declaration says otherwise, and a ``WrapModel`` subclass cannot be main-actor isolated: its
/// initialisers override nonisolated ones. A class whose declaration names a protocol that
/// refines `Sendable` (other than `Sendable` itself), declared outside the target, is not given
/// the default isolation; this protocol is that protocol. Name it in every class whose superclass
/// is `WrapModel`:
///
/// ```swift
/// final class Customer: WrapModel, NonisolatedModel, @unchecked Sendable {
///     @Property var name: String
///     @MutProperty var visits: Int
/// }
/// ```
///
/// The class is then isolated to no actor: it can be created, read and written from any task,
/// the main actor included. In any other target the conformance changes nothing. It has no
/// requirements.
///
/// ## Subclasses
///
/// A subclass cannot restate its parent's conformance (Swift reports "redundant conformance"),
/// and a conformance it inherits does not count. So each level of a hierarchy names the next
/// protocol of a ladder: a subclass of a `NonisolatedModel` class names ``NonisolatedModel2``,
/// a subclass of that names ``NonisolatedModel3``, down to ``NonisolatedModel5``.
///
/// ```swift
/// class APIModel: WrapModel, NonisolatedModel, @unchecked Sendable {
///     override class var keyNaming: WrapKeyNaming { .snakeCase }
/// }
/// class Invoice: APIModel, NonisolatedModel2, @unchecked Sendable {
///     @MutProperty var paid: Bool
/// }
/// final class RecurringInvoice: Invoice, NonisolatedModel3, @unchecked Sendable {
///     @MutProperty var period: String
/// }
/// ```
///
/// `nonisolated final class` is no alternative: Swift then rejects every `@MutProperty` (or other
/// assignable wrapper) of the class with "'nonisolated' cannot be applied to mutable stored
/// properties", since a model is `Sendable`. Nor is a protocol declared in the app target
/// itself: there it is isolated to the main actor, and so is a class that conforms to it.
///
/// When the conformance is missing, Swift reports "main actor-isolated initializer
/// 'init(data:mutable:)' has different actor isolation from nonisolated overridden declaration"
/// on the class, or, where the class declares nothing stored, "main actor-isolated property …
/// can not be mutated from a nonisolated context" where a nonisolated function writes it.
public protocol NonisolatedModel: Sendable {}

/// Keeps a subclass of a ``NonisolatedModel`` class isolated to no actor in a target whose
/// default isolation is the main actor: the second step of the ladder that
/// ``NonisolatedModel`` describes.
///
/// ```swift
/// final class Invoice: APIModel, NonisolatedModel2, @unchecked Sendable {
///     @MutProperty var paid: Bool
/// }
/// ```
public protocol NonisolatedModel2: NonisolatedModel {}

/// Keeps a subclass of a ``NonisolatedModel2`` class isolated to no actor in a target whose
/// default isolation is the main actor: the third step of the ladder that ``NonisolatedModel``
/// describes.
public protocol NonisolatedModel3: NonisolatedModel {}

/// Keeps a subclass of a ``NonisolatedModel3`` class isolated to no actor in a target whose
/// default isolation is the main actor: the fourth step of the ladder that ``NonisolatedModel``
/// describes.
public protocol NonisolatedModel4: NonisolatedModel {}

/// Keeps a subclass of a ``NonisolatedModel4`` class isolated to no actor in a target whose
/// default isolation is the main actor: the fifth and last step of the ladder that
/// ``NonisolatedModel`` describes. A class further down belongs in a module whose default
/// isolation is not the main actor (a package target of its own), where it needs none of these.
public protocol NonisolatedModel5: NonisolatedModel {}
