import WrapModelJSON
/// An object in, a submodel sharing the parent's lock and mutability out; output is its current data.
struct ModelCodec<M: WrapModel>: ModelHoldingCodec {
    var expectedDescription: String { "object" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> M? {
        guard let storage = stored.raw.objectStorage else { return nil }
        return Submodels.make(M.self, storage: storage, context: context, keyPath: context.keyPath)
    }

    func encode(_ model: M, context: WrapEncodingContext) -> Any? { model.outputTree(context).writable }

    func writeJSON(_ model: M, into writer: inout JSONWriter, context: WrapEncodingContext,
                   depth: Int) throws(JSONWriter.InvalidValue) -> Bool {
        try model.writeJSON(into: &writer, context, depth: depth)
        return true
    }

    var modelClass: WrapModel.Type { M.self }

    var holdsOneModel: Bool { true }

    func adopt(_ model: M, into parent: WrapModel) -> M { model.copy(intoTreeOf: parent) }

    func containsMutations(_ model: M) -> Bool { model.hasMutations }

    func forEachModel(in model: M, _ body: (WrapModel) -> Void) { body(model) }
}
