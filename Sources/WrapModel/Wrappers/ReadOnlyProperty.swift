/// A read-only property wrapper declared over a property class, so a model reads like plain
/// Swift; every 1.3.7 wrapper name (`IntProperty`, `ModelProperty<T>`, …) is this type for one
/// property class.
///
/// ```swift
/// final class Customer: WrapModel, @unchecked Sendable {
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

    @usableFromInline
    init(declaration: WrapDeclaration) { self.declaration = declaration }

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
        if model.observesReads { model.registerRead(wrapped, declaration) }
        return model.readDeclared(declaration, as: Value.self)
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
}

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
