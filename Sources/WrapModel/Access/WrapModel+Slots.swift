import Synchronization
import WrapModelJSONIndex

/// How property wrappers reach their model's slots: the wrapper holds its ``WrapDeclaration``,
/// Swift hands its accessor the model, and the value is the model's slot at the declaration's
/// position.
extension WrapModel {
    /// What a wrapper's getter calls when ``readWrapped(_:as:)`` finds no cached value it may read
    /// inline: for a model that observes reads (the read registered, then the cached value), a read
    /// through a modifier or a miss. Out of line and given the model unretained, so that the
    /// caller's code holds no reference count for it (see ``readWrapped(_:as:)``).
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

    /// What a wrapper's getter runs, inlined into the caller: with Observation off, the cached
    /// value read from the model's slot without a lock or a call; otherwise (a model that observes
    /// reads, a read through a modifier, a miss) one call of
    /// ``readDeclaredObservedOrMissing(_:_:_:observes:as:)``, out of line, the model unretained.
    ///
    /// The shape keeps the reference count off a read in a loop over many models. Swift retains an
    /// array's element (or `for model in models`'s) around an inlined getter when something in the
    /// getter may release it before a later use: a call, or an atomic load written in Swift, which
    /// the optimiser treats as able to release anything. So the cached path here makes no call, and
    /// its one atomic load is `CachedRead.load(_:)`, a C function declared `pure` (see SlotLoad.h):
    /// the optimiser knows it releases nothing. The only use of the model after the load is the
    /// out-of-line call, on the other branch, which passes it unretained (the caller holds it for
    /// the call). The model's words (``slotOrigin``, ``observesReads``) are stored properties
    /// without exclusivity checks. `withExtendedLifetime` keeps the model alive until the value is
    /// copied out of its box (a box lives as long as the model), at no cost: the caller holds it.
    @inlinable @inline(__always)
    final func readWrapped<T>(_ declaration: WrapDeclaration, as _: T.Type) -> T {
        if !observesReads && !declaration.readsThroughModifier {
            let bits = CachedRead.load(slotOrigin + Int(declaration.position))
            if CacheBox.isLockFreeReadable(bits) {
                let value = CacheBox.value(at: bits, as: T.self)
                withExtendedLifetime(self) {}
                return value
            }
        }
        return WrapModel.readDeclaredObservedOrMissing(Unmanaged.passUnretained(self), declaration, slotOrigin,
                                                       observes: observesReads, as: T.self)
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
    /// The word of the cache slot at `slot`, loaded with acquire ordering (it pairs with the
    /// releasing store or compare-and-swap that published the value), through a C function the
    /// optimiser knows releases nothing (see `WrapModel.readWrapped(_:as:)`).
    @inlinable @inline(__always)
    static func load(_ slot: UnsafeMutablePointer<Atomic<UInt>>) -> UInt {
        wrapmodel_slot_load_acquire(UnsafeRawPointer(slot))
    }

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
