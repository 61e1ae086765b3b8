import Foundation

/// How output is being written, for codecs whose data form depends on it (submodels do).
public struct WrapEncodingContext {
    let base: OutputContext

    init(_ base: OutputContext) { self.base = base }

    /// True when `null` is written for values that have none (rather than leaving keys out).
    public var writesNulls: Bool { base.withNulls }

    /// True when writing output for posting: properties declared not to serialise are left out.
    public var isForOutput: Bool { base.forOutput }
}
