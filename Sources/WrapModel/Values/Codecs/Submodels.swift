/// Creating submodels for the model codecs.
enum Submodels {
    /// A model of `M` over `storage`; when validating, its issues are collected under `keyPath`,
    /// which is only built then (an element's `"statuses[12]"` cost more than a tenth of the rest
    /// of making a collection element).
    static func make<M: WrapModel>(_: M.Type, storage: ModelStorage, context: WrapDecodingContext,
                                   keyPath: @autoclosure () -> String) -> M {
        let model = M.make(over: storage, mutable: context.isMutable, lock: context.lock)
        if let issues = context.issues { model.collectIssues(prefix: keyPath(), into: issues) }
        return model
    }
}
