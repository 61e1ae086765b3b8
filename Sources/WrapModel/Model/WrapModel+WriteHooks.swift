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
        // Slots holding nothing hold no model: a tree whose submodels were never read takes no
        // lock here. (Slot words are atomic, and the class's descriptors never change, so no
        // lock is needed to ask.)
        let descriptors = slots.table.descriptors
        guard descriptors.indices.contains(where: {
            descriptors[$0].holdsModels && slots.slot($0).pointee.load(ordering: .acquiring) != 0
        }) else { return }
        var children: [WrapModel] = []
        withReadAccess {
            for ordinal in 0..<slots.count where slots.descriptor(ordinal).holdsModels {
                slots.descriptor(ordinal).forEachTreeModel(slots, ordinal) { children.append($0) }
            }
        }
        for child in children { child.runWriteHooks() }
    }
}
