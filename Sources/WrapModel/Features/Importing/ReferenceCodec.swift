/// An identity (or an embedded object) in, the model its store holds for it out; the identity
/// out again on output.
struct ReferenceCodec<M: WrapModel>: WrapValueCodec {
    let link: StoreLink<M>

    var expectedDescription: String { ReferenceConversions.expected }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> M? {
        guard let store = link.store else { return nil }
        return ReferenceConversions.resolve(stored.raw.any, in: store, context: context, keyPath: context.keyPath)
    }

    func encode(_ model: M, context: WrapEncodingContext) -> Any? {
        ReferenceConversions.output(of: model, in: link.store, context: context)
    }
}

extension ReferenceCodec: EmbeddedReferenceImporting {
    func importEmbeddedObjects(from object: [String: Any], at path: KeyPathComponents, prefix: String,
                               issues: inout [WrapModelIssue]) {
        guard let store = link.store else { return }
        ReferenceConversions.importEmbedded(at: path, keyPath: path.keyPath, from: object, into: store, prefix: prefix, issues: &issues)
    }
}
