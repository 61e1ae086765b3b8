extension WrapCodecPropertyWrapper {
    /// A property of a ``WrapCodable`` type with a natural default that, when `transient`, no
    /// output or persistence writes (see ``WrapPropertyBase/transient()``):
    ///
    /// ```swift
    /// @MutProperty("draft", transient: true) var draft: String?
    /// ```
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - transient: Whether the value lives in the model only.
    @inlinable
    public init(_ keyPath: String? = nil, transient: Bool) where Value: WrapCodable & WrapDefaultable  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, transient, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: Value.wrapCodec, defaultValue: Value.wrapDefaultValue, serializeForOutput: true, transient: transient)
        })
    }

    /// A property of a ``WrapCodable`` type with the given default that, when `transient`, no
    /// output or persistence writes (see ``WrapPropertyBase/transient()``).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - defaultValue: Read when the data has no value, `null`, or one that does not convert.
    ///   - transient: Whether the value lives in the model only.
    @inlinable
    public init(_ keyPath: String? = nil, defaultValue: Value, transient: Bool) where Value: WrapCodable  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, defaultValue, transient, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: Value.wrapCodec, defaultValue: defaultValue, serializeForOutput: true, transient: transient)
        })
    }
}
