import Foundation

extension WrapCodecPropertyWrapper {
    /// A model referenced by identity through `store` (see ``WrapPropertyReference``).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the identity (or embedded object).
    ///   - store: The store holding the referenced models.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String? = nil, store: WrapModelStore<M>, serializeForOutput: Bool = true) where Value == M?  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, store, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.optionalReference(store), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }
}

extension DeclaredCodecs {
    /// The codec of a model referenced by identity through `store` (which lives in this layer).
    @usableFromInline
    static func optionalReference<M: WrapModel>(_ store: WrapModelStore<M>) -> any WrapValueCodec<M?> {
        WrapOptionalCodec(ReferenceCodec(link: store.link))
    }
}
