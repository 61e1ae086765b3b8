/// A read-only property of a model, converted by the codec its type implies.
///
/// ```swift
/// final class User: WrapModel, NonisolatedModel, @unchecked Sendable {
///     @Property("id") var id: Int
///     @Property("nickname") var nickname: String?
///     @Property var tags: [String]                      // the key is the name: "tags"
///     @Property("joined", date: .iso8601) var joined: Date?
///     @Property("manager") var manager: User?
/// }
/// ```
/// The codec is inferred from the declared type (see ``WrapCodable``; models, `RawRepresentable`
/// enums and ``WrapConvertibleEnum``s have initialisers of their own), or passed as `codec:`.
/// Without a key, the key is the property's name, converted by the class's
/// ``WrapModel/keyNaming``. `$name` is a property object viewing the value (for
/// ``WrapProperty/hasValue()``, key paths, …). Use ``MutProperty`` for a property that code assigns.
///
/// Declare it in ``WrapModel`` subclasses only (elsewhere it does not compile): the wrapper holds
/// only its declaration's position, and the value lives in the model. It is a
/// ``ReadOnlyProperty`` over the base property class, which is what compiler messages name.
public typealias Property<Value> = ReadOnlyProperty<Value, WrapProperty<Value>>
