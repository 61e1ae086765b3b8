import Foundation

/// Gives every model class the typed import functions: `try Post.importModels(from: body)` is a `[Post]`.
///
/// ``WrapModel`` conforms; there is nothing to implement.
public protocol WrapModelImportable: AnyObject {}

extension WrapModel: WrapModelImportable {}

extension WrapModelImportable where Self: WrapModel {
    /// Models for a JSON array of objects, or for a single JSON object, in one call.
    ///
    /// ```swift
    /// let posts = try Post.importModels(from: body)            // [Post], in the array's order
    /// ```
    /// The bytes are indexed once and every model reads its own object lazily, as
    /// ``init(parsing:mutable:strict:)-(Data,_,_)`` does. A root object gives one model.
    /// To merge objects into existing models by identity, use a ``WrapModelStore``.
    /// A ``WrapPolymorphic`` class creates the subclass it selects for each object, and a
    /// ``WrapObjectTransforming`` class transforms each object first.
    /// The reader is lenient like `JSONSerialization` (it reads what other tools wrote): a leading
    /// byte-order mark and trailing commas are accepted.
    /// - Parameters:
    ///   - json: UTF-8 JSON whose root is an array of objects or an object.
    ///   - mutable: Whether the models' properties may be written. Defaults to `false`.
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)``; ``WrapModelError/notAnObject(found:)``
    ///   when the root is neither an array nor an object; ``WrapModelError/invalidValue(_:)`` with
    ///   key path `[i]` for the first array element that is not an object, or that the class's
    ///   object transformer does not turn into one.
    public static func importModels(from json: Data, mutable: Bool = false) throws(WrapModelError) -> [Self] {
        try importLazily(Self.self, bytes: json, mutable: mutable)
    }

    /// ``importModels(from:mutable:)-(Data,_)`` for JSON text.
    public static func importModels(from json: String, mutable: Bool = false) throws(WrapModelError) -> [Self] {
        try importLazily(Self.self, bytes: Data(json.utf8), mutable: mutable)
    }

    /// Models for an already parsed array of objects (`[Any]` / `NSArray`) or a single object
    /// (`[String: Any]` / `NSDictionary`).
    /// - Throws: ``WrapModelError/notAnObject(found:)`` for another root; ``WrapModelError/invalidValue(_:)``
    ///   with key path `[i]` for the first element that is not an object.
    public static func importModels(fromJSONObject value: Any, mutable: Bool = false) throws(WrapModelError) -> [Self] {
        let input = try ImportInput(value)
        var models: [Self] = []
        models.reserveCapacity(input.elements.count)
        for (index, element) in input.elements.enumerated() {
            guard let object = NativeValue.object(element) else {
                throw .invalidValue(WrapModelIssue(keyPath: "[\(index)]", kind: .wrongType(expected: "object", found: JSONTypeName.of(element))))
            }
            let storage = try transformedStorage(ModelStorage(object), of: Self.self, at: input.prefix(index))
            models.append(wrapping(storage, mutable: mutable))
        }
        return models
    }
}

/// Models over the nodes of one indexed document: nothing is converted until a property is read.
private func importLazily<M: WrapModel>(_ type: M.Type, bytes: Data, mutable: Bool) throws(WrapModelError) -> [M] {
    let root = try JSONInput.document(from: bytes, lenient: true).root
    switch root.kind {
    case .object:
        let storage = try transformedStorage(ModelStorage(node: root), of: M.self, at: "")
        return [ConstructionContext.makeModel(M.self, storage: storage, mutable: mutable, lock: nil)]
    case .array:
        let elements = root.elements
        var models: [M] = []
        models.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard element.kind == .object else {
                throw .invalidValue(WrapModelIssue(keyPath: "[\(index)]", kind: .wrongType(expected: "object", found: JSONTypeName.of(element))))
            }
            let storage = try transformedStorage(ModelStorage(node: element), of: M.self, at: "[\(index)]")
            models.append(ConstructionContext.makeModel(M.self, storage: storage, mutable: mutable, lock: nil))
        }
        return models
    default:
        throw .notAnObject(found: JSONTypeName.of(root))
    }
}

/// `storage`, or for a ``WrapObjectTransforming`` class the object its transformer makes of it.
private func transformedStorage<M: WrapModel>(_ storage: ModelStorage, of _: M.Type, at keyPath: String) throws(WrapModelError) -> ModelStorage {
    guard let name = (M.self as? any WrapObjectTransforming.Type)?.objectTransformerName else { return storage }
    switch ObjectTransforming.apply(name, to: storage.originalData) {
    case .success(let object): return ModelStorage(object)
    case .failure(let problem): throw .invalidValue(WrapModelIssue(keyPath: keyPath, kind: problem.kind))
    }
}

/// Import input reduced to its elements: the array's, or the single root object.
struct ImportInput {
    let elements: [Any]
    /// True when the root was one object (issue key paths then have no `[i]` prefix).
    let isSingleObject: Bool

    init(_ value: Any) throws(WrapModelError) {
        if let object = NativeValue.object(value) {
            elements = [object]
            isSingleObject = true
        } else if let array = NativeValue.array(value) {
            elements = array
            isSingleObject = false
        } else {
            throw .notAnObject(found: JSONTypeName.of(value))
        }
    }

    init(bytes: some ContiguousBytes) throws(WrapModelError) {
        try self.init(JSONInput.value(from: bytes, lenient: true))
    }

    /// The key path prefix of element `index` in issue reports.
    func prefix(_ index: Int) -> String { isSingleObject ? "" : "[\(index)]" }
}
