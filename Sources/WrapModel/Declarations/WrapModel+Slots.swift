import Synchronization

/// How property wrappers reach their model's slots: the wrapper holds its ``WrapDeclaration``,
/// Swift hands its accessor the model, and the value is the model's slot at the declaration's
/// position.
extension WrapModel {
    /// The value of the declaration in `model`'s slot, for a property wrapper's getter: its
    /// cached value, read without a lock, or (on a miss, or through a read modifier)
    /// ``readDeclaredSlowly(_:as:)``; registered with Observation first when the model observes
    /// reads.
    ///
    /// The getter passes the model unretained, and everything that touches it happens in this
    /// function, out of line. That is what keeps the reference count off a read in a loop: a getter
    /// inlined into the caller with an atomic load *and* a call on some branch makes Swift retain
    /// the model around the whole read (an array's element, or `for model in models`), on every
    /// path, since the atomic load stops the retain from sinking into the branch that calls. A
    /// getter that only computes two plain words and calls this gives the compiler nothing to
    /// retain for, and the caller still holds the model for the call (it passes it, from an array
    /// or a variable; a temporary lives until the call returns). A cached read is one call, two
    /// loads and a test; nothing a read does writes memory that another thread's read touches.
    @inlinable @inline(never)
    static func readDeclared<T>(_ model: Unmanaged<WrapModel>, _ declaration: WrapDeclaration, as _: T.Type) -> T {
        if let cached = model._withUnsafeGuaranteedRef({ $0.cachedDeclared(declaration, as: T.self) }) { return cached }
        return readDeclaredMissing(model, declaration, as: T.self)
    }

    /// The declaration's cached value, or nil on a miss or for a read through a modifier; a read
    /// registered with Observation first when the model observes reads. Reads only memory no
    /// reader writes.
    @inlinable @inline(__always)
    final func cachedDeclared<T>(_ declaration: WrapDeclaration, as _: T.Type) -> T? {
        assert(holdsSlot(for: declaration), "WrapModel: a declaration's position is outside its model's slots")
        if observesReads { registerRead(declaration) }
        guard !declaration.readsThroughModifier else { return nil }
        let bits = slotOrigin[Int(declaration.position)].load(ordering: .acquiring)
        return CacheBox.isLockFreeReadable(bits) ? CacheBox.value(at: bits, as: T.self) : nil
    }

    /// A miss, or a read through a modifier: the model is retained for the conversion (which may
    /// run the user's code: a converter, a modifier, an issue observer), then read slowly. Kept
    /// out of line, so the retain stays off the cached path.
    @usableFromInline @inline(never)
    static func readDeclaredMissing<T>(_ model: Unmanaged<WrapModel>, _ declaration: WrapDeclaration, as _: T.Type) -> T {
        let model = model.takeUnretainedValue()
        return model.readDeclaredSlowly(declaration, as: T.self)
    }

    /// Converts and caches the declaration's value (under the read lock on a mutable model), or
    /// reads it through the declaration's read modifier.
    @usableFromInline
    final func readDeclaredSlowly<T>(_ declaration: WrapDeclaration, as _: T.Type) -> T {
        // Borrowed: the model keeps its slots, and they their descriptors.
        slotsReference.unsafelyUnwrapped._withUnsafeGuaranteedRef { slots in
            let ordinal = checkedOrdinal(of: declaration, in: slots)
            return slots.withDescriptor(ordinal) { descriptor in
                let typed = unsafeDowncast(descriptor, to: TypedPropertyDescriptor<T>.self)
                return declaration.readsThroughModifier ? typed.readModified(slots, ordinal) : typed.read(slots, ordinal)
            }
        }
    }

    /// Writes the declaration's value, through its write modifier (on a mutable model; see
    /// ``WrapProperty/value``).
    @usableFromInline
    final func writeDeclared<T>(_ declaration: WrapDeclaration, _ value: T) {
        let slots = self.slots
        let ordinal = checkedOrdinal(of: declaration, in: slots)
        slots.withDescriptor(ordinal) { unsafeDowncast($0, to: TypedPropertyDescriptor<T>.self).write(value, slots, ordinal, modified: true) }
    }

    /// Registers a read of the wrapper declared as `declaration` with the thread's tracking scope
    /// (models created while ``WrapObservation/isEnabled``). It takes no key path: Swift would
    /// build the wrapper's on every read, observed or not (see ``SlotObservationKeys``).
    @usableFromInline
    final func registerRead(_ declaration: WrapDeclaration) {
        // Borrowed: the model keeps its slots, and a read pays no reference count for them.
        slotsReference.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.registerRead(checkedOrdinal(of: declaration, in: $0)) }
    }

    /// The property object for the declaration (`$name`): the one the model keeps for a wrapper
    /// declared over one, or a view made now.
    @usableFromInline
    final func propertyObject(for declaration: WrapDeclaration) -> WrapPropertyBase {
        let slots = self.slots
        let ordinal = checkedOrdinal(of: declaration, in: slots)
        if let kept = keptObjects?.first(where: { $0.ordinal == ordinal }) { return kept.object }
        slots.rememberModel(self)
        return slots.withDescriptor(ordinal) { $0.view(of: slots, at: ordinal) }
    }

    /// Whether `declaration` names one of the model's slots (the debug check of the cached read).
    @usableFromInline
    final func holdsSlot(for declaration: WrapDeclaration) -> Bool {
        UInt(bitPattern: Int(declaration.position &- firstPosition)) < UInt(slots.count)
    }

    /// The ordinal of the slot `declaration` names. Claiming guarantees it is one of the model's
    /// (see `ConstructionContext.claimDeclarations`); off the cached-read path it is checked in
    /// every build, since a wrong one would read another declaration's bits.
    @inline(__always)
    private func checkedOrdinal(of declaration: WrapDeclaration, in slots: ModelSlots) -> Int {
        let ordinal = Int(declaration.position &- firstPosition)
        precondition(UInt(bitPattern: ordinal) < UInt(slots.count), "WrapModel: a declaration's position is outside its model's slots")
        return ordinal
    }
}
