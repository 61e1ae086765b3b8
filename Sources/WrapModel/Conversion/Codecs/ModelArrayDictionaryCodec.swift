import WrapModelJSON
/// Objects of arrays of objects as `[String: [M]]`.
struct ModelArrayDictionaryCodec<M: WrapModel>: ModelHoldingCodec {
    private var arrays: ModelArrayCodec<M> { ModelArrayCodec() }

    var expectedDescription: String { "object" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> [String: [M]]? {
        guard let members = stored.raw.members else { return nil }
        var result: [String: [M]] = [:]
        var dropped = 0
        for (key, value) in members where !value.isNull {
            let memberContext = context.descending(to: "\(context.keyPath).\(key)")
            // As 1.3.7: an entry that is not an array, or none of whose elements is a model, is
            // left out; a valid array drops (and reports) its bad elements.
            guard let models = arrays.decode(WrapStoredValue(value), context: memberContext),
                  !models.isEmpty || value.elements?.isEmpty == true else {
                dropped += 1
                continue
            }
            result[key] = models
        }
        if dropped > 0 { context.report(.droppedElements(count: dropped)) }
        return result
    }

    func encode(_ models: [String: [M]], context: WrapEncodingContext) -> Any? {
        models.mapValues { arrays.encode($0, context: context) as Any }
    }

    func encode(_ models: [String: [M]], readFrom original: WrapStoredValue.Raw, context: WrapEncodingContext) -> Any? {
        guard let members = original.members else { return nil }
        let originals = Dictionary(members, uniquingKeysWith: { _, last in last })
        // Entries `decode` left out (not arrays, no model) stay as they came, in their place.
        var object = OrderedObject(reaching: original.verbatim)
        for (key, array) in models {
            guard let value = originals[key], let merged = arrays.encode(array, readFrom: value, context: context) else {
                return nil
            }
            object.set(merged, forKey: key)
        }
        return object
    }

    var modelClass: WrapModel.Type { M.self }

    var holdsModelsByKey: Bool { true }

    func adopt(_ models: [String: [M]], into parent: WrapModel) -> [String: [M]] {
        models.mapValues { $0.map { $0.copy(intoTreeOf: parent) } }
    }

    func containsMutations(_ models: [String: [M]]) -> Bool { models.values.contains { $0.contains { $0.hasMutations } } }

    func forEachModel(in models: [String: [M]], _ body: (WrapModel) -> Void) {
        for array in models.values { array.forEach(body) }
    }
}
