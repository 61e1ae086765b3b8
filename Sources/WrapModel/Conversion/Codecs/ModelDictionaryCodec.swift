import WrapModelJSON
/// Objects of objects as `[String: M]`; `null` entries are skipped, other non-objects left out
/// and reported.
struct ModelDictionaryCodec<M: WrapModel>: ModelHoldingCodec {
    var expectedDescription: String { "object" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> [String: M]? {
        guard let members = stored.raw.members else { return nil }
        var models: [String: M] = [:]
        models.reserveCapacity(members.count)
        var dropped = 0
        for (key, value) in members where !value.isNull {
            if let storage = value.objectStorage {
                models[key] = Submodels.make(M.self, storage: storage, context: context, keyPath: "\(context.keyPath).\(key)")
            } else {
                dropped += 1
            }
        }
        if dropped > 0 { context.report(.droppedElements(count: dropped)) }
        return models
    }

    func encode(_ models: [String: M], context: WrapEncodingContext) -> Any? { models.mapValues { $0.outputTree(context).writable } }

    func encode(_ models: [String: M], readFrom original: WrapStoredValue.Raw, context: WrapEncodingContext) -> Any? {
        guard original.members != nil else { return nil }
        // Skipped entries (null, not objects) stay as they came, and members keep their order.
        var object = OrderedObject(reaching: original.verbatim)
        for (key, model) in models { object.set(model.outputTree(context).writable, forKey: key) }
        return object
    }

    var modelClass: WrapModel.Type { M.self }

    var holdsModelsByKey: Bool { true }

    func adopt(_ models: [String: M], into parent: WrapModel) -> [String: M] { models.mapValues { $0.copy(intoTreeOf: parent) } }

    func containsMutations(_ models: [String: M]) -> Bool { models.values.contains { $0.hasMutations } }

    func forEachModel(in models: [String: M], _ body: (WrapModel) -> Void) { models.values.forEach(body) }
}
