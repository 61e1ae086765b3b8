/// The read-write property wrapper: ``MutProperty`` is this type over the base property class
/// (`MutableProperty<Value, WrapProperty<Value>>`), and every 1.3.7 `Mut…` wrapper name is this
/// type over one property class.
///
/// ```swift
/// final class Customer: WrapModel, NonisolatedModel, @unchecked Sendable {
///     @MutProperty("nickname") var nickname: String?
///     @MutIntProperty("customer_identifier") var custNumber
///     @MutStrProperty("name", setModifier: { $0.trimmingCharacters(in: .whitespaces) }) var name
///     @RWProperty(WPInt("visits")) var visits: Int
/// }
/// ```
/// `getModifier` is applied to every value read, `setModifier` to every value written. Writing to
/// an immutable model asserts in debug builds and is dropped in release builds (an issue
/// observer hears of it either way). Like ``ReadOnlyProperty``, declare it in ``WrapModel``
/// subclasses only.
@propertyWrapper
public struct MutableProperty<Value, Source: WrapProperty<Value>>: AnyWrapPropertyProvider, DeclaredPropertyWrapper {
    @usableFromInline let declaration: WrapDeclaration

    /// Wraps a declaration made by one of the initialisers.
    /// - Parameter declaration: The declaration one of the initialisers made.
    public init(declaration: WrapDeclaration) { self.declaration = declaration }

    /// Wraps an existing property object, which the model keeps.
    /// - Parameters:
    ///   - property: The property object, e.g. `WPInt("count")`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    public init(_ property: Source, getModifier: ((Value) -> Value)? = nil, setModifier: ((Value) -> Value)? = nil) {
        declaration = .wrapping(property, readModifier: getModifier, writeModifier: setModifier)
    }

    /// Not available: the value is read and written through the model (`model.name`).
    @available(*, unavailable, message: "property wrappers are declared in WrapModel subclasses and used through the model")
    public var wrappedValue: Value {
        get { fatalError("read through the model") }
        nonmutating set { fatalError("written through the model") }
    }

    /// Not available: `$name` is read through the model.
    @available(*, unavailable, message: "property wrappers are declared in WrapModel subclasses and $name read through the model")
    public var projectedValue: Source { fatalError("read through the model") }

    /// The property's current value in `model`'s slot (through `getModifier`); assigning writes
    /// it (through `setModifier`).
    @inlinable @inline(__always)
    public static subscript<M: WrapModel>(
        _enclosingInstance model: M, wrapped wrapped: ReferenceWritableKeyPath<M, Value>,
        storage storage: ReferenceWritableKeyPath<M, Self>
    ) -> Value {
        get {
            let declaration = model[keyPath: storage].declaration
            // A cached value inline, anything else out of line: see WrapModel.readWrapped(_:as:).
            return model.readWrapped(declaration, as: Value.self)
        }
        set {
            let declaration = model[keyPath: storage].declaration
            model.writeDeclared(declaration, newValue)
        }
    }

    /// The property object of the declared class for the value (made when asked, or the one
    /// the wrapper was declared over).
    public static subscript<M: WrapModel>(
        _enclosingInstance model: M, projected projected: KeyPath<M, Source>, storage storage: ReferenceWritableKeyPath<M, Self>
    ) -> Source {
        unsafeDowncast(model.propertyObject(for: model[keyPath: storage].declaration), to: Source.self)
    }

    /// Not available: a wrapper holds only its declaration's position and does not know its
    /// model. Use `$name`.
    @available(*, unavailable, message: "a wrapper does not know its model: use $name")
    public var source: Source { fatalError("use $name") }

    var declarationPosition: Int32 { declaration.position }

    /// Not available: a wrapper holds only its declaration's position and does not know its
    /// model. Use `$name`, or the model's ``WrapModel/declaredProperties``.
    @available(*, deprecated, message: "a wrapper does not know its model: use $name or model.declaredProperties")
    public func property() -> AnyWrapProperty { DetachedProperty(declaration.position) }

    // Declarations without arguments (`@Property var name: String`, the key then being the name)
    // are initialised by Swift through an `init()` declared in the wrapper type itself (not in an
    // extension or a protocol): these forward to the WrapCodecPropertyWrapper initialisers, with
    // no key, for the wrapper over the base property class (`Property`, `MutProperty`).

    /// A property of a ``WrapCodable`` type with a natural default (`0`, `""`, `false`, `[]`, nil),
    /// whose key is its name converted by the class's ``WrapModel/keyNaming``.
    @inlinable
    public init() where Value: WrapCodable & WrapDefaultable, Source == WrapProperty<Value> { self.init(nil, serializeForOutput: true) }

    /// Not available: a date is read in a format the declaration names, so the compiler's first
    /// error on a bare `@MutProperty var joined: Date?` shows the declaration to write.
    @available(*, unavailable, message: "a Date needs its format: @MutProperty(date: .iso8601) var joined: Date?, or (dateFormat: \"dd.MM.yyyy\"), or (iso8601Options: [.withFullDate])")
    public init() where Value == Date?, Source == WrapProperty<Value> { fatalError("unavailable") }

    /// Not available: a date is read in a format the declaration names, and a date that is not
    /// optional needs a default; the compiler's first error shows the declaration to write.
    @available(*, unavailable, message: "a Date needs its format, and a default unless it is optional: @MutProperty(date: .iso8601, defaultValue: .distantPast) var joined: Date, or declare it Date?")
    public init() where Value == Date, Source == WrapProperty<Value> { fatalError("unavailable") }

    /// A nested object as a submodel, nil when absent; the key is the property's name.
    @inlinable
    public init<M: WrapModel>() where Value == M?, Source == WrapProperty<Value> { self.init(nil, serializeForOutput: true) }

    /// An array of submodels, `[]` when absent; the key is the property's name.
    @inlinable
    public init<M: WrapModel>() where Value == [M], Source == WrapProperty<Value> { self.init(nil, embedPath: nil, serializeForOutput: true) }

    /// An optional array of submodels; the key is the property's name.
    @inlinable
    public init<M: WrapModel>() where Value == [M]?, Source == WrapProperty<Value> { self.init(nil, embedPath: nil, serializeForOutput: true) }

    /// An object of submodels, `[:]` when absent; the key is the property's name.
    @inlinable
    public init<M: WrapModel>() where Value == [String: M], Source == WrapProperty<Value> { self.init(nil, serializeForOutput: true) }

    /// A nested object as a `[String: Any]`, `[:]` when absent; the key is the property's name.
    @inlinable
    public init() where Value == [String: Any], Source == WrapProperty<Value> { self.init(nil, serializeForOutput: true) }

    /// A nested object as a `[String: Any]?`; the key is the property's name.
    @inlinable
    public init() where Value == [String: Any]?, Source == WrapProperty<Value> { self.init(nil, serializeForOutput: true) }

    /// An optional enum with `String` raw values; the key is the property's name.
    @inlinable
    public init<E: RawRepresentable>() where Value == E?, E.RawValue == String, Source == WrapProperty<Value> { self.init(nil, serializeForOutput: true) }

    /// An optional enum with `Int` raw values; the key is the property's name.
    @inlinable
    public init<E: RawRepresentable>() where Value == E?, E.RawValue == Int, Source == WrapProperty<Value> { self.init(nil, serializeForOutput: true) }

    /// An optional ``WrapConvertibleEnum`` (read through its `conversionDict()`); the key is the
    /// property's name.
    @inlinable
    public init<E: WrapConvertibleEnum>() where Value == E?, Source == WrapProperty<Value> { self.init(nil, serializeForOutput: true) }
}

