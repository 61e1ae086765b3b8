/// An array of objects as submodels; elements that are not objects are dropped (and reported).
public final class WrapPropertyArrayOfModel<T: WrapModel>: WrapProperty<[T]>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            Self.describe($0, keyPath, codec: ModelArrayCodec<T>(), defaultValue: [], serializeForOutput: serializeForOutput)
        }
    }
}

/// An optional array of submodels: nil when absent, `null` or not an array.
public final class WrapPropertyOptionalArrayOfModel<T: WrapModel>: WrapProperty<[T]?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            Self.describe($0, keyPath, codec: WrapOptionalCodec(ModelArrayCodec<T>()), defaultValue: nil,
                          serializeForOutput: serializeForOutput)
        }
    }
}
