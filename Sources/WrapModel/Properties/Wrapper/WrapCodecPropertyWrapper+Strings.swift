extension WrapCodecPropertyWrapper where Value == Int {
    /// An `Int` that output writes as a string (`"2139"`), as `WPIntStr` does; reading accepts
    /// numbers and numeric strings alike. With `asString: false`, an ordinary `Int` property.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - asString: Whether output writes the number as a string.
    ///   - defaultValue: Read when the data has no value that converts. Defaults to `0`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, asString: Bool, defaultValue: Int = 0, serializeForOutput: Bool = true) {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, asString, defaultValue, serializeForOutput,
                                        readsThroughModifier: false) {
            asString
                ? WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.intFromString(), defaultValue: defaultValue, serializeForOutput: serializeForOutput)
                : WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.int(), defaultValue: defaultValue, serializeForOutput: serializeForOutput)
        })
    }
}

extension WrapCodecPropertyWrapper where Value == Int? {
    /// An optional `Int` that output writes as a string (`"2139"`), as `WPOptIntStr` does; nil
    /// when the data has no value that converts.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - asString: Whether output writes the number as a string.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, asString: Bool, serializeForOutput: Bool = true) {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, asString, serializeForOutput,
                                        readsThroughModifier: false) {
            asString
                ? WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.optionalIntFromString(), defaultValue: nil, serializeForOutput: serializeForOutput)
                : WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.optionalInt(), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }
}
