/// A `Double` from any number or numeric string. Default 0.
public final class WrapPropertyDouble: WrapProperty<Double>, WrapPropertyDefaultValueInit {
    public static var standardDefault: Double { 0 }

    public override init(_ keyPath: String, defaultValue: Double = 0, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, conversion: Conversions.double)
    }
}

/// A `Double?`; nil when absent, `null` or not a number.
public final class WrapPropertyOptionalDouble: WrapProperty<Double?>, WrapPropertyKeyPathInit {
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput, conversion: Conversions.optionalDouble)
    }
}
