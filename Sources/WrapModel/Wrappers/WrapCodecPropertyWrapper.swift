import Foundation

/// The codec-based property wrappers (``Property`` and ``MutProperty``): both hold a
/// ``WrapDeclaration``, so they share every initialiser below.
///
/// An initialiser without a key path reads the key from the property's name (converted by the
/// class's ``WrapModel/keyNaming``): `@Property var createdAt: Date?` needs only its type.
public protocol WrapCodecPropertyWrapper: AnyWrapPropertyProvider {
    /// The property's value type.
    associatedtype Value
    /// Wraps a declaration made by one of the initialisers below.
    /// - Parameter declaration: The declaration one of the initialisers made.
    init(declaration: WrapDeclaration)
}

extension WrapCodecPropertyWrapper {
    /// Wraps an existing property object (`Property(wrapping: WrapProperty("count", codec: MyCodec(), defaultValue: 0))`),
    /// which the model keeps: `$name` gives it back.
    /// - Parameter property: The property object, e.g. `WPInt("count")`.
    public init(wrapping property: WrapProperty<Value>) {
        self.init(declaration: .wrapping(property, readModifier: nil, writeModifier: nil))
    }

    /// A property converted by `codec`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - codec: How the data becomes the value and back.
    ///   - defaultValue: Read when the data has no value, `null`, or one that does not convert.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<Codec: WrapValueCodec>(_ keyPath: String? = nil, codec: Codec, defaultValue: Value, serializeForOutput: Bool = true)
    where Codec.Value == Value  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, codec, defaultValue, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: codec, defaultValue: defaultValue, serializeForOutput: serializeForOutput)
        })
    }

    /// An optional property converted by `codec`: nil when the data has no convertible value.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - codec: How the data becomes the (non-optional) value and back.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<Codec: WrapValueCodec>(_ keyPath: String? = nil, codec: Codec, serializeForOutput: Bool = true)
    where Value == Codec.Value?  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, codec, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: WrapOptionalCodec(codec), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }

    /// A property of a ``WrapCodable`` type, with the given default.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - defaultValue: Read when the data has no value, `null`, or one that does not convert.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, defaultValue: Value, serializeForOutput: Bool = true) where Value: WrapCodable  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, defaultValue, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: Value.wrapCodec, defaultValue: defaultValue, serializeForOutput: serializeForOutput)
        })
    }

    /// A property of a ``WrapCodable`` type with a natural default (`0`, `""`, `false`, `[]`, nil).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, serializeForOutput: Bool = true) where Value: WrapCodable & WrapDefaultable  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: Value.wrapCodec, defaultValue: Value.wrapDefaultValue, serializeForOutput: serializeForOutput)
        })
    }

    /// A `Bool` written as `boolType` says (`"Y"`/`"N"`, `1`/`0`, …).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - boolType: How output writes the value.
    ///   - defaultValue: Read when the data has no boolean-like value. Defaults to `false`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, boolType: WrapPropertyBoolOutputType, defaultValue: Bool = false, serializeForOutput: Bool = true)
    where Value == Bool  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, boolType, defaultValue, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.bool(boolType), defaultValue: defaultValue, serializeForOutput: serializeForOutput)
        })
    }

    /// A nested object as a `[String: Any]`, untouched; `[:]` when absent.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the object in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, serializeForOutput: Bool = true) where Value == [String: Any]  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.object(), defaultValue: [:], serializeForOutput: serializeForOutput)
        })
    }

    /// A nested object as a `[String: Any]?`, untouched; nil when absent.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the object in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, serializeForOutput: Bool = true) where Value == [String: Any]?  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.optionalObject(), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }
}
