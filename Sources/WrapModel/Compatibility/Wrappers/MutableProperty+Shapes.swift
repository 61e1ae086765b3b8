import Foundation

// Initialisers for the property classes whose arguments go beyond a key path and a default value.
// Each forwards to the property class's own initialiser; see that class for what the arguments mean.

extension MutableProperty where Source == WrapPropertyBool {
    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - boolType: How output writes the value. Defaults to `.boolean`.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to `false`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, boolType: WrapPropertyBoolOutputType = .boolean, defaultValue: Bool = false,
                serializeForOutput: Bool = true, getModifier: ((Bool) -> Bool)? = nil,
                setModifier: ((Bool) -> Bool)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, boolType, defaultValue, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { WrapPropertyBool(keyPath, boolType: boolType, defaultValue: defaultValue, serializeForOutput: serializeForOutput) }
        }
    }
}

extension MutableProperty where Value: WrapConvertibleEnum, Source == WrapPropertyConvertibleEnum<Value> {
    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultEnum: Read when the data has no known value.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, defaultEnum: Value, serializeForOutput: Bool = true, getModifier: ((Value) -> Value)? = nil,
                setModifier: ((Value) -> Value)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, defaultEnum, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { WrapPropertyConvertibleEnum(keyPath, defaultEnum: defaultEnum, serializeForOutput: serializeForOutput) }
        }
    }
}

extension MutableProperty where Value: WrapConvertibleEnum, Source == WrapPropertyUnknownEnum<Value> {
    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - unknown: The case that stands for no value: read when absent, never written.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, unknown: Value, serializeForOutput: Bool = true, getModifier: ((Value) -> Value)? = nil,
                setModifier: ((Value) -> Value)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, unknown, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { WrapPropertyUnknownEnum(keyPath, unknown: unknown, serializeForOutput: serializeForOutput) }
        }
    }
}

extension MutableProperty {
    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - embedPath: Where each element holds its model's object; nil: the element itself. Defaults to nil.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String, embedPath: String? = nil, serializeForOutput: Bool = true,
                              getModifier: (([M]) -> [M])? = nil,
                setModifier: (([M]) -> [M])? = nil) where Source == WrapPropertyArrayOfEmbeddedModel<M> {
        declaration = .declare(Self.self, #line as UInt, keyPath, embedPath, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { WrapPropertyArrayOfEmbeddedModel(keyPath, embedPath: embedPath, serializeForOutput: serializeForOutput) }
        }
    }

    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - embedPath: Where each element holds its model's object; nil: the element itself. Defaults to nil.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String, embedPath: String? = nil, serializeForOutput: Bool = true,
                              getModifier: (([M]?) -> [M]?)? = nil,
                setModifier: (([M]?) -> [M]?)? = nil) where Source == WrapPropertyOptionalArrayOfEmbeddedModel<M> {
        declaration = .declare(Self.self, #line as UInt, keyPath, embedPath, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { WrapPropertyOptionalArrayOfEmbeddedModel(keyPath, embedPath: embedPath, serializeForOutput: serializeForOutput) }
        }
    }

}

extension MutableProperty where Source == WrapPropertyDate {
    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - dateType: The format tried first when reading, and always used when writing.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, dateType: WrapPropertyDate.DateOutputType, serializeForOutput: Bool = true,
                getModifier: ((Date?) -> Date?)? = nil,
                setModifier: ((Date?) -> Date?)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, dateType, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { WrapPropertyDate(keyPath, dateType: dateType, serializeForOutput: serializeForOutput) }
        }
    }
}

extension MutableProperty where Source == WrapPropertyDateISO8601 {
    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - options: The `ISO8601DateFormatter` options; nil means internet date-time.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, options: ISO8601DateFormatter.Options?, serializeForOutput: Bool = true,
                getModifier: ((Date?) -> Date?)? = nil,
                setModifier: ((Date?) -> Date?)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, options, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { WrapPropertyDateISO8601(keyPath, options: options, serializeForOutput: serializeForOutput) }
        }
    }
}

extension MutableProperty where Source == WrapPropertyDateFormatted {
    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - dateFormatString: A `DateFormatter` pattern (locale `en_US_POSIX`, time zone UTC).
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, dateFormatString: String, serializeForOutput: Bool = true,
                getModifier: ((Date?) -> Date?)? = nil,
                setModifier: ((Date?) -> Date?)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, dateFormatString, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { WrapPropertyDateFormatted(keyPath, dateFormatString: dateFormatString, serializeForOutput: serializeForOutput) }
        }
    }
}
