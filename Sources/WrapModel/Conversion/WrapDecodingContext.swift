import Foundation

/// What a codec may use while decoding: where the value sits, and where to report problems.
///
/// Outside ``WrapModel/validate()`` and issue observers, reports go nowhere and cost nothing.
///
/// Internally it also carries what the parent *was bound with* (its data, mutability and lock,
/// for submodels and groups) rather than the parent itself, so a property still converts
/// correctly when its model has been released (`Model(json: s)!.name.value`).
public struct WrapDecodingContext {
    let storage: ModelStorage
    let isMutable: Bool
    let lock: WrapModelLock?
    let issues: IssueCollector?

    /// Full key path of the value from the root model (`"order.items[2].price"`).
    public let keyPath: String

    /// True while the model is being validated: decoding must then change nothing outside itself.
    /// (A read while an issue observer listens collects problems too, but is a read.)
    public let isValidating: Bool

    init(storage: ModelStorage, isMutable: Bool, lock: WrapModelLock?, issues: IssueCollector?, keyPath: String,
         isValidating: Bool? = nil) {
        self.storage = storage
        self.isMutable = isMutable
        self.lock = lock
        self.issues = issues
        self.keyPath = keyPath
        self.isValidating = isValidating ?? (issues != nil)
    }

    /// Reports a problem with the value at ``keyPath`` (or `keyPath`, for a value further down).
    /// A codec that reports a problem and returns nil is not also reported as a wrong type.
    public func report(_ kind: WrapModelIssue.Kind, at keyPath: String? = nil) {
        issues?.add(WrapModelIssue(keyPath: keyPath ?? self.keyPath, kind: kind))
    }

    /// The same context for a value further down, at `keyPath`.
    func descending(to keyPath: String) -> WrapDecodingContext {
        WrapDecodingContext(storage: storage, isMutable: isMutable, lock: lock, issues: issues, keyPath: keyPath,
                            isValidating: isValidating)
    }
}
