/// An optional value of any type: nil when absent, `null` or of another type.
///
/// ```swift
/// let nickname = WPOpt<String>("nickname")        // also spelled WPOptStr
/// ```
/// `Int`, `Double`, `Float`, `Bool` and `String` values convert as their named properties do
/// (``WrapPropertyInt`` …); any other type is read with `as?`.
public final class WrapPropertyOptional<T>: WrapProperty<T?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            Self.describe($0, keyPath, codec: WrapOptionalCodec(NaturalCodec<T>()), defaultValue: nil, serializeForOutput: serializeForOutput)
        }
    }
}
