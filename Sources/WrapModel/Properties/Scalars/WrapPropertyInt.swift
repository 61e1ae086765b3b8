/// An `Int`: integers as they are, doubles rounded, numeric strings parsed. Default 0.
///
/// ```swift
/// let count = WPInt("stats.count")              // {"stats": {"count": 12.6}} reads 13
/// ```
/// Numbers outside `Int`'s range, NaN and infinity read as ``WrapProperty/defaultValue``.
public final class WrapPropertyInt: WrapProperty<Int>, WrapPropertyDefaultValueInit {
    public static var standardDefault: Int { 0 }

    public override init(_ keyPath: String, defaultValue: Int = 0, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, conversion: Conversions.int)
    }
}

/// An `Int?`, converted like ``WrapPropertyInt``; nil when absent, `null` or unconvertible.
public final class WrapPropertyOptionalInt: WrapProperty<Int?>, WrapPropertyKeyPathInit {
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput, conversion: Conversions.optionalInt)
    }
}
