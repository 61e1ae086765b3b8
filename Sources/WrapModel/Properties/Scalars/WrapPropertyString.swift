/// A `String`; other types read as the default, `""` unless given.
public final class WrapPropertyString: WrapProperty<String>, WrapPropertyDefaultValueInit {
    public static var standardDefault: String { "" }

    public override init(_ keyPath: String, defaultValue: String = "", serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, conversion: Conversions.string)
    }
}
