/// A property of a model that code may assign (on a mutable model), converted by the codec its
/// type implies; the assignable counterpart of ``Property``, with the same initialisers.
///
/// ```swift
/// final class Draft: WrapModel, @unchecked Sendable {
///     @MutProperty("title") var title: String
///     @MutProperty("due", date: .yyyymmddDashes) var due: Date?
/// }
/// ```
/// Assigning to a property of an immutable model asserts in debug builds and is ignored in release.
@propertyWrapper
public struct MutProperty<Value>: WrapCodecPropertyWrapper {
    // Read through this unretained reference, as in `Property`: reads touch no reference count.
    @usableFromInline let unretainedSource: Unmanaged<WrapProperty<Value>>
    // Keeps the property object alive for as long as the wrapper exists, so a wrapper declared
    // outside a model (a misuse, reported on read) frees its object with itself. Reads never
    // touch it: they go through `unretainedSource`, which costs no reference counting.
    private let owningReference: AnyObject

    /// Wraps an existing property object.
    public init(wrapping property: WrapProperty<Value>) {
        unretainedSource = Unmanaged.passUnretained(property)
        owningReference = property
    }

    /// The property's current value; assigning writes it.
    @inlinable
    public var wrappedValue: Value {
        get { unretainedSource._withUnsafeGuaranteedRef { $0.wrappedValue } }
        nonmutating set { unretainedSource._withUnsafeGuaranteedRef { $0.wrappedValue = newValue } }
    }

    /// The property object.
    public var projectedValue: WrapProperty<Value> { unretainedSource.takeUnretainedValue() }

    /// The property object, for code that handles properties generically.
    public func property() -> AnyWrapProperty { projectedValue }
}
