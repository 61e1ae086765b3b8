extension WrapModel {
    /// The ordinals of the declarations in the order output writes them. Most models declare
    /// disjoint key paths, and then order does not matter; only models whose declarations
    /// overlap pay for sorting.
    ///
    /// Those write declarations holding no mutation first, then those that do (directly or in a
    /// submodel), so that where two cover the same data — `address` and `address.city` — a written
    /// value is not overwritten by the other's unchanged one. Within each part, groups first (they
    /// fill the model's own level), then shallower key paths before deeper ones.
    func outputOrder() -> [Int] {
        let slots = self.slots
        let ordinals = Array(0..<slots.count)
        guard !slots.withTable({ $0.outputPlan.isOrderFree }) else { return ordinals }
        let ranks = ordinals.map { ordinal in
            slots.withDescriptor(ordinal) { descriptor in
                (descriptor.holdsMutations(slots, ordinal) ? 1 << 16 : 0) + (descriptor.mergesIntoParentLevel ? 0 : descriptor.path.depth)
            }
        }
        if zip(ranks, ranks.dropFirst()).allSatisfy({ $0 <= $1 }) { return ordinals }
        return ordinals.sorted { (ranks[$0], $0) < (ranks[$1], $1) }
    }
}
