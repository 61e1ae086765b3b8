/// A read-only property wrapper over a property object, so a model reads like plain Swift.
///
/// ```swift
/// final class Customer: WrapModel {
///     @StrProperty("last_name") var lastName             // a ReadOnlyProperty<String, WrapPropertyString>
///     @ROProperty(WPInt("visits")) var visits: Int        // any property object
/// }
/// ```
/// Each named wrapper (`IntProperty`, `ModelProperty<T>`, …) is this type for one property class.
/// `modifier` (if given) is applied to every value read. Assigning to the property does not compile;
/// use the `Mut…` wrappers (``MutableProperty``) for that.
@propertyWrapper
public struct ReadOnlyProperty<Value, Source: WrapProperty<Value>>: AnyWrapPropertyProvider {
    /// The property object that reads the value.
    public let source: Source
    @usableFromInline let modifier: ((Value) -> Value)?

    /// Wraps an existing property object.
    /// - Parameters:
    ///   - property: The property object, e.g. `WPInt("count")`.
    ///   - modifier: Applied to every value read. Defaults to none.
    public init(_ property: Source, modifier: ((Value) -> Value)? = nil) {
        self.source = property
        self.modifier = modifier
    }

    /// The property's current value, passed through `modifier`.
    @inlinable
    public var wrappedValue: Value {
        let value = source.value
        guard let modifier else { return value }
        return modifier(value)
    }

    public func property() -> AnyWrapProperty { source }
}

extension ReadOnlyProperty where Source: WrapPropertyDefaultValueInit, Source.Value == Value {
    /// A wrapper over a new property at `keyPath`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to the type's
    ///     natural empty value (`0`, `""`, `[]`).
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - modifier: Applied to every value read. Defaults to none.
    public init(_ keyPath: String, defaultValue: Value = Source.standardDefault, serializeForOutput: Bool = true,
                modifier: ((Value) -> Value)? = nil) {
        self.init(Source(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput), modifier: modifier)
    }
}

extension ReadOnlyProperty where Source: WrapPropertyKeyPathInit {
    /// A wrapper over a new property at `keyPath` (whose default is nil, `[]` or `[:]`).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - modifier: Applied to every value read. Defaults to none.
    public init(_ keyPath: String, serializeForOutput: Bool = true, modifier: ((Value) -> Value)? = nil) {
        self.init(Source(keyPath, serializeForOutput: serializeForOutput), modifier: modifier)
    }
}
