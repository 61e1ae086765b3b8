import WrapModelJSON
/// An array of identities (or embedded objects) in, the stored models out; elements that are
/// neither are left out (validation reports them). Identities out again on output.
struct ReferenceArrayCodec<M: WrapModel>: WrapValueCodec {
    let link: StoreLink<M>

    var expectedDescription: String { "array of identities or objects" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> [M]? {
        guard let store = link.store, let elements = NativeValue.array(stored.raw.any) else { return nil }
        var models: [M] = []
        models.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            let elementPath = "\(context.keyPath)[\(position)]"
            if let model = ReferenceConversions.resolve(element, in: store, context: context, keyPath: elementPath) {
                models.append(model)
            }
        }
        return models
    }

    func encode(_ models: [M], context: WrapEncodingContext) -> Any? {
        guard let store = link.store else { return nil }
        return models.compactMap { ReferenceConversions.output(of: $0, in: store, context: context) }
    }
}

extension ReferenceArrayCodec: EmbeddedReferenceImporting {
    func importEmbeddedObjects(from object: [String: Any], at path: KeyPathComponents, prefix: String,
                               issues: inout [WrapModelIssue]) {
        guard let store = link.store else { return }
        ReferenceConversions.importEmbedded(at: path, keyPath: path.keyPath, from: object, into: store, prefix: prefix, issues: &issues)
    }
}
