/// An array whose elements each hold their model's object at `embedPath`.
///
/// ```swift
/// // {"edges": [{"node": {"item": {"id": 1}}}]}
/// let items = WPEmbModelArray<Item>("edges", embedPath: "node.item")
/// ```
/// Elements without an object at `embedPath` are dropped (and reported); output wraps each model's
/// data at `embedPath` again. A nil or empty `embedPath` means the element itself.
public final class WrapPropertyArrayOfEmbeddedModel<T: WrapModel>: WrapProperty<[T]> {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - embedPath: Where each element holds its model's object (nil: the element itself). Defaults to nil.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, embedPath: String? = nil, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: [], serializeForOutput: serializeForOutput,
                   codec: ModelArrayCodec<T>(embedPath: KeyPathComponents(embedPath: embedPath)))
    }
}

/// An optional array of embedded submodels: nil when absent, `null` or not an array.
public final class WrapPropertyOptionalArrayOfEmbeddedModel<T: WrapModel>: WrapProperty<[T]?> {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - embedPath: Where each element holds its model's object (nil: the element itself). Defaults to nil.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, embedPath: String? = nil, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   codec: WrapOptionalCodec(ModelArrayCodec<T>(embedPath: KeyPathComponents(embedPath: embedPath))))
    }
}
