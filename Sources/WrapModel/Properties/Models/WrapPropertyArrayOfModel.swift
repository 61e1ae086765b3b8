/// An array of objects as submodels; elements that are not objects are dropped (and reported).
public final class WrapPropertyArrayOfModel<T: WrapModel>: WrapProperty<[T]>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: [], serializeForOutput: serializeForOutput, conversion: ConversionCache.shared("modelArray", T.self) { Conversions.modelArray(T.self) })
    }
}

/// An optional array of submodels: nil when absent, `null` or not an array.
public final class WrapPropertyOptionalArrayOfModel<T: WrapModel>: WrapProperty<[T]?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   conversion: ConversionCache.shared("optionalModelArray", T.self) { Conversions.optional(Conversions.modelArray(T.self)) })
    }
}
