/// A `Double` from any number or numeric string. Default 0.
public final class WrapPropertyDouble: WrapProperty<Double>, WrapPropertyDefaultValueInit {
    /// The default value when a declaration gives none.
    public static var standardDefault: Double { 0 }

    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to `0`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public override init(_ keyPath: String, defaultValue: Double = 0, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, codec: DoubleCodec())
    }
}

/// A `Double?`; nil when absent, `null` or not a number.
public final class WrapPropertyOptionalDouble: WrapProperty<Double?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput, codec: WrapOptionalCodec(DoubleCodec()))
    }
}
