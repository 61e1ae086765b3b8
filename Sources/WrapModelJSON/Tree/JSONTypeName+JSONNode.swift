extension JSONTypeName {
    package static func of(_ node: JSONNode) -> String {
        switch node.kind {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        // As materialised, so JSON-backed and dictionary-backed models describe -0 alike.
        case .number: return JSONTypeName.of(node.materialize())
        case .bool: return "boolean"
        case .null: return "null"
        }
    }
}
