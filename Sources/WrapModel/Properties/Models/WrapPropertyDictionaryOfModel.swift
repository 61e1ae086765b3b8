/// An object of objects as `[String: T]`; `null` entries are skipped, other non-objects dropped.
public final class WrapPropertyDictionaryOfModel<T: WrapModel>: WrapProperty<[String: T]>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: [:], serializeForOutput: serializeForOutput, conversion: ConversionCache.shared("modelDictionary", T.self) { Conversions.modelDictionary(T.self) })
    }
}

/// An optional dictionary of submodels: nil when absent, `null` or not an object.
public final class WrapPropertyOptionalDictionaryOfModel<T: WrapModel>: WrapProperty<[String: T]?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   conversion: ConversionCache.shared("optionalModelDictionary", T.self) { Conversions.optional(Conversions.modelDictionary(T.self)) })
    }
}

/// An object of arrays of objects as `[String: [T]]`.
public final class WrapPropertyDictionaryOfArrayOfModel<T: WrapModel>: WrapProperty<[String: [T]]>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: [:], serializeForOutput: serializeForOutput,
                   conversion: ConversionCache.shared("modelArrayDictionary", T.self) { Conversions.modelArrayDictionary(T.self) })
    }
}

/// An optional dictionary of arrays of submodels: nil when absent, `null` or not an object.
public final class WrapPropertyOptionalDictionaryOfArrayOfModel<T: WrapModel>: WrapProperty<[String: [T]]?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   conversion: ConversionCache.shared("optionalModelArrayDictionary", T.self) {
                       Conversions.optional(Conversions.modelArrayDictionary(T.self))
                   })
    }
}
