import Foundation

/// An integer as an `NSNumber?` (for code that needs an optional object); written as an `Int`.
public final class WrapPropertyNSNumberInt: WrapProperty<NSNumber?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput, codec: NumberIntCodec())
    }
}

/// A floating-point number as an `NSNumber?`; written as a `Double`.
public final class WrapPropertyNSNumberFloat: WrapProperty<NSNumber?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput, codec: NumberFloatCodec())
    }
}
