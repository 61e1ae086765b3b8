/// An `Int` that the data may hold as a number or a numeric string, always written as a string.
///
/// ```swift
/// let zip = WPIntStr("zip")                      // {"zip": "02139"} reads 2139, writes "2139"
/// ```
public final class WrapPropertyIntFromString: WrapProperty<Int>, WrapPropertyDefaultValueInit {
    /// The default value when a declaration gives none.
    public static var standardDefault: Int { 0 }

    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to `0`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public override init(_ keyPath: String, defaultValue: Int = 0, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, codec: IntFromStringCodec())
    }
}

/// An `Int?` read like ``WrapPropertyIntFromString``; nil when absent, `null` or unconvertible.
public final class WrapPropertyOptionalIntFromString: WrapProperty<Int?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   codec: WrapOptionalCodec(IntFromStringCodec()))
    }
}
