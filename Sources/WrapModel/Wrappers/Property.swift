/// A read-only property of a model, converted by the codec its type implies.
///
/// ```swift
/// final class User: WrapModel, @unchecked Sendable {
///     @Property("id") var id: Int
///     @Property("nickname") var nickname: String?
///     @Property("tags") var tags: [String]
///     @Property("joined", date: .iso8601) var joined: Date?
///     @Property("manager") var manager: User?
/// }
/// ```
/// The codec is inferred from the declared type (see ``WrapCodable``; models, `RawRepresentable`
/// enums and ``WrapConvertibleEnum``s have initialisers of their own), or passed as `codec:`.
/// `$name` is the property object (for ``WrapProperty/hasValue()``, key paths, …). Use
/// ``MutProperty`` for a property that code assigns.
///
/// Declare it in ``WrapModel`` subclasses only: the model owns the property object, and the
/// wrapper reads it through an unretained reference, so reads write no shared reference count.
@propertyWrapper
public struct Property<Value>: WrapCodecPropertyWrapper {
    // Read through this unretained reference: reads then touch no reference count.
    @usableFromInline let unretainedSource: Unmanaged<WrapProperty<Value>>
    // Keeps the property object alive for as long as the wrapper exists, so a wrapper declared
    // outside a model (a misuse, reported on read) frees its object with itself. Reads never
    // touch it: they go through `unretainedSource`, which costs no reference counting.
    private let owningReference: AnyObject

    /// Wraps an existing property object, e.g. `WrapProperty("count", codec: MyCodec(), defaultValue: 0)`.
    public init(wrapping property: WrapProperty<Value>) {
        unretainedSource = Unmanaged.passUnretained(property)
        owningReference = property
    }

    /// The property's current value.
    @inlinable
    public var wrappedValue: Value {
        unretainedSource._withUnsafeGuaranteedRef { $0.wrappedValue }
    }

    /// The property object.
    public var projectedValue: WrapProperty<Value> { unretainedSource.takeUnretainedValue() }

    /// The property object, for code that handles properties generically.
    public func property() -> AnyWrapProperty { projectedValue }
}
