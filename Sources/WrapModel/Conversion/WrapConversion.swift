import Foundation

/// How a property turns stored data into its value and back. The ~40 named property classes are
/// thin: each only picks one of these.
///
/// A class, shared by every property object that converts the same way: a model creates its
/// property objects on every instantiation, and one reference is cheaper to copy than six closures.
/// Immutable after creation.
final class WrapConversion<Value>: @unchecked Sendable {
    /// What a wrong-typed value should have been, for validation ("integer", "string", …).
    let expected: String
    /// The value for data found at the key path (never `NSNull`), or nil when it does not convert.
    /// A conversion with a more precise complaint than "wrong type" reports it to `context`.
    let decode: (StoredValue, DecodeContext) -> Value?
    /// The data form of a value, or nil for "no value".
    let encode: (Value, OutputContext) -> Any?
    /// For values holding models: copies them into another model tree (a copy of the parent).
    let adopt: ((Value, WrapModel) -> Value)?
    /// True when a value is "no value" (nil optionals), for `hasValue()`.
    let isNoValue: (Value) -> Bool
    /// For values holding models: whether any of them holds a written value.
    let containsMutations: ((Value) -> Bool)?
    /// For values holding models (submodels, groups, model collections): the models' class.
    let modelClass: WrapModel.Type?

    init(expected: String,
         decode: @escaping (StoredValue, DecodeContext) -> Value?,
         encode: @escaping (Value, OutputContext) -> Any?,
         adopt: ((Value, WrapModel) -> Value)? = nil,
         isNoValue: @escaping (Value) -> Bool = { _ in false },
         containsMutations: ((Value) -> Bool)? = nil,
         modelClass: WrapModel.Type? = nil) {
        self.expected = expected
        self.decode = decode
        self.encode = encode
        self.adopt = adopt
        self.isNoValue = isNoValue
        self.containsMutations = containsMutations
        self.modelClass = modelClass
    }
}

/// What a conversion may need while decoding: the parent's data, mutability and lock (for
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
