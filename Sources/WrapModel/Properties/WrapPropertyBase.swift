import Synchronization
import Foundation

/// The part of every property object that does not depend on its value type.
///
/// You never create or subclass it directly: subclass ``WrapProperty`` instead.
///
/// A property object is a small handle: the class's descriptor of the declaration (key path,
/// codec, default value, converters — described once per class) and the model's slot holding the
/// value. A classic declaration (`let id = WPInt("id")`) creates one per model, as Swift evaluates
/// it; the model binds it when its initialiser runs. Property wrappers create none: `$name` makes
/// one when asked, a view of the same slot.
open class WrapPropertyBase: AnyWrapProperty {
    /// The declaration's descriptor: the class table's (which lives as long as the process), or
    /// one this object owns (``ownsDescriptor``), or the model's own for this instance (kept alive
    /// by the slots, which this object keeps).
    // Unchecked: each field is set when the object is made or bound, before it is shared (or,
    // for `descriptorReference`, under the tree's write lock); reads need no exclusivity check.
    @exclusivity(unchecked) final var descriptorReference: Unmanaged<PropertyDescriptor>
    /// The slot itself, once bound: what a read loads, with no reference counting.
    @exclusivity(unchecked) @usableFromInline final var slot: UnsafeMutablePointer<Atomic<UInt>>?
    /// The model's slots once bound, found from the slot (they are one block), and retained (by
    /// this object, or by all of its model's classic declarations together: ``sharesSlots``):
    /// the property still reads after the model is released. Not a field of its own, so the
    /// object fits a 48-byte allocation; unmanaged, so a read borrows them without a reference
    /// count.
    @usableFromInline final var slotsReference: Unmanaged<ModelSlots>? {
        guard let slot else { return nil }
        return Unmanaged.fromOpaque(ModelSlots.address(ofSlot: slot, ordinal: Int(index)))
    }
    /// The model's slots once bound.
    final var slots: ModelSlots? { slotsReference?.takeUnretainedValue() }
    /// Before binding, the position the declaration took on the thread's declaration stack (-1
    /// for an object made as a view); after, the ordinal of the slot.
    @exclusivity(unchecked) final var index: Int32
    /// Before binding, the tag of the declaration stack the position is on (as a wrapper keeps
    /// it): the model that finds this object in its stored properties binds it only when the
    /// position is that stack's, and the object gives the position back only to that stack.
    @exclusivity(unchecked) final var stack: UInt16
    /// Whether reads register with Swift Observation (the model's setting, copied when bound).
    @exclusivity(unchecked) @usableFromInline final var observesReads = false
    /// ``ownsDescriptor``, ``reportedOutsideModel`` and ``sharesSlots``, in one byte so the
    /// object stays within the smallest allocation its fields fit.
    @exclusivity(unchecked) private final var state: UInt8 = 0
    /// Whether this object owns its descriptor (retained in `descriptorReference`).
    final var ownsDescriptor: Bool {
        get { state & 1 != 0 }
        set { state = newValue ? state | 1 : state & ~1 }
    }
    /// Set once the property was reported as used outside a model, so it reports once. A racy
    /// write from two readers only risks a duplicate report.
    final var reportedOutsideModel: Bool {
        get { state & 2 != 0 }
        set { state = newValue ? state | 2 : state & ~2 }
    }
    /// Whether the object holds the reference to its slots that its model's classic
    /// declarations share (see ``bindSharing(to:ordinal:descriptor:)``).
    private final var sharesSlots: Bool { state & 4 != 0 }

    /// The key path the property reads, after `WrapPropertyKeyPathModifier` was applied.
    public var keyPath: String { descriptor.keyPath }
    /// Whether output for posting includes this property.
    public final var serializeForOutput: Bool { descriptor.serializeForOutput }
    /// The model this property belongs to, or nil once the model is gone (or for a property
    /// object no model owns).
    public var model: WrapModel? { slots?.model }

    /// Whether the property is transient: its value lives in the model only, and no output or
    /// persistence writes it (see ``transient()``).
    public final var isTransient: Bool { descriptor.isTransient }

    /// Marks the property transient and returns it, for use in its declaration:
    ///
    /// ```swift
    /// let draft = WPOptStr("draft").transient()
    /// ```
    /// A transient property reads and writes like any other (it still reads a value the data
    /// holds at its key path), but no output writes it: not ``WrapModel/currentModelData(withNulls:forOutput:)``,
    /// not JSON output (lossless included: the key is removed), not persistence, keyed archives or
    /// `Codable` encoding. This differs from `serializeForOutput: false`, which persistence keeps.
    @discardableResult
    public final func transient() -> Self {
        extend(with: DeclarationPart.transient) { $0.flags.insert(.transient) }
        return self
    }

    /// A declaration a property object's initialiser made (see ``declaring(_:_:make:)``).
    struct Declared {
        let position: Int32
        let descriptor: Unmanaged<PropertyDescriptor>
        let owned: Bool
        /// The tag of the declaration stack the position is on (0 for a view).
        let stack: UInt16
    }

