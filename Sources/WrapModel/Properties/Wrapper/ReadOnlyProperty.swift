/// The read-only property wrapper: ``Property`` is this type over the base property class
/// (`ReadOnlyProperty<Value, WrapProperty<Value>>`), and every 1.3.7 wrapper name (`IntProperty`,
/// `ModelProperty<T>`, …) is this type over one property class.
///
/// ```swift
/// final class Customer: WrapModel, NonisolatedModel, @unchecked Sendable {
///     @Property("id") var id: Int                         // a ReadOnlyProperty<Int, WrapProperty<Int>>
///     @StrProperty("last_name") var lastName             // a ReadOnlyProperty<String, WrapPropertyString>
///     @ROProperty(WPInt("visits")) var visits: Int        // over a property object
/// }
/// ```
/// `modifier` (if given) is applied to every value read. Assigning to the property does not compile;
/// use the `Mut…` wrappers (``MutableProperty``) for that. `$name` is a property object of the
/// declared class viewing the value; for a wrapper declared over a property object, that object.
///
/// Declare wrappers in ``WrapModel`` subclasses only (elsewhere they do not compile): the wrapper
/// holds only its declaration's position, and the value lives in the model.
@propertyWrapper
public struct ReadOnlyProperty<Value, Source: WrapProperty<Value>>: AnyWrapPropertyProvider, DeclaredPropertyWrapper {
    @usableFromInline let declaration: WrapDeclaration

    /// Wraps a declaration made by one of the initialisers.
    /// - Parameter declaration: The declaration one of the initialisers made.
    public init(declaration: WrapDeclaration) { self.declaration = declaration }

    /// Wraps an existing property object, which the model keeps.
    /// - Parameters:
    ///   - property: The property object, e.g. `WPInt("count")`.
    ///   - modifier: Applied to every value read. Defaults to none.
    public init(_ property: Source, modifier: ((Value) -> Value)? = nil) {
        declaration = .wrapping(property, readModifier: modifier, writeModifier: nil)
    }

    /// Not available: the value is read through the model (`model.name`).
    @available(*, unavailable, message: "property wrappers are declared in WrapModel subclasses and read through the model")
    public var wrappedValue: Value { fatalError("read through the model") }

    /// Not available: `$name` is read through the model.
    @available(*, unavailable, message: "property wrappers are declared in WrapModel subclasses and $name read through the model")
    public var projectedValue: Source { fatalError("read through the model") }

    /// The property's current value, read from `model`'s slot (through `modifier`).
    @inlinable @inline(__always)
    public static subscript<M: WrapModel>(
        _enclosingInstance model: M, wrapped wrapped: KeyPath<M, Value>, storage storage: KeyPath<M, Self>
    ) -> Value {
        let declaration = model[keyPath: storage].declaration
        // A cached value inline, anything else out of line: see WrapModel.readWrapped(_:as:).
        return model.readWrapped(declaration, as: Value.self)
    }

    /// The property object of the declared class for the value (made when asked, or the one
    /// the wrapper was declared over).
    public static subscript<M: WrapModel>(
        _enclosingInstance model: M, projected projected: KeyPath<M, Source>, storage storage: KeyPath<M, Self>
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
    /// error on a bare `@Property var joined: Date?` shows the declaration to write.
    @available(*, unavailable, message: "a Date needs its format: @Property(date: .iso8601) var joined: Date?, or (dateFormat: \"dd.MM.yyyy\"), or (iso8601Options: [.withFullDate])")
    public init() where Value == Date?, Source == WrapProperty<Value> { fatalError("unavailable") }

    /// Not available: a date is read in a format the declaration names, and a date that is not
    /// optional needs a default; the compiler's first error shows the declaration to write.
    @available(*, unavailable, message: "a Date needs its format, and a default unless it is optional: @Property(date: .iso8601, defaultValue: .distantPast) var joined: Date, or declare it Date?")
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

/// `Property` shares every codec-based initialiser with `MutProperty`.
extension ReadOnlyProperty: WrapCodecPropertyWrapper where Source == WrapProperty<Value> {}

extension ReadOnlyProperty where Source: WrapPropertyDefaultValueInit, Source.Value == Value {
    /// A wrapper over a new property at `keyPath`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to the type's
    ///     natural empty value (`0`, `""`, `[]`).
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - modifier: Applied to every value read. Defaults to none.
    @inlinable
    public init(_ keyPath: String, defaultValue: Value = Source.standardDefault, serializeForOutput: Bool = true,
                modifier: ((Value) -> Value)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, defaultValue, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { Source(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput) }
        }
    }
}

extension ReadOnlyProperty where Source: WrapPropertyKeyPathInit {
    /// A wrapper over a new property at `keyPath` (whose default is nil, `[]` or `[:]`).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - modifier: Applied to every value read. Defaults to none.
    @inlinable
    public init(_ keyPath: String, serializeForOutput: Bool = true, modifier: ((Value) -> Value)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { Source(keyPath, serializeForOutput: serializeForOutput) }
        }
    }
}

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
