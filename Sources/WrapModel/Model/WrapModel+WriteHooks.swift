extension WrapModel {
    /// Calls `willWriteOutput()` on this model and then on every model of its tree (submodels,
    /// groups, model collections), before output takes the tree's lock: each hook runs with no
    /// lock held, so it may write. Models of the tree are read (and cached) under the read lock,
    /// which is released before their hooks run.
    func runWriteHooks() {
        willWriteOutput()
        guard properties.contains(where: \.holdsTreeModels) else { return }
        let children = withReadAccess { properties.flatMap(\.treeModels) }
        for child in children { child.runWriteHooks() }
    }
}
