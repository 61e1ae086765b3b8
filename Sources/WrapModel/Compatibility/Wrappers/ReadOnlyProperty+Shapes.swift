import Foundation

// Initialisers for the property classes whose arguments go beyond a key path and a default value.
// Each forwards to the property class's own initialiser; see that class for what the arguments mean.

extension ReadOnlyProperty where Source == WrapPropertyBool {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    public init(_ keyPath: String, boolType: WrapPropertyBoolOutputType = .boolean, defaultValue: Bool = false,
                serializeForOutput: Bool = true, modifier: ((Bool) -> Bool)? = nil) {
        self.init(WrapPropertyBool(keyPath, boolType: boolType, defaultValue: defaultValue, serializeForOutput: serializeForOutput),
                  modifier: modifier)
    }
}

extension ReadOnlyProperty where Value: WrapConvertibleEnum, Source == WrapPropertyConvertibleEnum<Value> {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    public init(_ keyPath: String, defaultEnum: Value, serializeForOutput: Bool = true, modifier: ((Value) -> Value)? = nil) {
        self.init(WrapPropertyConvertibleEnum(keyPath, defaultEnum: defaultEnum, serializeForOutput: serializeForOutput), modifier: modifier)
    }
}

extension ReadOnlyProperty where Value: WrapConvertibleEnum, Source == WrapPropertyUnknownEnum<Value> {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    public init(_ keyPath: String, unknown: Value, serializeForOutput: Bool = true, modifier: ((Value) -> Value)? = nil) {
        self.init(WrapPropertyUnknownEnum(keyPath, unknown: unknown, serializeForOutput: serializeForOutput), modifier: modifier)
    }
}

extension ReadOnlyProperty {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    public init<M: WrapModel>(_ keyPath: String, embedPath: String? = nil, serializeForOutput: Bool = true,
                              modifier: (([M]) -> [M])? = nil) where Source == WrapPropertyArrayOfEmbeddedModel<M> {
        self.init(WrapPropertyArrayOfEmbeddedModel(keyPath, embedPath: embedPath, serializeForOutput: serializeForOutput), modifier: modifier)
    }

    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    public init<M: WrapModel>(_ keyPath: String, embedPath: String? = nil, serializeForOutput: Bool = true,
                              modifier: (([M]?) -> [M]?)? = nil) where Source == WrapPropertyOptionalArrayOfEmbeddedModel<M> {
        self.init(WrapPropertyOptionalArrayOfEmbeddedModel(keyPath, embedPath: embedPath, serializeForOutput: serializeForOutput),
                  modifier: modifier)
    }
}

extension ReadOnlyProperty where Value: WrapModel, Source == WrapPropertyGroup<Value> {
    /// A group: a model over the parent's own dictionary level.
    public init() {
        self.init(WrapPropertyGroup<Value>())
    }
}

extension ReadOnlyProperty where Source == WrapPropertyDate {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    public init(_ keyPath: String, dateType: WrapPropertyDate.DateOutputType, serializeForOutput: Bool = true,
                modifier: ((Date?) -> Date?)? = nil) {
        self.init(WrapPropertyDate(keyPath, dateType: dateType, serializeForOutput: serializeForOutput), modifier: modifier)
    }
}

extension ReadOnlyProperty where Source == WrapPropertyDateISO8601 {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    public init(_ keyPath: String, options: ISO8601DateFormatter.Options?, serializeForOutput: Bool = true,
                modifier: ((Date?) -> Date?)? = nil) {
        self.init(WrapPropertyDateISO8601(keyPath, options: options, serializeForOutput: serializeForOutput), modifier: modifier)
    }
}

extension ReadOnlyProperty where Source == WrapPropertyDateFormatted {
    /// A wrapper over a new property object, created with these arguments (see the property
    /// class for what they mean and their defaults); modifiers are applied on read (and write).
    public init(_ keyPath: String, dateFormatString: String, serializeForOutput: Bool = true,
                modifier: ((Date?) -> Date?)? = nil) {
        self.init(WrapPropertyDateFormatted(keyPath, dateFormatString: dateFormatString, serializeForOutput: serializeForOutput),
                  modifier: modifier)
    }
}
