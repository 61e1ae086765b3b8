extension WrapCodecPropertyWrapper {
    /// A value converted by the named transformer of ``WrapValueTransformers`` (looked up on each
    /// conversion, so it may be registered after the model is declared); output applies the
    /// transformer's reverse. An unknown name reads the default and is reported.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - transformer: The registered transformer's name.
    ///   - defaultValue: Read when the data has no value or the transformer gives none of type `Value`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init(_ keyPath: String? = nil, transformer: String, defaultValue: Value, serializeForOutput: Bool = true) {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, transformer, defaultValue, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.transformer(transformer, Value.self), defaultValue: defaultValue, serializeForOutput: serializeForOutput)
        })
    }

    /// An optional value converted by the named transformer; nil when the transformer gives none.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data. Defaults to the
    ///     property's name, converted by the class's ``WrapModel/keyNaming``.
    ///   - transformer: The registered transformer's name.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<Wrapped>(_ keyPath: String? = nil, transformer: String, serializeForOutput: Bool = true) where Value == Wrapped?  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, transformer, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.optionalTransformer(transformer, Wrapped.self), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }
}