/// `MutProperty` shares every codec-based initialiser with `Property`.
extension MutableProperty: WrapCodecPropertyWrapper where Source == WrapProperty<Value> {}

extension MutableProperty where Source: WrapPropertyDefaultValueInit, Source.Value == Value {
    /// A wrapper over a new property at `keyPath`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to the type's
    ///     natural empty value (`0`, `""`, `[]`).
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, defaultValue: Value = Source.standardDefault, serializeForOutput: Bool = true,
                getModifier: ((Value) -> Value)? = nil, setModifier: ((Value) -> Value)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, defaultValue, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { Source(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput) }
        }
    }
}

extension MutableProperty where Source: WrapPropertyKeyPathInit {
    /// A wrapper over a new property at `keyPath` (whose default is nil, `[]` or `[:]`).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, serializeForOutput: Bool = true,
                getModifier: ((Value) -> Value)? = nil, setModifier: ((Value) -> Value)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { Source(keyPath, serializeForOutput: serializeForOutput) }
        }
    }
}

/// A property of a model that code may assign (on a mutable model), converted by the codec its
/// type implies; the assignable counterpart of ``Property``, with the same initialisers.
///
/// ```swift
/// final class Draft: WrapModel, NonisolatedModel, @unchecked Sendable {
///     @MutProperty("title") var title: String
///     @MutProperty("due", date: .yyyymmddDashes) var due: Date?
/// }
/// let draft = Draft(data: [:], mutable: true)
/// draft.title = "Quarterly report"
/// ```
/// Assigning to a property of a model created immutable (the default) asserts in debug builds
/// and is dropped in release builds; a ``WrapIssueObserver`` hears of it either way. Create the
/// model with `mutable: true`, or edit a ``WrapModel/editableCopy()``.
/// It is a ``MutableProperty`` over the base property class, which is what compiler messages name.
public typealias MutProperty<Value> = MutableProperty<Value, WrapProperty<Value>>
