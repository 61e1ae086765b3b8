import Foundation
import WrapModelJSON

/// Opts a model class into an entity-level dictionary transformer (Groot's
/// `JSONDictionaryTransformerName`): a named transformer applied to each whole object before the
/// class or a store of it imports the object.
///
/// ```swift
/// WrapValueTransformers.register(name: "unwrapEnvelope") { object in
///     (object as? [String: Any])?["payload"]
/// }
/// final class Event: WrapModel, WrapObjectTransforming, NonisolatedModel, @unchecked Sendable {
///     static var objectTransformerName: String { "unwrapEnvelope" }
///     @Property("id") var id: Int
/// }
/// let events = try Event.importModels(from: #"[{"payload": {"id": 1}}]"#)   // events[0].id == 1
/// ```
/// The transformer's `forward` receives the object as a `[String: Any]` and must return an object
/// (`[String: Any]`). ``WrapModelImportable/importModels(from:mutable:)-(Data,_)`` throws
/// ``WrapModelError/invalidValue(_:)`` for an element it cannot transform (an unregistered
/// name, or a result that is not an object); a ``WrapModelStore`` reports it in
/// ``WrapModelStore/ImportResult/issues`` and goes on. Models created any other way (initialisers,
/// submodels, persistence) see the data as it is.
public protocol WrapObjectTransforming: WrapModel {
    /// The name of the registered ``WrapValueTransformer`` to apply.
    static var objectTransformerName: String { get }
}

extension WrapValueTransformers {
    /// The object the entity-level transformer named `name` (a ``WrapObjectTransforming`` class's)
    /// makes of `object`, or the issue kind saying why
    /// there is none (an unregistered name, or a result that is not an object).
    static func transformObject(_ object: [String: Any], named name: String) -> Result<[String: Any], ImportProblem> {
        guard let transformer = WrapValueTransformers.transformer(named: name) else { return .failure(ImportProblem(kind: .unknownTransformer(name))) }
        guard let result = transformer.forward(object) else { return .failure(ImportProblem(kind: .wrongType(expected: "object", found: "null"))) }
        guard let transformed = NativeValue.object(result) else {
            return .failure(ImportProblem(kind: .wrongType(expected: "object", found: JSONTypeName.of(result))))
        }
        return .success(transformed)
    }
}
