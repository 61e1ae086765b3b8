/// Property classes created from a key path and an optional default value.
///
/// The property wrappers build their initialisers on these protocols, so one initialiser serves
/// every property class of the same shape.
public protocol WrapPropertyDefaultValueInit: AnyObject {
    associatedtype Value
    /// The default value when the declaration gives none (`0`, `""`, `[]`, …).
    static var standardDefault: Value { get }
    init(_ keyPath: String, defaultValue: Value, serializeForOutput: Bool)
}

/// Property classes created from a key path alone (their default is fixed: nil, `[]` or `[:]`).
public protocol WrapPropertyKeyPathInit: AnyObject {
    init(_ keyPath: String, serializeForOutput: Bool)
}
