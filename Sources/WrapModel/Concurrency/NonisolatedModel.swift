/// Keeps a model class isolated to no actor in a target whose default isolation is the main
/// actor (Xcode 26's app template, `-default-isolation MainActor`).
///
/// There, Swift would make every class of the target main-actor isolated, which a ``WrapModel``
/// subclass cannot be: its initialisers override nonisolated ones. A class that conforms to this
/// protocol in its own declaration is not given the default isolation, so it compiles, and its
/// properties can be read and written from any task:
///
/// ```swift
/// final class Customer: WrapModel, NonisolatedModel, @unchecked Sendable {
///     @Property var name: String
///     @MutProperty var visits: Int
/// }
/// ```
/// In any other target the conformance changes nothing. It has no requirements.
///
/// A subclass of a conforming class must not restate the conformance (Swift reports it
/// redundant), and is not kept off the main actor by it: in a main-actor-by-default target,
/// declare it `nonisolated final class Invoice: APIModel, @unchecked Sendable`. Swift rejects a
/// `@MutProperty` (or another writable wrapper) in a `nonisolated` class ("'nonisolated' cannot
/// be applied to mutable stored properties"): declare such a subclass's writable properties as
/// property objects (`let paid = WPBool("paid")`), or in the conforming class.
public protocol NonisolatedModel: Sendable {}
