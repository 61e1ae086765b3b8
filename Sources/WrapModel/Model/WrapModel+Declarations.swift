extension WrapModel {
    /// Everything known about the model's class (retained by the caller: what every model's
    /// creation, release or output asks goes through ``withClassTable(_:)``).
    var classTable: ModelClassTable { withClassTable { $0 } }

    /// Runs `body` with the model's class table, borrowed: it is shared by every model of the
    /// class (and never freed), so its reference count is not written.
    @inline(__always)
    func withClassTable<R>(_ body: (ModelClassTable) -> R) -> R {
        slotsReference.unsafelyUnwrapped._withUnsafeGuaranteedRef { slots in
            slots.withTable { Unmanaged.passUnretained($0.classTable) }
        }._withUnsafeGuaranteedRef(body)
    }

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
