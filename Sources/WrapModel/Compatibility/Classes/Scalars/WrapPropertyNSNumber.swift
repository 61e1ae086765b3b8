import Foundation

/// An integer as an `NSNumber?` (for code that needs an optional object); written as an `Int`.
public final class WrapPropertyNSNumberInt: WrapProperty<NSNumber?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput, codec: NumberIntCodec())
    }
}

/// A floating-point number as an `NSNumber?`; written as a `Double`.
public final class WrapPropertyNSNumberFloat: WrapProperty<NSNumber?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput, codec: NumberFloatCodec())
    }
}
