/// Options for writing a model's current data.
struct OutputContext {
    var withNulls: Bool
    var forOutput: Bool
    var keepUnmodeledKeys: Bool = false
    /// The lock the caller already holds (read), so nested models of the same tree do not take it again.
    var heldLock: WrapModelLock? = nil
    /// Building a merge patch: properties output leaves out keep their original values (a PATCH
    /// leaves them alone) instead of being removed.
    var forPatch: Bool = false
}
