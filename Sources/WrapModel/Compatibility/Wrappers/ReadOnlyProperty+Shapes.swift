import Foundation

// Initialisers for the property classes whose arguments go beyond a key path and a default value.
// Each forwards to the property class's own initialiser; see that class for what the arguments mean.

extension ReadOnlyProperty where Source == WrapPropertyBool {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    @inlinable
    public init(_ keyPath: String, boolType: WrapPropertyBoolOutputType = .boolean, defaultValue: Bool = false,
                serializeForOutput: Bool = true, modifier: ((Bool) -> Bool)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, boolType, defaultValue, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { WrapPropertyBool(keyPath, boolType: boolType, defaultValue: defaultValue, serializeForOutput: serializeForOutput) }
        }
    }
}

extension ReadOnlyProperty where Value: WrapConvertibleEnum, Source == WrapPropertyConvertibleEnum<Value> {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    @inlinable
    public init(_ keyPath: String, defaultEnum: Value, serializeForOutput: Bool = true, modifier: ((Value) -> Value)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, defaultEnum, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { WrapPropertyConvertibleEnum(keyPath, defaultEnum: defaultEnum, serializeForOutput: serializeForOutput) }
        }
    }
}

extension ReadOnlyProperty where Value: WrapConvertibleEnum, Source == WrapPropertyUnknownEnum<Value> {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    @inlinable
    public init(_ keyPath: String, unknown: Value, serializeForOutput: Bool = true, modifier: ((Value) -> Value)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, unknown, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { WrapPropertyUnknownEnum(keyPath, unknown: unknown, serializeForOutput: serializeForOutput) }
        }
    }
}

extension ReadOnlyProperty {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    @inlinable
    public init<M: WrapModel>(_ keyPath: String, embedPath: String? = nil, serializeForOutput: Bool = true,
                              modifier: (([M]) -> [M])? = nil) where Source == WrapPropertyArrayOfEmbeddedModel<M> {
        declaration = .declare(Self.self, #line as UInt, keyPath, embedPath, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { WrapPropertyArrayOfEmbeddedModel(keyPath, embedPath: embedPath, serializeForOutput: serializeForOutput) }
        }
    }

    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    @inlinable
    public init<M: WrapModel>(_ keyPath: String, embedPath: String? = nil, serializeForOutput: Bool = true,
                              modifier: (([M]?) -> [M]?)? = nil) where Source == WrapPropertyOptionalArrayOfEmbeddedModel<M> {
        declaration = .declare(Self.self, #line as UInt, keyPath, embedPath, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { WrapPropertyOptionalArrayOfEmbeddedModel(keyPath, embedPath: embedPath, serializeForOutput: serializeForOutput) }
        }
    }
}

extension ReadOnlyProperty where Value: WrapModel, Source == WrapPropertyGroup<Value> {
    /// A group: a model over the parent's own dictionary level.
    @inlinable
    public init() {
        declaration = .declare(Self.self, #line as UInt, readsThroughModifier: false) {
            WrapDeclaration.named($0, readModifier: nil, writeModifier: nil) { WrapPropertyGroup<Value>() }
        }
    }
}

extension ReadOnlyProperty where Source == WrapPropertyDate {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    @inlinable
    public init(_ keyPath: String, dateType: WrapPropertyDate.DateOutputType, serializeForOutput: Bool = true,
                modifier: ((Date?) -> Date?)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, dateType, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { WrapPropertyDate(keyPath, dateType: dateType, serializeForOutput: serializeForOutput) }
        }
    }
}

extension ReadOnlyProperty where Source == WrapPropertyDateISO8601 {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    @inlinable
    public init(_ keyPath: String, options: ISO8601DateFormatter.Options?, serializeForOutput: Bool = true,
                modifier: ((Date?) -> Date?)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, options, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { WrapPropertyDateISO8601(keyPath, options: options, serializeForOutput: serializeForOutput) }
        }
    }
}

extension ReadOnlyProperty where Source == WrapPropertyDateFormatted {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    @inlinable
    public init(_ keyPath: String, dateFormatString: String, serializeForOutput: Bool = true,
                modifier: ((Date?) -> Date?)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, dateFormatString, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { WrapPropertyDateFormatted(keyPath, dateFormatString: dateFormatString, serializeForOutput: serializeForOutput) }
        }
    }
}
