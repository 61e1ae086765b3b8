import Foundation
import Synchronization

/// A typed view of one value in a model's data, converted on first read and cached.
///
/// Declare property objects as stored `let`s of a ``WrapModel`` subclass, and read or write
/// ``value``:
///
/// ```swift
/// final class Customer: WrapModel, NonisolatedModel, @unchecked Sendable {
///     let name = WrapProperty<String>("name", defaultValue: "")
///     let id = WPInt("customer_id")
/// }
/// ```
///
/// The first read looks the key path up in the original data, converts it and caches the result
/// (a missing value too); later reads return the cache. Absent, `null` and unconvertible values
/// read as ``defaultValue``. Writes replace the cache and are what output writes back; writing to an
/// immutable model asserts in debug builds and is dropped in release builds.
///
/// A property object is a small handle onto its class's description of the declaration and the
/// model's slot holding the value (see `Docs/Properties.md`): the key path, default value and
/// converters are the class's, taken from its first instance. `WrapProperty<T>` itself reads
/// values with `as? T`; set ``toModelConverter`` and ``fromModelConverter`` to convert differently.
open class WrapProperty<T>: WrapPropertyBase {
    /// The declaration's typed descriptor.
    final var typed: TypedPropertyDescriptor<T> { unsafeDowncast(descriptor, to: TypedPropertyDescriptor<T>.self) }

    /// The value read when the data has none, has `null`, or has a value that does not convert.
    public final var defaultValue: T { typed.defaultValue }

    /// Converts a stored value (never `NSNull`) to the property's value; replaces the built-in
    /// conversion. Defaults to nil (the codec converts). Set it in the declaration: set later, on
    /// a property of a model, it applies to that model only.
    public var toModelConverter: ((_ jsonValue: Any) -> T)? {
        get { typed.hooks?.toModel }
        set {
            guard newValue != nil || typed.hooks?.toModel != nil else { return }
            extend(with: DeclarationPart.toModelConverter, newValue) { descriptor in
                Self.settableHooks(descriptor).toModel = newValue
            }
        }
    }

    /// Converts the value back to its data form for output; replaces the built-in conversion.
    /// Defaults to nil (the codec converts). Set it as ``toModelConverter`` is set.
    public var fromModelConverter: ((_ modelValue: T) -> Any?)? {
        get { typed.hooks?.fromModel }
        set {
            guard newValue != nil || typed.hooks?.fromModel != nil else { return }
            extend(with: DeclarationPart.fromModelConverter, newValue) { descriptor in
                Self.settableHooks(descriptor).fromModel = newValue
            }
        }
    }

    static func settableHooks(_ descriptor: PropertyDescriptor) -> PropertyHooks<T> {
        unsafeDowncast(descriptor, to: TypedPropertyDescriptor<T>.self).settableHooks
    }

