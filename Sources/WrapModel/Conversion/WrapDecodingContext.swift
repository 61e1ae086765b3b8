import Foundation

/// What a codec may use while decoding: where the value sits, and where to report problems.
///
/// Outside ``WrapModel/validate()`` and issue observers, reports go nowhere and cost nothing.
///
/// Internally it also carries what the parent *was bound with* (its data, mutability and lock,
/// for submodels and groups) rather than the parent itself, so a property still converts
/// correctly when its model has been released (`Model(json: s)!.name.value`).
public struct WrapDecodingContext {
    /// The data being read, unretained: a context lives only for the conversion it is made for,
    /// whose model holds the data (and making one is part of every first read).
    let storageReference: Unmanaged<ModelStorage>
    var storage: ModelStorage { storageReference.takeUnretainedValue() }
    let isMutable: Bool
    /// The slots whose tree's lock submodels share, passed only where values are models: the
    /// lock is made when a submodel first asks for it (see ``lock``), not for every conversion.
    let lockSource: ModelSlots?
    let issues: IssueCollector?

    /// Full key path of the value from the root model (`"order.items[2].price"`).
    public let keyPath: String

    /// True while the model is being validated: decoding must then change nothing outside itself.
    /// (A read while an issue observer listens collects problems too, but is a read.)
    public let isValidating: Bool

    init(storage: Unmanaged<ModelStorage>, isMutable: Bool, lockSource: ModelSlots?, issues: IssueCollector?, keyPath: String,
         isValidating: Bool? = nil) {
        self.storageReference = storage
        self.isMutable = isMutable
        self.lockSource = lockSource
        self.issues = issues
        self.keyPath = keyPath
        self.isValidating = isValidating ?? (issues != nil)
    }

    /// The lock of the tree the value belongs to, for the submodels it holds (created now if the
    /// tree has none yet).
    var lock: WrapModelLock? { lockSource?.lock }

    /// Reports a problem with the value at ``keyPath`` (or `keyPath`, for a value further down).
    /// A codec that reports a problem and returns nil is not also reported as a wrong type.
    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - keyPath: The full key path of a value further down than the one being converted; nil
    ///     (the default) means that value's own ``keyPath``.
    public func report(_ kind: WrapModelIssue.Kind, at keyPath: String? = nil) {
        issues?.add(WrapModelIssue(keyPath: keyPath ?? self.keyPath, kind: kind))
    }

    /// The same context for a value further down, at `keyPath`.
    func descending(to keyPath: String) -> WrapDecodingContext {
        WrapDecodingContext(storage: storageReference, isMutable: isMutable, lockSource: lockSource, issues: issues, keyPath: keyPath,
                            isValidating: isValidating)
    }
}
