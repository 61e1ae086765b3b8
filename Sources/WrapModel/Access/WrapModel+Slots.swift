import Synchronization

/// How property wrappers reach their model's slots: the wrapper holds its ``WrapDeclaration``,
/// Swift hands its accessor the model, and the value is the model's slot at the declaration's
/// position.
extension WrapModel {
    /// The value of the declaration in `model`'s slot, for a property wrapper's getter: its
    /// cached value, read without a lock, or (on a miss, or through a read modifier)
    /// ``readDeclaredSlowly(_:as:)``; registered with Observation first when the model observes
    /// reads. `slotOrigin` and `observes` are the model's own (``slotOrigin``,
    /// ``observesReads``), loaded by the getter.
    ///
    /// The getter passes the model unretained, and everything that touches it happens in this
    /// function, out of line. That is what keeps the reference count off a read in a loop: a getter
    /// inlined into the caller with an atomic load *and* a call on some branch makes Swift retain
    /// the model around the whole read (an array's element, or `for model in models`), on every
    /// path, since the atomic load stops the retain from sinking into the branch that calls. A
    /// getter that only loads four plain words of the model and calls this gives the compiler
    /// nothing to retain for, and the caller still holds the model for the call (it passes it,
    /// from an array or a variable; a temporary lives until the call returns). The words the
    /// cached path needs are passed, not loaded here through a borrowed reference: a closure given
    /// to `_withUnsafeGuaranteedRef` was not inlined into this function once it was specialised in
    /// the caller's module, which cost a second call per read. A cached read is one call, one
    /// atomic load and a test; nothing a read does writes memory that another thread's read
    /// touches.
    ///
    /// With Observation off, the cached path makes no call at all (the function needs no stack
    /// frame); a model that observes reads, a modifier or a miss goes on in
    /// ``readDeclaredObservedOrMissing(_:_:_:observes:as:)``.
    @inlinable @inline(never)
    static func readDeclared<T>(_ model: Unmanaged<WrapModel>, _ declaration: WrapDeclaration,
                                _ slotOrigin: UnsafeMutablePointer<Atomic<UInt>>, observes: Bool, as _: T.Type) -> T {
        assert(model._withUnsafeGuaranteedRef { $0.holdsSlot(for: declaration) },
               "WrapModel: a declaration's position is outside its model's slots")
        if !observes && !declaration.readsThroughModifier {
            let bits = slotOrigin[Int(declaration.position)].load(ordering: .acquiring)
            if CacheBox.isLockFreeReadable(bits) { return CacheBox.value(at: bits, as: T.self) }
        }
        return readDeclaredObservedOrMissing(model, declaration, slotOrigin, observes: observes, as: T.self)
    }

    /// ``readDeclared(_:_:_:observes:as:)`` for a model that observes reads (the read registered,
    /// then the cached value), a read through a modifier or a miss.
    @inlinable @inline(never)
    static func readDeclaredObservedOrMissing<T>(_ model: Unmanaged<WrapModel>, _ declaration: WrapDeclaration,
                                                 _ slotOrigin: UnsafeMutablePointer<Atomic<UInt>>, observes: Bool,
                                                 as _: T.Type) -> T {
        if observes {
            CachedRead.registerRead(model, declaration)
            if !declaration.readsThroughModifier {
                let bits = slotOrigin[Int(declaration.position)].load(ordering: .acquiring)
                if CacheBox.isLockFreeReadable(bits) { return CacheBox.value(at: bits, as: T.self) }
            }
        }
        return readDeclaredMissing(model, declaration, as: T.self)
    }

    /// What a wrapper's getter runs, inlined into the caller: the model's declaration words and
    /// one call of ``readDeclared(_:_:_:observes:as:)``.
    @inlinable @inline(__always)
    final func readWrapped<T>(_ declaration: WrapDeclaration, as _: T.Type) -> T {
        WrapModel.readDeclared(Unmanaged.passUnretained(self), declaration, slotOrigin, observes: observesReads, as: T.self)
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
            return slots.withBorrowedDescriptor(ordinal) { descriptor in
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

/// The out-of-line steps of a cached read that take the model or property object borrowed:
/// functions of an enum, so that calling one from a specialised read needs no class metadata.
@usableFromInline
enum CachedRead {
    /// Registers a read of the wrapper declared as `declaration` with the thread's tracking scope
    /// (see `WrapModel.registerRead(_:)`). The caller holds the model.
    @usableFromInline @inline(never)
    static func registerRead(_ model: Unmanaged<WrapModel>, _ declaration: WrapDeclaration) {
        model._withUnsafeGuaranteedRef { $0.registerRead(declaration) }
    }

    /// Registers a read of `property`'s slot with the thread's tracking scope (models created
    /// while ``WrapObservation/isEnabled``). The caller holds the object, which keeps its slots.
    @usableFromInline @inline(never)
    static func registerRead(_ property: Unmanaged<WrapPropertyBase>) {
        property._withUnsafeGuaranteedRef { property in
            property.slotsReference?._withUnsafeGuaranteedRef { $0.registerRead(Int(property.index)) }
        }
    }
}