    /// A property object for `declared`, made by `declaring`. Nothing else is recorded: the
    /// model finds the object in its own stored properties and binds it (see
    /// `WrapModel.bindObjects`).
    init(_ declared: Declared) {
        descriptorReference = declared.descriptor
        index = declared.position
        stack = declared.stack
        ownsDescriptor = declared.owned
    }

    deinit {
        if ownsDescriptor { descriptorReference.release() }
        if let slotsReference {
            if !sharesSlots || slotsReference._withUnsafeGuaranteedRef({ $0.leaveShare() }) { slotsReference.release() }
        } else if index >= 0 {
            // A property object no model claimed (made outside a model's initialisation) gives its
            // position back, so such objects made in a loop do not grow the declaration stack.
            ConstructionContext.current.abandon(at: index, stack: stack)
        }
    }

    /// The declaration's descriptor.
    final var descriptor: PropertyDescriptor { descriptorReference.takeUnretainedValue() }

    /// Whether the object is bound to a model's slot.
    final var isBound: Bool { slot != nil }

    /// Whether the object's declaration waits on the calling thread's stack for its model
    /// (during the model's initialisation).
    final var isPendingDeclaration: Bool {
        !isBound && index >= 0 && ConstructionContext.current.isPending(index, stack: stack)
    }

    /// The position of the object's declaration, while pending.
    final var declarationPosition: Int32 { index }

    /// Binds the object to the slot at `ordinal` of `slots`, whose declaration `descriptor` is.
    final func bind(to slots: ModelSlots, ordinal: Int, descriptor: PropertyDescriptor) {
        if ownsDescriptor { descriptorReference.release() }
        ownsDescriptor = false
        descriptorReference = Unmanaged.passUnretained(descriptor)
        let old = slotsReference
        _ = Unmanaged.passUnretained(slots).retain()
        old?.release()
        slot = slots.slot(ordinal)
        observesReads = slots.observesReads
        index = Int32(truncatingIfNeeded: ordinal)
    }

    /// Binds a classic declaration of the model `slots` belong to, one of the objects that share
    /// a reference to them (`ModelSlots.share(among:)`): binding costs no atomic operation.
    /// Only in the model's initialiser, on an object no model bound.
    final func bindSharing(to slots: ModelSlots, ordinal: Int, descriptor: PropertyDescriptor) {
        if ownsDescriptor { descriptorReference.release() }
        state = (state & ~1) | 4
        descriptorReference = Unmanaged.passUnretained(descriptor)
        slot = slots.slot(ordinal)
        observesReads = slots.observesReads
        index = Int32(truncatingIfNeeded: ordinal)
    }

    /// Binds an object made as a view to the slot at `ordinal` of `slots`.
    final func bindView(to slots: ModelSlots, ordinal: Int, descriptor: PropertyDescriptor) {
        bind(to: slots, ordinal: ordinal, descriptor: descriptor)
    }

    /// Adds `part` to the declaration (a converter or modifier set after the initialiser), and
    /// makes the change with `apply` on a descriptor nothing else shares: while the declaration is
    /// pending, through the declaration stack; once bound, on a descriptor of the model's own for
    /// this slot (under the tree's write lock); on an object no model owns, on its own.
    final func extend<each Part>(with parts: repeat each Part, apply: (PropertyDescriptor) -> Void) {
        if let slots {
            let ordinal = Int(index)
            let changed = slots.withWriteAccess { () -> PropertyDescriptor in
                let own = slots.descriptor(ordinal).copy(keepingParts: .max)
                repeat own.fingerprint.append(each parts)
                apply(own)
                slots.setOverride(own, at: ordinal)
                return own
            }
            descriptorReference = Unmanaged.passUnretained(changed)
        } else if !ownsDescriptor, isPendingDeclaration {
            let changed = ConstructionContext.current.extendDeclaration(at: index, with: repeat each parts, apply: apply)
            descriptorReference = Unmanaged.passUnretained(changed)
        } else {
            if !ownsDescriptor {
                descriptorReference = Unmanaged.passRetained(descriptor.copy(keepingParts: .max))
                ownsDescriptor = true
            }
            repeat descriptor.fingerprint.append(each parts)
            apply(descriptor)
        }
    }

    /// Reports a read or write of a property no model owns (declared outside a model's
    /// initialisation: after `super.init`, in a `lazy var`, or in a type that is not a model).
    final func reportOutsideModel() {
        PropertyMisuse.report(self)
    }

    /// The current value converted back to its data form. Subclasses of ``WrapProperty`` override it.
    /// - Parameters:
    ///   - withNulls: Whether a property without a value is written as `null`.
    ///   - forOutput: Whether the value is for a request body: nil for a property declared `serializeForOutput: false`.
    open func rawValue(withNulls: Bool, forOutput: Bool) -> Any? { nil }

    /// Drops this property's cached or mutated value.
    open func clearMutation() {}
}
