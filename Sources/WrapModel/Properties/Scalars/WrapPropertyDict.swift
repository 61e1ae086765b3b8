/// A nested object as a `[String: Any]`, untouched. Default `[:]`.
public final class WrapPropertyDict: WrapProperty<[String: Any]>, WrapPropertyKeyPathInit {
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: [:], serializeForOutput: serializeForOutput, conversion: Conversions.dictionary)
    }
}
