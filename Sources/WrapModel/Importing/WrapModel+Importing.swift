import Foundation
import WrapModelJSON

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
    /// The bytes are indexed once and every model reads its own object lazily. A root object
    /// gives one model. `[Post](parsing: body, lenient: true)` reads the same; without
    /// `lenient` it reads strict RFC 8259 JSON whose root must be an array.
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
    /// - Parameters:
    ///   - json: JSON text: an array of objects, or one object.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    /// - Throws: As ``importModels(from:mutable:)-(Data,_)``.
    public static func importModels(from json: String, mutable: Bool = false) throws(WrapModelError) -> [Self] {
        try importLazily(Self.self, bytes: Data(json.utf8), mutable: mutable)
    }

    /// Models for an already parsed array of objects (`[Any]` / `NSArray`) or a single object
    /// (`[String: Any]` / `NSDictionary`).
    /// - Throws: ``WrapModelError/notAnObject(found:)`` for another root; ``WrapModelError/invalidValue(_:)``
    ///   with key path `[i]` for the first element that is not an object.
    /// - Parameters:
    ///   - value: An array of objects or one object, as `JSONSerialization` returns them.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
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

extension Array where Element: WrapModel {
    /// Parses `json`, whose root is an array of objects, into one model per element, in order:
    /// the array counterpart of ``WrapModel/init(parsing:mutable:strict:)-(Data,_,_)``.
    ///
    /// ```swift
    /// let customers = try [Customer](parsing: body)
    /// ```
    /// The bytes are indexed once and each model reads its own object lazily. A
    /// ``WrapPolymorphic`` class creates the subclass it selects for each object, and a
    /// ``WrapObjectTransforming`` class transforms each object first.
    /// - Parameters:
    ///   - json: UTF-8 JSON whose root is an array of objects.
    ///   - mutable: Whether the models' properties may be written. Defaults to `false`.
    ///   - strict: Also throw for the first invalid value ``WrapModel/validate()`` finds in any
    ///     element (other than a missing one), its key path starting `[i].`. Defaults to `false`.
    ///   - lenient: Read as ``WrapModelImportable/importModels(from:mutable:)-(Data,_)`` reads:
    ///     what `JSONSerialization` accepts (a leading byte order mark, trailing commas), and a
    ///     root object as an array of that one object. Defaults to `false`: strict RFC 8259, and
    ///     the root must be an array.
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)`` with the byte offset;
    ///   ``WrapModelError/invalidValue(_:)`` at `<root>` when the root is not an array (unless
    ///   `lenient` and it is an object), at `[i]` for the first element that is not an object,
    ///   and in strict mode at the first invalid value; ``WrapModelError/unsupportedVersion(found:current:)``
    ///   for an element of a newer model version.
    public init(parsing json: Data, mutable: Bool = false, strict: Bool = false, lenient: Bool = false) throws(WrapModelError) {
        let models = try importLazily(Element.self, bytes: json, mutable: mutable, lenient: lenient)
        for (index, model) in models.enumerated() {
            do throws(WrapModelError) {
                try model.checkParsedModel(strict: strict)
            } catch .invalidValue(let issue) {
                let keyPath = issue.keyPath.isEmpty ? "[\(index)]" : "[\(index)].\(issue.keyPath)"
                throw .invalidValue(WrapModelIssue(keyPath: keyPath, kind: issue.kind))
            }
        }
        self = models
    }

    /// ``init(parsing:mutable:strict:lenient:)-(Data,_,_,_)`` for JSON text.
    /// - Throws: As ``init(parsing:mutable:strict:lenient:)-(Data,_,_,_)``.
    /// - Parameters:
    ///   - json: JSON text whose root is an array of objects.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Whether a value of the wrong type throws `WrapModelError.invalidValue` instead of reading as the property's default. Defaults to `false`.
    ///   - lenient: Read as ``WrapModelImportable/importModels(from:mutable:)-(Data,_)`` reads: JSONSerialization's syntax, and a root object as an array of one. Defaults to `false`.
    public init(parsing json: String, mutable: Bool = false, strict: Bool = false, lenient: Bool = false) throws(WrapModelError) {
        try self.init(parsing: Data(json.utf8), mutable: mutable, strict: strict, lenient: lenient)
    }
}

/// Models over the nodes of one indexed document: nothing is converted until a property is read.
/// `lenient`: `JSONSerialization`'s syntax, and a root object as one model; otherwise strict
/// RFC 8259 and an array root.
private func importLazily<M: WrapModel>(_ type: M.Type, bytes: Data, mutable: Bool, lenient: Bool = true) throws(WrapModelError) -> [M] {
    let root = try JSONInput.document(from: bytes, lenient: lenient).root
    switch root.kind {
    case .object where !lenient:
        throw .invalidValue(WrapModelIssue(keyPath: "", kind: .wrongType(expected: "array", found: "object")))
    case .object:
        let storage = try transformedStorage(ModelStorage(node: root), of: M.self, at: "")
        return [M.make(over: storage, mutable: mutable, lock: nil)]
    case .array:
        let elements = root.elements
        var models: [M] = []
        models.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard element.kind == .object else {
                throw .invalidValue(WrapModelIssue(keyPath: "[\(index)]", kind: .wrongType(expected: "object", found: JSONTypeName.of(element))))
            }
            let storage = try transformedStorage(ModelStorage(node: element), of: M.self, at: "[\(index)]")
            models.append(M.make(over: storage, mutable: mutable, lock: nil))
        }
        return models
    default:
        if !lenient { throw .invalidValue(WrapModelIssue(keyPath: "", kind: .wrongType(expected: "array", found: JSONTypeName.of(root)))) }
        throw .notAnObject(found: JSONTypeName.of(root))
    }
}

/// `storage`, or for a ``WrapObjectTransforming`` class the object its transformer makes of it.
private func transformedStorage<M: WrapModel>(_ storage: ModelStorage, of _: M.Type, at keyPath: String) throws(WrapModelError) -> ModelStorage {
    guard let name = (M.self as? any WrapObjectTransforming.Type)?.objectTransformerName else { return storage }
    switch WrapValueTransformers.transformObject(storage.originalData, named: name) {
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
