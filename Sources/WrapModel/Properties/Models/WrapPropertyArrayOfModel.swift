/// An array of objects as submodels; elements that are not objects are dropped (and reported).
public final class WrapPropertyArrayOfModel<T: WrapModel>: WrapProperty<[T]>, WrapPropertyKeyPathInit {
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: [], serializeForOutput: serializeForOutput, conversion: Conversions.modelArray(T.self))
    }
}

/// An optional array of submodels: nil when absent, `null` or not an array.
public final class WrapPropertyOptionalArrayOfModel<T: WrapModel>: WrapProperty<[T]?>, WrapPropertyKeyPathInit {
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   conversion: Conversions.optional(Conversions.modelArray(T.self)))
    }
}
