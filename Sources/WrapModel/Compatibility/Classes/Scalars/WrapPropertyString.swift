/// A `String`; other types read as the default, `""` unless given.
public final class WrapPropertyString: WrapProperty<String>, WrapPropertyDefaultValueInit {
    /// The default value when a declaration gives none.
    public static var standardDefault: String { "" }

    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `defaultValue` is read when the data has no convertible value (default shown);
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public override init(_ keyPath: String, defaultValue: String = "", serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, codec: StringCodec())
    }
}
