import WrapModelJSON
/// Arrays of objects as models; `embedPath` (if any) is where each element keeps its model's
/// object. Elements that are not objects are left out and reported.
struct ModelArrayCodec<M: WrapModel>: ModelHoldingCodec {
    var embedPath: KeyPathComponents? = nil

    var expectedDescription: String { "array" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> [M]? {
        guard let elements = stored.raw.elements else { return nil }
        var models: [M] = []
        models.reserveCapacity(elements.count)
        var dropped = 0
        for (index, element) in elements.enumerated() {
            let objectValue = embedPath.map { element.lookup($0) } ?? element
            if let storage = objectValue?.objectStorage {
                models.append(Submodels.make(M.self, storage: storage, context: context, keyPath: elementPath(index, context)))
            } else {
                dropped += 1
            }
        }
        if dropped > 0 { context.report(.droppedElements(count: dropped)) }
        return models
    }

    /// The key path issues of the element at `index` are reported under.
    private func elementPath(_ index: Int, _ context: WrapDecodingContext) -> String {
        let elementPath = "\(context.keyPath)[\(index)]"
        return embedPath.map { "\(elementPath).\($0.components.joined(separator: "."))" } ?? elementPath
    }

    func encode(_ models: [M], context: WrapEncodingContext) -> Any? {
        models.map { model -> Any in
            let data = model.outputTree(context).writable
            guard let embedPath else { return data }
            var wrapper: [String: Any] = [:]
            wrapper.setValue(data, atPath: embedPath.components[...])
            return wrapper
        }
    }

    func writeJSON(_ models: [M], into writer: inout JSONWriter, context: WrapEncodingContext,
                   depth: Int) throws(JSONWriter.InvalidValue) -> Bool {
        let keys = embedPath?.components ?? []
        try writer.writeElements(count: models.count, depth: depth) { (index, writer) throws(JSONWriter.InvalidValue) in
            guard !keys.isEmpty else {
                try models[index].writeJSON(into: &writer, context, depth: depth &+ 1)
                return true
            }
            // `{"a":{"b":model}}` for the embed path `a.b`, as `encode` builds it.
            for (level, key) in keys.enumerated() {
                guard depth &+ 1 &+ level < JSONWriter.maxDepth else {
                    throw JSONWriter.InvalidValue.tooDeep.inMembers(keys[..<level])
                }
                writer.out.append(UInt8(ascii: "{"))
                writer.writeString(key)
                writer.out.append(UInt8(ascii: ":"))
            }
            do throws(JSONWriter.InvalidValue) {
                try models[index].writeJSON(into: &writer, context, depth: depth &+ 1 &+ keys.count)
            } catch {
                throw error.inMembers(keys[...])
            }
            for _ in keys { writer.out.append(UInt8(ascii: "}")) }
            return true
        }
        return true
    }

    func encode(_ models: [M], readFrom original: WrapStoredValue.Raw, context: WrapEncodingContext) -> Any? {
        guard let elements = original.elements else { return nil }
        // `decode` made one model per element holding an object, in order.
        var remaining = models[...]
        var result: [Any] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            let objectValue = embedPath.map { element.lookup($0) } ?? element
            guard objectValue?.objectStorage != nil else {
                result.append(element.verbatim)
                continue
            }
            guard let model = remaining.popFirst() else { return nil }
            let data = model.outputTree(context).writable
            guard let embedPath else {
                result.append(data)
                continue
            }
            var wrapper = OrderedObject(reaching: element.verbatim)
            wrapper.setValue(data, atPath: embedPath.components[...])
            result.append(wrapper)
        }
        return remaining.isEmpty ? result : nil
    }

    var modelClass: WrapModel.Type { M.self }

    func adopt(_ models: [M], into parent: WrapModel) -> [M] { models.map { $0.copy(intoTreeOf: parent) } }

    func containsMutations(_ models: [M]) -> Bool { models.contains { $0.hasMutations } }

    func forEachModel(in models: [M], _ body: (WrapModel) -> Void) { models.forEach(body) }
}
