/// Property classes created from a key path and an optional default value.
///
/// The property wrappers build their initialisers on these protocols, so one initialiser serves
/// every property class of the same shape.
public protocol WrapPropertyDefaultValueInit: AnyObject {
    /// The type of the property's value.
    associatedtype Value
    /// The default value when the declaration gives none (`0`, `""`, `[]`, …).
    static var standardDefault: Value { get }
    /// Creates the property for the value at `keyPath`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no convertible value.
    ///   - serializeForOutput: Whether output for posting includes it.
    init(_ keyPath: String, defaultValue: Value, serializeForOutput: Bool)
}

/// Property classes created from a key path alone (their default is fixed: nil, `[]` or `[:]`).
public protocol WrapPropertyKeyPathInit: AnyObject {
    /// Creates the property for the value at `keyPath`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it.
    init(_ keyPath: String, serializeForOutput: Bool)
}
