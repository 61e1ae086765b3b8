/// An object of objects as `[String: T]`; `null` entries are skipped, other non-objects dropped.
public final class WrapPropertyDictionaryOfModel<T: WrapModel>: WrapProperty<[String: T]>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            Self.describe($0, keyPath, codec: ModelDictionaryCodec<T>(), defaultValue: [:], serializeForOutput: serializeForOutput)
        }
    }
}

/// An optional dictionary of submodels: nil when absent, `null` or not an object.
public final class WrapPropertyOptionalDictionaryOfModel<T: WrapModel>: WrapProperty<[String: T]?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            Self.describe($0, keyPath, codec: WrapOptionalCodec(ModelDictionaryCodec<T>()), defaultValue: nil,
                          serializeForOutput: serializeForOutput)
        }
    }
}

/// An object of arrays of objects as `[String: [T]]`.
public final class WrapPropertyDictionaryOfArrayOfModel<T: WrapModel>: WrapProperty<[String: [T]]>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            Self.describe($0, keyPath, codec: ModelArrayDictionaryCodec<T>(), defaultValue: [:], serializeForOutput: serializeForOutput)
        }
    }
}

/// An optional dictionary of arrays of submodels: nil when absent, `null` or not an object.
public final class WrapPropertyOptionalDictionaryOfArrayOfModel<T: WrapModel>: WrapProperty<[String: [T]]?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            Self.describe($0, keyPath, codec: WrapOptionalCodec(ModelArrayDictionaryCodec<T>()), defaultValue: nil,
                          serializeForOutput: serializeForOutput)
        }
    }
}
