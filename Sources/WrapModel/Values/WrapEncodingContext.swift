import Foundation

/// How output is being written, for codecs whose data form depends on it (submodels do).
public struct WrapEncodingContext {
    var withNulls: Bool
    var forOutput: Bool
    var keepUnmodeledKeys: Bool = false
    /// The lock the caller already holds (read), so nested models of the same tree do not take it again.
    var heldLock: WrapModelLock? = nil
    /// Building a merge patch: properties output leaves out keep their original values (a PATCH
    /// leaves them alone) instead of being removed.
    var forPatch: Bool = false
    /// False for output built only to compare or hash models: `willWriteOutput()` is not called.
    var runsWriteHooks: Bool = true
    /// Set once the hooks of the tree being written ran (before its lock was taken).
    var ranWriteHooks: Bool = false
    /// Write referenced models as nested objects (``WrapOutputOptions/referencesAsObjects``).
    var nestsReferences: Bool = false
    /// With `nestsReferences`: the models whose output is being built, outermost first; a
    /// reference to one of them is written as its identity, so cycles end.
    var modelsBeingWritten: [ObjectIdentifier] = []

    init(withNulls: Bool, forOutput: Bool, keepUnmodeledKeys: Bool = false, heldLock: WrapModelLock? = nil, forPatch: Bool = false) {
        self.withNulls = withNulls
        self.forOutput = forOutput
        self.keepUnmodeledKeys = keepUnmodeledKeys
        self.heldLock = heldLock
        self.forPatch = forPatch
    }

    /// True when `null` is written for values that have none (rather than leaving keys out).
    public var writesNulls: Bool { withNulls }

    /// True when writing output for posting: properties declared not to serialise are left out.
    public var isForOutput: Bool { forOutput }
}
