extension WrapCodecPropertyWrapper {
    /// A property of a ``WrapCodable`` type with a natural default that, when `transient`, no
    /// output or persistence writes (see ``WrapPropertyBase/transient()``):
    ///
    /// ```swift
    /// @MutProperty("draft", transient: true) var draft: String?
    /// ```
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transient: Whether the value lives in the model only.
    public init(_ keyPath: String, transient: Bool) where Value: WrapCodable & WrapDefaultable {
        let property = WrapProperty(keyPath, defaultValue: Value.wrapDefaultValue, serializeForOutput: true, codec: Value.wrapCodec)
        property.transientFlag = transient
        self.init(wrapping: property)
    }

    /// A property of a ``WrapCodable`` type with the given default that, when `transient`, no
    /// output or persistence writes (see ``WrapPropertyBase/transient()``).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no value, `null`, or one that does not convert.
    ///   - transient: Whether the value lives in the model only.
    public init(_ keyPath: String, defaultValue: Value, transient: Bool) where Value: WrapCodable {
        let property = WrapProperty(keyPath, defaultValue: defaultValue, serializeForOutput: true, codec: Value.wrapCodec)
        property.transientFlag = transient
        self.init(wrapping: property)
    }
}
