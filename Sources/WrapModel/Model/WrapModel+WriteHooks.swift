extension WrapModel {
    /// Calls `willWriteOutput()` on this mutable model and then on every model of its tree
    /// (submodels, groups, model collections), before output takes the tree's lock: each hook
    /// runs with no lock held, so it may write. Models of the tree are read (and cached) under the
    /// read lock, which is released before their hooks run. (Immutable trees take no lock: each
    /// model's hook runs as its output is built.)
    func runWriteHooks() {
        willWriteOutput()
        let slots = self.slots
        guard slots.table.holdsModels else { return }
        var children: [WrapModel] = []
        withReadAccess {
            for ordinal in 0..<slots.count where slots.descriptor(ordinal).holdsModels {
                slots.descriptor(ordinal).forEachTreeModel(slots, ordinal) { children.append($0) }
            }
        }
        for child in children { child.runWriteHooks() }
    }
}
