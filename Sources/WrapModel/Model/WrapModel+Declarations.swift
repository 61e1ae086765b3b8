extension WrapModel {
    /// Everything known about the model's class.
    var classTable: ModelClassTable { slots.table.classTable }

    /// The model's class's declarations.
    var descriptorTable: DescriptorTable { slots.table }

    /// Every declared property of the model, in the order Swift initialises them (the class's own
    /// declarations first, then its superclass's), with its Swift name: property objects viewing
    /// the model's values, made when asked (for a classic declaration, an object reading the same
    /// slot as the one the model declares).
    public var declaredProperties: [(name: String, property: AnyWrapProperty)] {
        let slots = self.slots
        slots.rememberModel(self)
        return (0..<slots.count).map { ordinal in
            let descriptor = slots.descriptor(ordinal)
            return (descriptor.name ?? descriptor.keyPath, descriptor.view(of: slots, at: ordinal))
        }
    }
}

extension WrapModel {
    /// Replaced cache boxes the model keeps alive for lock-free readers (a test hook).
    var retiredCacheBoxCount: Int { slots.retiredBoxCount }
}
