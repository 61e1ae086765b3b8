/// A read-write property wrapper over a property object (the `Mut…` wrappers).
///
/// ```swift
/// final class Customer: WrapModel {
///     @MutIntProperty("customer_identifier") var custNumber
///     @MutStrProperty("name", setModifier: { $0.trimmingCharacters(in: .whitespaces) }) var name
///     @RWProperty(WPInt("visits")) var visits: Int
/// }
/// ```
/// `getModifier` is applied to every value read, `setModifier` to every value written. Writing to
/// an immutable model asserts in debug builds and is ignored in release builds. Like
/// ``ReadOnlyProperty``, declare it in ``WrapModel`` subclasses only.
@propertyWrapper
public struct MutableProperty<Value, Source: WrapProperty<Value>>: AnyWrapPropertyProvider {
    // Read through this unretained reference: reads then touch no reference count.
    @usableFromInline let unretainedSource: Unmanaged<Source>
    // Keeps the property object alive for as long as the wrapper exists, so a wrapper declared
    // outside a model (a misuse, reported on read) frees its object with itself. Reads never
    // touch it: they go through `unretainedSource`, which costs no reference counting.
    private let owningReference: AnyObject

    /// Wraps an existing property object.
    /// - Parameters:
    ///   - property: The property object, e.g. `WPInt("count")`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    public init(_ property: Source, getModifier: ((Value) -> Value)? = nil, setModifier: ((Value) -> Value)? = nil) {
        property.readModifier = getModifier
        property.writeModifier = setModifier
        unretainedSource = Unmanaged.passUnretained(property)
        owningReference = property
    }

    /// The property's current value; assigning writes it to the model.
    @inlinable
    public var wrappedValue: Value {
        get { unretainedSource._withUnsafeGuaranteedRef { $0.wrappedValue } }
        nonmutating set { unretainedSource._withUnsafeGuaranteedRef { $0.wrappedValue = newValue } }
    }

    /// The property object that reads and writes the value.
    public var source: Source { unretainedSource.takeUnretainedValue() }

    /// The property object, for code that handles properties generically.
    public func property() -> AnyWrapProperty { source }
}

extension MutableProperty where Source: WrapPropertyDefaultValueInit, Source.Value == Value {
    /// A wrapper over a new property at `keyPath`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to the type's
    ///     natural empty value (`0`, `""`, `[]`).
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    public init(_ keyPath: String, defaultValue: Value = Source.standardDefault, serializeForOutput: Bool = true,
                getModifier: ((Value) -> Value)? = nil, setModifier: ((Value) -> Value)? = nil) {
        self.init(Source(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput),
                  getModifier: getModifier, setModifier: setModifier)
    }
}

extension MutableProperty where Source: WrapPropertyKeyPathInit {
    /// A wrapper over a new property at `keyPath` (whose default is nil, `[]` or `[:]`).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    public init(_ keyPath: String, serializeForOutput: Bool = true,
                getModifier: ((Value) -> Value)? = nil, setModifier: ((Value) -> Value)? = nil) {
        self.init(Source(keyPath, serializeForOutput: serializeForOutput), getModifier: getModifier, setModifier: setModifier)
    }
}
