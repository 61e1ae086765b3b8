/// A `Float`, read through `Double` and written back as a `Double` (of the `Float`'s shortest
/// decimal form, so `0.1` stays `0.1`). Default 0.
public final class WrapPropertyFloat: WrapProperty<Float>, WrapPropertyDefaultValueInit {
    /// The default value when a declaration gives none.
    public static var standardDefault: Float { 0 }

    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to `0`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public override init(_ keyPath: String, defaultValue: Float = 0, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, codec: FloatCodec())
    }
}
