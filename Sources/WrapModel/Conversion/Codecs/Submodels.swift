/// Creating submodels for the model codecs.
enum Submodels {
    static func make<M: WrapModel>(_: M.Type, storage: ModelStorage, context: DecodeContext, keyPath: String) -> M {
        let model = ConstructionContext.makeModel(M.self, storage: storage, mutable: context.isMutable, lock: context.lock)
        if let issues = context.issues { model.collectIssues(prefix: keyPath, into: issues) }
        return model
    }
}
