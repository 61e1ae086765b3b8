/// Implemented by the property-wrapper structs, so a model finds the property object inside them.
public protocol AnyWrapPropertyProvider {
    /// The property object the wrapper reads and writes.
    func property() -> AnyWrapProperty
}
