/// A model over the parent's own dictionary level.
struct GroupCodec<M: WrapModel>: ModelHoldingCodec, GroupingCodec {
    var expectedDescription: String { "object" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> M? {
        Submodels.make(M.self, storage: context.storage, context: context, keyPath: context.keyPath)
    }

    func encode(_ model: M, context: WrapEncodingContext) -> Any? { model.outputTree(context).writable }

    var modelClass: WrapModel.Type { M.self }

    var holdsOneModel: Bool { true }

    func adopt(_ model: M, into parent: WrapModel) -> M { model.copy(intoTreeOf: parent) }

    func containsMutations(_ model: M) -> Bool { model.hasMutations }

    func forEachModel(in model: M, _ body: (WrapModel) -> Void) { body(model) }
}

/// The codec of a group (a model over its parent's own dictionary level), recognised by type.
protocol GroupingCodec {}
