/// An `Int`: integers as they are, doubles rounded, numeric strings parsed. Default 0.
///
/// ```swift
/// let count = WPInt("stats.count")              // {"stats": {"count": 12.6}} reads 13
/// ```
/// Numbers outside `Int`'s range, NaN and infinity read as ``WrapProperty/defaultValue``.
public final class WrapPropertyInt: WrapProperty<Int>, WrapPropertyDefaultValueInit {
    /// The default value when a declaration gives none.
    public static var standardDefault: Int { 0 }

    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to `0`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public override init(_ keyPath: String, defaultValue: Int = 0, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, codec: IntCodec())
    }
}

/// An `Int?`, converted like ``WrapPropertyInt``; nil when absent, `null` or unconvertible.
public final class WrapPropertyOptionalInt: WrapProperty<Int?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput, codec: WrapOptionalCodec(IntCodec()))
    }
}
