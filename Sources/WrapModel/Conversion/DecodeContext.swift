import Foundation

/// What a codec may need while decoding: the parent's data, mutability and lock (for
/// submodels and groups) and, during validation, where to report problems.
///
/// It carries what the parent *was bound with* rather than the parent itself, so a property
/// still converts correctly when its model has been released (`Model(json: s)!.name.value`).
struct DecodeContext {
    let storage: ModelStorage
    let isMutable: Bool
    let lock: WrapModelLock?
    let issues: IssueCollector?
    /// Full key path of the value from the root model, for issue reports.
    let keyPath: String

    /// The same context for a value further down, at `keyPath`.
    func descending(to keyPath: String) -> DecodeContext {
        DecodeContext(storage: storage, isMutable: isMutable, lock: lock, issues: issues, keyPath: keyPath)
    }

    func report(_ kind: WrapModelIssue.Kind, at path: String? = nil) {
        issues?.add(WrapModelIssue(keyPath: path ?? keyPath, kind: kind))
    }
}
