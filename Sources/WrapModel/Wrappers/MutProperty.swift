/// A property of a model that code may assign (on a mutable model), converted by the codec its
/// type implies; the assignable counterpart of ``Property``, with the same initialisers.
///
/// ```swift
/// final class Draft: WrapModel, @unchecked Sendable {
///     @MutProperty("title") var title: String
///     @MutProperty("due", date: .yyyymmddDashes) var due: Date?
/// }
/// let draft = Draft(data: [:], mutable: true)
/// draft.title = "Quarterly report"
/// ```
/// Assigning to a property of a model created immutable (the default) asserts in debug builds
/// and is dropped in release builds; a ``WrapIssueObserver`` hears of it either way. Create the
/// model with `mutable: true`, or edit a ``WrapModel/editableCopy()``.
@propertyWrapper
public struct MutProperty<Value>: WrapCodecPropertyWrapper, DeclaredPropertyWrapper {
    @usableFromInline let declaration: WrapDeclaration

    /// Wraps a declaration made by one of the initialisers.
    public init(declaration: WrapDeclaration) { self.declaration = declaration }

    /// Not available: the value is read and written through the model (`model.name`).
    @available(*, unavailable, message: "@MutProperty is declared in WrapModel subclasses and used through the model")
    public var wrappedValue: Value {
        get { fatalError("read through the model") }
        nonmutating set { fatalError("written through the model") }
    }

    /// Not available: `$name` is read through the model.
    @available(*, unavailable, message: "@MutProperty is declared in WrapModel subclasses and $name read through the model")
    public var projectedValue: WrapProperty<Value> { fatalError("read through the model") }

    /// The property's current value in `model`'s slot; assigning writes it.
    @inlinable @inline(__always)
    public static subscript<M: WrapModel>(
        _enclosingInstance model: M, wrapped wrapped: ReferenceWritableKeyPath<M, Value>,
        storage storage: ReferenceWritableKeyPath<M, Self>
    ) -> Value {
        get {
            let declaration = model[keyPath: storage].declaration
            if model.observesReads { model.registerRead(wrapped, declaration) }
            return model.readDeclared(declaration, as: Value.self)
        }
        set {
            let declaration = model[keyPath: storage].declaration
            model.writeDeclared(declaration, newValue)
        }
    }

    /// A property object viewing the value (made when asked; it reads and writes the same slot).
    public static subscript<M: WrapModel>(
        _enclosingInstance model: M, projected projected: KeyPath<M, WrapProperty<Value>>,
        storage storage: ReferenceWritableKeyPath<M, Self>
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
