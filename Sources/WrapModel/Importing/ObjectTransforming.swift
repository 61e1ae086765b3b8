import WrapModelJSON
/// Applies an entity-level dictionary transformer (Groot's `JSONDictionaryTransformerName`).
enum ObjectTransforming {
    /// The object the transformer named `name` makes of `object`, or the issue kind saying why
    /// there is none (an unregistered name, or a result that is not an object).
    static func apply(_ name: String, to object: [String: Any]) -> Result<[String: Any], ImportProblem> {
        guard let transformer = WrapValueTransformers.transformer(named: name) else { return .failure(ImportProblem(kind: .unknownTransformer(name))) }
        guard let result = transformer.forward(object) else { return .failure(ImportProblem(kind: .wrongType(expected: "object", found: "null"))) }
        guard let transformed = NativeValue.object(result) else {
            return .failure(ImportProblem(kind: .wrongType(expected: "object", found: JSONTypeName.of(result))))
        }
        return .success(transformed)
    }
}
