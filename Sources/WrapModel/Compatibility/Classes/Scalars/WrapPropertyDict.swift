/// A nested object as a `[String: Any]`, untouched. Default `[:]`.
public final class WrapPropertyDict: WrapProperty<[String: Any]>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: [:], serializeForOutput: serializeForOutput, codec: ObjectCodec())
    }
}
