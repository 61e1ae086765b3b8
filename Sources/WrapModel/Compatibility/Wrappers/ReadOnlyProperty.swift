/// A read-only property wrapper over a property object, so a model reads like plain Swift.
///
/// ```swift
/// final class Customer: WrapModel, @unchecked Sendable {
///     @StrProperty("last_name") var lastName             // a ReadOnlyProperty<String, WrapPropertyString>
///     @ROProperty(WPInt("visits")) var visits: Int        // any property object
/// }
/// ```
/// Each named wrapper (`IntProperty`, `ModelProperty<T>`, …) is this type for one property class.
/// `modifier` (if given) is applied to every value read. Assigning to the property does not compile;
/// use the `Mut…` wrappers (``MutableProperty``) for that.
///
/// Declare wrappers in ``WrapModel`` subclasses only: the model owns the property object, and the
/// wrapper reads it through an unretained reference, so that reads write no shared reference count
/// and two threads reading one property run in parallel. (A wrapper outside a model reports the
/// misuse on its first read.) A property object can be wrapped by one wrapper at a time.
@propertyWrapper
public struct ReadOnlyProperty<Value, Source: WrapProperty<Value>>: AnyWrapPropertyProvider {
    // Read through this unretained reference: reads then touch no reference count.
    @usableFromInline let unretainedSource: Unmanaged<Source>
    // Keeps the property object alive for as long as the wrapper exists, so a wrapper declared
    // outside a model (a misuse, reported on read) frees its object with itself. Reads never
    // touch it: they go through `unretainedSource`, which costs no reference counting.
    private let owningReference: AnyObject

    /// Wraps an existing property object.
    /// - Parameters:
    ///   - property: The property object, e.g. `WPInt("count")`.
    ///   - modifier: Applied to every value read. Defaults to none.
    public init(_ property: Source, modifier: ((Value) -> Value)? = nil) {
        property.readModifier = modifier
        unretainedSource = Unmanaged.passUnretained(property)
        owningReference = property
    }

    /// The property's current value, passed through `modifier`.
    @inlinable
    public var wrappedValue: Value {
        unretainedSource._withUnsafeGuaranteedRef { $0.wrappedValue }
    }

    /// The property object that reads the value.
    public var source: Source { unretainedSource.takeUnretainedValue() }

    /// The property object, for code that handles properties generically.
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
