import Foundation

/// What a codec may use while decoding: where the value sits, and where to report problems.
///
/// Outside ``WrapModel/validate()`` and issue observers, reports go nowhere and cost nothing.
public struct WrapDecodingContext {
    let base: DecodeContext

    init(_ base: DecodeContext) { self.base = base }

    /// Full key path of the value from the root model (`"order.items[2].price"`).
    public var keyPath: String { base.keyPath }

    /// True while the model is being validated: decoding must then change nothing outside itself.
    public var isValidating: Bool { base.issues != nil }

    /// Reports a problem with the value at ``keyPath`` (or `keyPath`, for a value further down).
    /// A codec that reports a problem and returns nil is not also reported as a wrong type.
    public func report(_ kind: WrapModelIssue.Kind, at keyPath: String? = nil) {
        base.report(kind, at: keyPath)
    }
}
