/// A read-only property of a model, converted by the codec its type implies.
///
/// ```swift
/// final class User: WrapModel, @unchecked Sendable {
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
/// only its declaration's position, and the value lives in the model.
@propertyWrapper
public struct Property<Value>: WrapCodecPropertyWrapper, DeclaredPropertyWrapper {
    @usableFromInline let declaration: WrapDeclaration

    /// Wraps a declaration made by one of the initialisers.
    public init(declaration: WrapDeclaration) { self.declaration = declaration }

    /// Not available: the value is read through the model (`model.name`).
    @available(*, unavailable, message: "@Property is declared in WrapModel subclasses and read through the model")
    public var wrappedValue: Value { fatalError("read through the model") }

    /// Not available: `$name` is read through the model.
    @available(*, unavailable, message: "@Property is declared in WrapModel subclasses and $name read through the model")
    public var projectedValue: WrapProperty<Value> { fatalError("read through the model") }

    /// The property's current value, read from `model`'s slot.
    @inlinable @inline(__always)
    public static subscript<M: WrapModel>(
        _enclosingInstance model: M, wrapped wrapped: KeyPath<M, Value>, storage storage: KeyPath<M, Self>
    ) -> Value {
        let declaration = model[keyPath: storage].declaration
        if model.observesReads { model.registerRead(wrapped, declaration) }
        return model.readDeclared(declaration, as: Value.self)
    }

    /// A property object viewing the value (made when asked; it reads and writes the same slot).
    public static subscript<M: WrapModel>(
        _enclosingInstance model: M, projected projected: KeyPath<M, WrapProperty<Value>>, storage storage: KeyPath<M, Self>
    ) -> WrapProperty<Value> {
        unsafeDowncast(model.propertyObject(for: model[keyPath: storage].declaration), to: WrapProperty<Value>.self)
    }

    var declarationPosition: Int32 { declaration.position }

    /// Not available: a wrapper holds only its declaration's position and does not know its
    /// model. Use `$name`, or the model's ``WrapModel/declaredProperties``.
    @available(*, deprecated, message: "a wrapper does not know its model: use $name or model.declaredProperties")
    public func property() -> AnyWrapProperty { DetachedProperty(declaration.position) }

    // Declarations without arguments (`@Property var name: String`, the key then being the name)
    // are initialised by Swift through an `init()` of the wrapper type itself: these forward to
    // the initialisers every wrapper shares (WrapCodecPropertyWrapper), with no key.

    /// A property of a ``WrapCodable`` type with a natural default (`0`, `""`, `false`, `[]`, nil),
    /// whose key is its name converted by the class's ``WrapModel/keyNaming``.
    @inlinable
    public init() where Value: WrapCodable & WrapDefaultable { self.init(nil, serializeForOutput: true) }

    /// A nested object as a submodel, nil when absent; the key is the property's name.
    @inlinable
    public init<M: WrapModel>() where Value == M? { self.init(nil, serializeForOutput: true) }

    /// An array of submodels, `[]` when absent; the key is the property's name.
    @inlinable
    public init<M: WrapModel>() where Value == [M] { self.init(nil, embedPath: nil, serializeForOutput: true) }

    /// An optional array of submodels; the key is the property's name.
    @inlinable
    public init<M: WrapModel>() where Value == [M]? { self.init(nil, embedPath: nil, serializeForOutput: true) }

    /// An object of submodels, `[:]` when absent; the key is the property's name.
    @inlinable
    public init<M: WrapModel>() where Value == [String: M] { self.init(nil, serializeForOutput: true) }

    /// A nested object as a `[String: Any]`, `[:]` when absent; the key is the property's name.
    @inlinable
    public init() where Value == [String: Any] { self.init(nil, serializeForOutput: true) }

    /// A nested object as a `[String: Any]?`; the key is the property's name.
    @inlinable
    public init() where Value == [String: Any]? { self.init(nil, serializeForOutput: true) }

    /// An optional enum with `String` raw values; the key is the property's name.
    @inlinable
    public init<E: RawRepresentable>() where Value == E?, E.RawValue == String { self.init(nil, serializeForOutput: true) }

    /// An optional enum with `Int` raw values; the key is the property's name.
    @inlinable
    public init<E: RawRepresentable>() where Value == E?, E.RawValue == Int { self.init(nil, serializeForOutput: true) }

    /// An optional ``WrapConvertibleEnum`` (read through its `conversionDict()`); the key is the
    /// property's name.
    @inlinable
    public init<E: WrapConvertibleEnum>() where Value == E? { self.init(nil, serializeForOutput: true) }
}