    /// Creates a property for the value at `keyPath`, read with `as? T`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path into the model's data, e.g. `"address.city"`.
    ///   - defaultValue: The value read when the data has none or it does not convert.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, defaultValue: T, serializeForOutput: Bool = true) {
        super.init(Self.declaring(Self.self, keyPath, defaultValue, serializeForOutput) { fingerprint in
            TypedPropertyDescriptor(fingerprint: fingerprint, key: keyPath, codec: CastCodec<T>(), defaultValue: defaultValue,
                                    flags: serializeForOutput ? .serializeForOutput : [])
        })
    }

    /// Creates a property for the value at `keyPath`, converted by `codec`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path into the model's data, e.g. `"address.city"`.
    ///   - codec: How the stored data becomes the value and back.
    ///   - defaultValue: The value read when the data has none or it does not convert.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init<Codec: WrapValueCodec>(_ keyPath: String, codec: Codec, defaultValue: T, serializeForOutput: Bool = true)
    where Codec.Value == T {
        super.init(Self.declaring(Self.self, keyPath, codec, defaultValue, serializeForOutput) { fingerprint in
            TypedPropertyDescriptor(fingerprint: fingerprint, key: keyPath, codec: codec, defaultValue: defaultValue,
                                    flags: serializeForOutput ? .serializeForOutput : [])
        })
    }

    /// The initialiser the named property classes use.
    init<Codec: WrapValueCodec>(_ keyPath: String, defaultValue: T, serializeForOutput: Bool, codec: Codec,
                                appliesKeyPathModifier: Bool = true) where Codec.Value == T {
        super.init(Self.declaring(Self.self, keyPath, codec, defaultValue, serializeForOutput, appliesKeyPathModifier) { fingerprint in
            TypedPropertyDescriptor(
                fingerprint: fingerprint, key: keyPath, codec: codec, defaultValue: defaultValue,
                flags: serializeForOutput ? .serializeForOutput : [], appliesKeyPathModifier: appliesKeyPathModifier)
        })
    }

    /// The initialiser of the generic property classes whose codec and default value follow from
    /// the class alone (`WPOptStr`, `WPModel<T>`, the model collections): the declaration compares
    /// only the class, the key path and `serializeForOutput` with the one expected, and
    /// `describe` makes the codec and the descriptor when they differ. A declaration that matches
    /// therefore instantiates no generic type: through the initialiser above, such a class (its
    /// initialiser unspecialised, `T` being the caller's) looked up two type metadata and two
    /// witness tables for its codec every time it was declared.
    init(_ keyPath: String, serializeForOutput: Bool, describedBy describe: (DeclarationFingerprint) -> PropertyDescriptor) {
        super.init(Self.declaring(Self.self, keyPath, serializeForOutput, make: describe))
    }

    /// The descriptor of a declaration of `keyPath` converted by `codec` (for `describe` above).
    static func describe<Codec: WrapValueCodec>(_ fingerprint: DeclarationFingerprint, _ keyPath: String, codec: Codec,
                                                defaultValue: T, serializeForOutput: Bool,
                                                appliesKeyPathModifier: Bool = true) -> PropertyDescriptor where Codec.Value == T {
        TypedPropertyDescriptor(fingerprint: fingerprint, key: keyPath, codec: codec, defaultValue: defaultValue,
                                flags: serializeForOutput ? .serializeForOutput : [], appliesKeyPathModifier: appliesKeyPathModifier)
    }

    /// A property object viewing a slot (made for `$name`); bound right after.
    init(viewOf descriptor: TypedPropertyDescriptor<T>) {
        super.init(Declared(position: -1, descriptor: Unmanaged.passRetained(descriptor), owned: true, stack: 0))
    }

    /// The current value: a written value, else the original data converted (once), else ``defaultValue``.
    ///
    /// Reading is safe from any thread. Writing requires a mutable model: on an immutable one the
    /// write asserts in debug builds and is dropped in release builds, reported to a
    /// ``WrapIssueObserver`` either way.
    @inlinable
    public final var value: T {
        // The cached value inline, with no call and no reference count; anything else out of line,
        // the object unretained: see WrapModel.readWrapped(_:as:).
        @inline(__always) get {
            if !observesReads, let slot {
                let bits = CachedRead.load(slot)
                if CacheBox.isLockFreeReadable(bits) {
                    let value = CacheBox.value(at: bits, as: T.self)
                    withExtendedLifetime(self) {}
                    return value
                }
            }
            return WrapProperty<T>.readValueObservedOrMissing(Unmanaged.passUnretained(self), slot, observes: observesReads)
        }
        set { write(newValue) }
    }

    /// What ``value``'s getter calls when it finds no cached value it may read inline: for a model
    /// that observes reads (the read registered, then the slot's cached value, read without a lock
    /// on immutable and mutable models alike: an untagged box outlives every reader), an unbound
    /// object or a miss. Out of line and given the object unretained, as
    /// `WrapModel.readDeclaredObservedOrMissing(_:_:_:observes:as:)` is for wrappers.
    @inlinable @inline(never)
    static func readValueObservedOrMissing(_ property: Unmanaged<WrapProperty<T>>, _ slot: UnsafeMutablePointer<Atomic<UInt>>?,
                                           observes: Bool) -> T {
        if observes, let slot {
            CachedRead.registerRead(Unmanaged<WrapPropertyBase>.fromOpaque(property.toOpaque()))
            let bits = slot.pointee.load(ordering: .acquiring)
            if CacheBox.isLockFreeReadable(bits) { return CacheBox.value(at: bits, as: T.self) }
        }
        return readValueMissing(property)
    }

    /// A miss, or a property object no model owns: the object is retained for the conversion
    /// (which may run the user's code), then read slowly. Kept out of line, so the retain stays
    /// off the cached path.
    @usableFromInline @inline(never)
    static func readValueMissing(_ property: Unmanaged<WrapProperty<T>>) -> T {
        property.takeUnretainedValue().readSlowly()
    }

    /// Converts and caches the value (under the read lock on a mutable model); a property no
    /// model owns reads its default, reported (never silently).
    @usableFromInline
    final func readSlowly() -> T {
        // Borrowed: this object keeps the slots, and they (or it) the descriptor.
        guard let slotsReference else {
            reportOutsideModel()
            return typed.defaultValue
        }
        return slotsReference._withUnsafeGuaranteedRef { slots in
            descriptorReference._withUnsafeGuaranteedRef { unsafeDowncast($0, to: TypedPropertyDescriptor<T>.self).read(slots, Int(index)) }
        }
    }

    @usableFromInline
    final func write(_ newValue: T) {
        guard let slots else { return reportOutsideModel() }
        typed.write(newValue, slots, Int(index), modified: false)
    }

    /// How many replaced boxes a slot of a mutable model keeps for lock-free readers (a test hook).
    static var retiredLimit: Int { TypedPropertyDescriptor<T>.retiredLimit }

    /// The slot's bits (a test hook); 0 when the object is not bound.
    var slotBits: UInt { slots.map { $0.slot(Int(index)).pointee.load(ordering: .acquiring) } ?? 0 }

    /// Whether the slot holds a written value.
    var isMutated: Bool { slots.map { typed.isMutated($0, Int(index)) } ?? false }

    /// The read and write modifiers of the wrapper declared over this property (test hooks).
    var readModifier: ((T) -> T)? { typed.hooks?.read }
    var writeModifier: ((T) -> T)? { typed.hooks?.write }

    /// True when the property has a value: a written non-nil value, or a non-null value in the data.
    public func hasValue() -> Bool {
        guard let slots else { return false }
        return typed.hasValue(slots, Int(index))
    }

    /// The current value in data form, as output writes it: nil for a nil value (`NSNull` when
    /// `withNulls`), and nil when `forOutput` and the property is not serialised for output.
    /// - Parameters:
    ///   - withNulls: Whether a property without a value is written as `null`.
    ///   - forOutput: Whether the value is for a request body: nil for a property declared `serializeForOutput: false`.
    open override func rawValue(withNulls: Bool, forOutput: Bool) -> Any? {
        if forOutput && !serializeForOutput { return nil }
        guard let slots else { return withNulls ? NSNull() : nil }
        var context = WrapEncodingContext(withNulls: withNulls, forOutput: forOutput)
        context.runsWriteHooks = false   // the lock is held below: a hook that writes would wait forever
        let ordinal = Int(index)
        let raw = slots.withReadAccess { typed.outputValue(slots, ordinal, context) }
        return raw ?? (withNulls ? NSNull() : nil)
    }

    /// Drops this property's cached or written value, so the next read converts the data again.
    open override func clearMutation() {
        guard let slots else { return }
        let ordinal = Int(index)
        slots.withWriteAccess { typed.resetCache(slots, ordinal) }
        slots.notifyChange(ordinal)
    }
}
