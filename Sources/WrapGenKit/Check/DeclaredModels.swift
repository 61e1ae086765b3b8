import WrapModel

/// The classes and enums read back from generated Swift source, for ``ModelChecker``.
struct DeclaredModels {
    struct Property {
        var keyPath: String
        var kind: PropertyKind
        var isOptional: Bool
    }

    /// Properties by class name, in declaration order.
    var classes: [String: [Property]] = [:]
    /// Data values by enum name (exact spelling; the runtime also matches ignoring case).
    var enums: [String: [String]] = [:]
    /// Declaration lines the parser did not recognise, `file:line: text`.
    var unrecognised: [String] = []
}
