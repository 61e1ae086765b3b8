extension WrapCodecPropertyWrapper where Value: RawRepresentable, Value.RawValue == String {
    /// An enum with `String` raw values, read and written as its raw value.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - defaultValue: Read when the data has no value or one no case has.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, defaultValue: Value, serializeForOutput: Bool = true) {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, defaultValue, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: WrapRawValueCodec<Value>(), defaultValue: defaultValue, serializeForOutput: serializeForOutput)
        })
    }
}

extension WrapCodecPropertyWrapper where Value: RawRepresentable, Value.RawValue == Int {
    /// An enum with `Int` raw values, read and written as its raw value.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - defaultValue: Read when the data has no value or one no case has.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, defaultValue: Value, serializeForOutput: Bool = true) {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, defaultValue, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: WrapRawValueCodec<Value>(), defaultValue: defaultValue, serializeForOutput: serializeForOutput)
        })
    }
}

extension WrapCodecPropertyWrapper where Value: WrapConvertibleEnum {
    /// A ``WrapConvertibleEnum``, read through its `conversionDict()` and written as its string.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - defaultValue: Read when the data has no known value.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, defaultValue: Value, serializeForOutput: Bool = true) {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, defaultValue, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.convertibleEnum(Value.self), defaultValue: defaultValue, serializeForOutput: serializeForOutput)
        })
    }
}

extension WrapCodecPropertyWrapper {
    /// An optional enum with `String` raw values; nil when absent or no case has the value.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<E: RawRepresentable>(_ keyPath: String? = nil, serializeForOutput: Bool = true) where Value == E?, E.RawValue == String  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: WrapOptionalCodec(WrapRawValueCodec<E>()), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }

    /// An optional enum with `Int` raw values; nil when absent or no case has the value.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<E: RawRepresentable>(_ keyPath: String? = nil, serializeForOutput: Bool = true) where Value == E?, E.RawValue == Int  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: WrapOptionalCodec(WrapRawValueCodec<E>()), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }

    /// An optional ``WrapConvertibleEnum``; nil when absent or unknown.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<E: WrapConvertibleEnum>(_ keyPath: String? = nil, serializeForOutput: Bool = true) where Value == E?  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.optionalConvertibleEnum(E.self), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }
}
