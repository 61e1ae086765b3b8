extension WrapModel {
    /// Calls `willWriteOutput()` on this mutable model and then on every model of its tree
    /// (submodels, groups, model collections), before output takes the tree's lock: each hook
    /// runs with no lock held, so it may write. Models of the tree are read (and cached) under the
    /// read lock, which is released before their hooks run. (Immutable trees take no lock: each
    /// model's hook runs as its output is built.)
    func runWriteHooks() {
        willWriteOutput()
        let slots = self.slots
        // The table borrowed (every model of the class shares it).
        guard slots.withTable({ $0.holdsModels }) else { return }
        // Slots holding nothing hold no model: a tree whose submodels were never read takes no
        // lock here. (Slot words are atomic, and the class's descriptors never change, so no
        // lock is needed to ask.)
        guard (0..<slots.count).contains(where: { ordinal in
            slots.slot(ordinal).pointee.load(ordering: .acquiring) != 0 && slots.withDescriptor(ordinal) { $0.holdsModels }
        }) else { return }
        var children: [WrapModel] = []
        withReadAccess {
            for ordinal in 0..<slots.count {
                slots.withDescriptor(ordinal) { descriptor in
                    if descriptor.holdsModels { descriptor.forEachTreeModel(slots, ordinal) { children.append($0) } }
                }
            }
        }
        for child in children { child.runWriteHooks() }
    }
}
