import Foundation
import Synchronization

/// A typed view of one value in a model's data, converted on first read and cached.
///
/// Declare property objects as stored `let`s of a ``WrapModel`` subclass (or through the property
/// wrappers such as `@IntProperty`), and read or write ``value``:
///
/// ```swift
/// final class Customer: WrapModel {
///     let name = WrapProperty<String>("name", defaultValue: "")
///     let id = WPInt("customer_id")
/// }
/// print(customer.name.value, customer.id.value)
/// ```
///
/// The first read looks the key path up in the original data, converts it and caches the result
/// (a missing value too); later reads return the cache. Absent, `null` and unconvertible values
/// read as ``defaultValue``. Writes replace the cache and are what output writes back; writing to an
/// immutable model asserts in debug builds and is ignored in release builds.
///
/// `WrapProperty<T>` itself reads values with `as? T`; set ``toModelConverter`` and
/// ``fromModelConverter`` (before the first read) to convert differently.
open class WrapProperty<T>: WrapPropertyBase {
    // Fields in this order (see `WrapPropertyBase`): the value type's default goes last, so that a
    // small one fills the end of the object.

    /// How stored data becomes the value and back. Stored inline (codecs are small values).
    let codec: any WrapValueCodec<T>
    /// Bits of a `CacheBox` holding a `T` (with its flags), or 0 when nothing is cached.
    @usableFromInline let slot = Atomic<UInt>(0)
    /// Converters and wrapper modifiers, out of line (nil without any): few properties have them.
    // Unchecked: set by the declaration (or the wrapper's initialiser) before the model is shared; only read after.
    @exclusivity(unchecked) @usableFromInline final var hooks: PropertyHooks<T>?
    /// The value read when the data has none, has `null`, or has a value that does not convert.
    public let defaultValue: T

    /// Converts a stored value (never `NSNull`) to the property's value; replaces the built-in conversion.
    /// Defaults to nil (the codec converts).
    public var toModelConverter: ((_ jsonValue: Any) -> T)? {
        get { hooks?.toModel }
        set { if newValue != nil || hooks != nil { hooksCreatingIfNeeded.toModel = newValue } }
    }
    /// Converts the value back to its data form for output; replaces the built-in conversion.
    /// Defaults to nil (the codec converts).
    public var fromModelConverter: ((_ modelValue: T) -> Any?)? {
        get { hooks?.fromModel }
        set { if newValue != nil || hooks != nil { hooksCreatingIfNeeded.fromModel = newValue } }
    }
    @usableFromInline final var hooksCreatingIfNeeded: PropertyHooks<T> {
        if let hooks { return hooks }
        let created = PropertyHooks<T>()
        hooks = created
        return created
    }

    /// Whether `codec` is a `ModelHoldingCodec` (its values hold models), so only those pay the cast.
    private var holdsModels: Bool { declaration.contains(.holdsModels) }
    /// How many replaced boxes a property of a mutable model keeps for lock-free readers. Beyond
    /// it, the property's boxes are published tagged: read under the lock and freed on replacement.
    static var retiredLimit: Int { 4 }
    /// Applied to every value read through the wrapper.
    @inlinable final var readModifier: ((T) -> T)? {
        get { hooks?.read }
        set { if newValue != nil || hooks != nil { hooksCreatingIfNeeded.read = newValue } }
    }
    /// Applied to every value written through the wrapper.
    @inlinable final var writeModifier: ((T) -> T)? {
        get { hooks?.write }
        set { if newValue != nil || hooks != nil { hooksCreatingIfNeeded.write = newValue } }
    }

    /// Creates a property for the value at `keyPath`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path into the model's data, e.g. `"address.city"`.
    ///   - defaultValue: The value read when the data has none or it does not convert.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, defaultValue: T, serializeForOutput: Bool = true) {
        self.defaultValue = defaultValue
        self.codec = CastCodec<T>()
        super.init(keyPath: keyPath, serializeForOutput: serializeForOutput)
    }

    /// Creates a property for the value at `keyPath`, converted by `codec`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path into the model's data, e.g. `"address.city"`.
    ///   - codec: How the stored data becomes the value and back.
    ///   - defaultValue: The value read when the data has none or it does not convert.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init<Codec: WrapValueCodec>(_ keyPath: String, codec: Codec, defaultValue: T, serializeForOutput: Bool = true)
    where Codec.Value == T {
        self.defaultValue = defaultValue
        self.codec = codec
        super.init(keyPath: keyPath, serializeForOutput: serializeForOutput)
    }

    init<Codec: WrapValueCodec>(_ keyPath: String, defaultValue: T, serializeForOutput: Bool, codec: Codec,
                                appliesKeyPathModifier: Bool = true) where Codec.Value == T {
        self.defaultValue = defaultValue
        self.codec = codec
        super.init(keyPath: keyPath, serializeForOutput: serializeForOutput, appliesKeyPathModifier: appliesKeyPathModifier)
    }

    init<Codec: ModelHoldingCodec>(_ keyPath: String, defaultValue: T, serializeForOutput: Bool, codec: Codec,
                                   appliesKeyPathModifier: Bool = true) where Codec.Value == T {
        self.defaultValue = defaultValue
        self.codec = codec
        super.init(keyPath: keyPath, serializeForOutput: serializeForOutput, holdsModels: true, appliesKeyPathModifier: appliesKeyPathModifier)
    }

    /// The model hooks of `codec`, when its values hold models.
    /// (Unconstrained: see `ModelHoldingCodec.containsMutations(propertyValue:)` for why.)
    private var modelCodec: (any ModelHoldingCodec)? {
        holdsModels ? codec as? any ModelHoldingCodec : nil
    }

    // Nothing can read the property any more: its box goes. Boxes it retired for lock-free
    // readers go with the binding, which this property kept alive until now.
    deinit {
        let bits = slot.load(ordering: .acquiring)
        if bits != 0 { CacheBox.release(bits, as: T.self) }
    }

    /// The current value: a written value, else the original data converted (once), else ``defaultValue``.
    ///
    /// Reading is safe from any thread. Writing requires a mutable model.
    @inlinable
    public final var value: T {
        get {
            // Immutable and mutable models alike: an untagged box outlives every reader (see
            // `replaceBox(with:)`), so reading it needs no lock.
            let bits = slot.load(ordering: .acquiring)
            if CacheBox.isLockFreeReadable(bits) { return CacheBox.value(at: bits, as: T.self) }
            return readSlowPath()
        }
        set { write(newValue) }
    }

    /// True when the property has a value: a written non-nil value, or a non-null value in the data.
    public func hasValue() -> Bool {
        withReadAccess {
            let bits = slot.load(ordering: .acquiring)
            if bits != 0 {
                if CacheBox.isMutation(bits) { return !codec.isNoValue(CacheBox.value(at: bits, as: T.self)) }
            }
            guard let stored = dataStorage.flatMap(lookupStored(in:)) else { return false }
            return !stored.isNull
        }
    }

    /// The current value in data form, as output writes it: nil for a nil value (`NSNull` when
    /// `withNulls`), and nil when `forOutput` and the property is not serialised for output.
    open override func rawValue(withNulls: Bool, forOutput: Bool) -> Any? {
        if forOutput && !serializeForOutput { return nil }
        var context = OutputContext(withNulls: withNulls, forOutput: forOutput)
        context.runsWriteHooks = false   // the lock is held below: a hook that writes would wait forever
        let raw = withReadAccess { outputValue(context) }
        return raw ?? (withNulls ? NSNull() : nil)
    }

    /// Drops this property's cached or written value, so the next read converts the data again.
    open override func clearMutation() {
        guard let lock = treeLock else { return resetCache() }
        lock.writing { resetCache() }
    }

    // MARK: - Reading and writing

    /// The value as a wrapper reads it: through its read modifier, if any.
    @inlinable
    final var wrappedValue: T {
        get {
            let current = value
            guard let readModifier else { return current }
            return readModifier(current)
        }
        set {
            value = writeModifier.map { $0(newValue) } ?? newValue
        }
    }

    @usableFromInline
    final func readSlowPath() -> T {
        if isLockFree { return readAssumingAccess() }
        guard let lock = treeLock else { return readAssumingAccess() }
        return lock.reading { readAssumingAccess() }
    }

    /// Reads with the lock held, or lock-free on an immutable model: boxes are then never freed
    /// while the model lives, so losing the race to publish just means using the winner's box.
    func readAssumingAccess() -> T {
        let bits = slot.load(ordering: .acquiring)
        if bits != 0 { return CacheBox.value(at: bits, as: T.self) }
        let converted = convertStoredValue()
        // `retiredCount` is only read here with the lock held (mutable models); immutable models
        // never tag, as nothing replaces their boxes but clearing a copy's written value.
        let locked = !isLockFree && Int(retiredCount) >= Self.retiredLimit
        let box = CacheBox.publish(converted, isMutation: false, locked: locked)
        let (exchanged, winner) = slot.compareExchange(
            expected: 0, desired: box, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged { return converted }
        CacheBox.release(box, as: T.self)
        return CacheBox.value(at: winner, as: T.self)
    }

    @usableFromInline
    final func write(_ newValue: T) {
        guard let lock = treeLock else {
            assertionFailure("WrapModel: writing \(keyPath) of a property that belongs to no model")
            return
        }
        guard !isLockFree else {
            assertionFailure("WrapModel: attempt to write \(keyPath) of an immutable model")
            return
        }
        lock.writing { replaceBox(with: newValue) }
    }

    /// Publishes `box` (or empties the slot) on a mutable model, with the write lock held.
    ///
    /// Readers load an untagged box without any lock, so a replaced untagged box may still be
    /// being copied from: it is retired, and freed only when the model and all its properties
    /// are gone (it is kept by the model's binding). After
    /// ``retiredLimit`` retirements the property publishes tagged boxes, which readers read under
    /// the read lock, so the write lock makes freeing them at once safe. Memory stays bounded
    /// (`retiredLimit` boxes per property) however often a property is written or cleared.
    private func replaceBox(with written: T?) {
        let old = slot.load(ordering: .relaxed)   // only changed under the lock, which we hold
        let oldIsShared = CacheBox.isLockFreeReadable(old)
        if oldIsShared { retire(old) }
        let bits = written.map { CacheBox.publish($0, isMutation: true, locked: Int(retiredCount) >= Self.retiredLimit) } ?? 0
        if bits != 0 { owner?.noteWrite() }
        slot.store(bits, ordering: .releasing)
        if !oldIsShared && old != 0 { CacheBox.release(old, as: T.self) }
    }

    /// Hands a replaced box to the binding, which frees it when neither the model nor any of its
    /// properties can be read any more. Only ever with the tree's write lock held.
    private func retire(_ bits: UInt) {
        // A value kept in the slot itself has no box: nothing can be freed from under a reader.
        if CacheBox.isInline(bits) { return }
        guard let binding else {
            // Never bound: created outside a model (a misuse, reported on read), which no lock
            // guards for other threads anyway; only this thread can be looking at the box.
            return CacheBox.release(bits, as: T.self)
        }
        binding.retire(bits, release: { CacheBox.release($0, as: T.self) })
        if retiredCount < .max { retiredCount += 1 }
    }

    /// Converts the value stored at the key path, without touching the cache.
    func convertStoredValue() -> T {
        if WrapIssueObserver.isActive.load(ordering: .relaxed) { return convertStoredValueObserved() }
        guard let context = decodeContext(issues: nil, keyPath: keyPath) else {
            PropertyMisuse.report(self)
            return defaultValue
        }
        guard let stored = lookupStored(in: context.storage), !stored.isNull else { return defaultValue }
        if let toModelConverter { return toModelConverter(stored.any) }
        return codec.decode(WrapStoredValue(stored), context: context, default: defaultValue)
    }

    /// The codec's value for `stored` (not null), or nil when it does not convert.
    func decodeStored(_ stored: StoredValue, _ context: DecodeContext) -> T? {
        codec.decode(WrapStoredValue(stored), context: context)
    }

    func withReadAccess<R>(_ body: () -> R) -> R {
        guard !isLockFree, let lock = treeLock else { return body() }
        return lock.reading(body)
    }

    // MARK: - Model hooks (lock held)

    override func outputValue(_ context: OutputContext) -> Any? {
        let current = readAssumingAccess()
        if let fromModelConverter { return fromModelConverter(current) }
        // Lossless output of a collection read from the data whose models were written to: the
        // collection is written over its original, so what held no model is kept.
        if context.keepUnmodeledKeys, let modelCodec, !isMutated,
           let original = decodeContext(issues: nil, keyPath: keyPath)?.storage.lookup(path),
           let merged = modelCodec.encode(propertyValue: current, readFrom: original, context: context) {
            return merged
        }
        return codec.encode(current, context: context)
    }

    /// Writes straight into `writer`: models the value holds write their own members, other
    /// values go through the codec's data form (scalars, which the writer tells apart by their
    /// exact type at no cost). Lossless output never comes here.
    override func writeOutputJSON(into writer: inout JSONWriter, _ context: OutputContext,
                                  depth: Int) throws(JSONWriter.InvalidValue) -> Bool {
        let current = readAssumingAccess()
        if let fromModelConverter {
            guard let value = fromModelConverter(current) else { return false }
            try writer.writeValue(value, depth: depth)
            return true
        }
        if let written = try writeCommonScalar(current, into: &writer) { return written }
        if let modelCodec { return try modelCodec.writeJSON(propertyValue: current, into: &writer, context: context, depth: depth) }
        guard let value = codec.encode(current, context: context) else { return false }
        try writer.writeValue(value, depth: depth)
        return true
    }

    /// On an immutable model (read without a lock), a box holding no mutation is kept: it is the
    /// conversion of data that never changes, so reading it again would produce the same value,
    /// and freeing it could pull it from under a reader that loaded its pointer. A box holding a
    /// mutation (only a copy made with mutations has one) is retired until the model and its
    /// properties are gone.
    /// Nothing writes to an immutable model, so each property retires at most one box, and
    /// repeated clearing costs no memory. A mutable model's box is replaced as a write replaces it.
    override func resetCache() {
        guard isLockFree else { return replaceBox(with: nil) }
        guard holdsMutations else { return }
        let old = slot.exchange(0, ordering: .acquiringAndReleasing)
        if old != 0 { retire(old) }
    }

    override func transferState(from source: WrapPropertyBase, to newModel: WrapModel) {
        guard let source = source as? WrapProperty<T> else { return }
        let bits = source.slot.load(ordering: .acquiring)
        guard bits != 0 else { return }
        let cached = CacheBox.value(at: bits, as: T.self)
        let value = modelCodec.map { $0.adopt(propertyValue: cached, into: newModel) } ?? cached
        let copy = CacheBox.publish(value, isMutation: CacheBox.isMutation(bits))
        if CacheBox.isMutation(bits) { newModel.noteWrite() }
        let old = slot.exchange(copy, ordering: .acquiringAndReleasing)
        if old != 0 { CacheBox.release(old, as: T.self) }
    }

    override var isMutated: Bool {
        let bits = slot.load(ordering: .acquiring)
        return CacheBox.isMutation(bits)
    }

    override var holdsMutations: Bool {
        let bits = slot.load(ordering: .acquiring)
        guard bits != 0 else { return false }
        if CacheBox.isMutation(bits) { return true }
        guard let modelCodec else { return false }
        return modelCodec.containsMutations(propertyValue: CacheBox.value(at: bits, as: T.self))
    }

    override func collectIssues(prefix: String, into issues: IssueCollector) {
        let fullPath = path.isRoot ? prefix : (prefix.isEmpty ? keyPath : "\(prefix).\(keyPath)")
        guard let context = decodeContext(issues: issues, keyPath: fullPath),
              let stored = lookupStored(in: context.storage), !stored.isNull else {
            if !isOptionalValue { issues.add(WrapModelIssue(keyPath: fullPath, kind: .missing)) }
            return
        }
        if let toModelConverter { _ = toModelConverter(stored.any); return }
        let before = issues.count
        if decodeStored(stored, context) == nil, issues.count == before {
            issues.add(WrapModelIssue(keyPath: fullPath, kind: .wrongType(expected: codec.expectedDescription, found: stored.typeDescription)))
        }
    }

    override var heldModel: WrapModel? { holdsModels ? readAssumingAccess() as? WrapModel : nil }

    override var heldModelClass: WrapModel.Type? { modelCodec?.modelClass }

    override var holdsTreeModels: Bool { holdsModels }

    /// The models this property already holds (read or assigned). A submodel never read is not
    /// created here: it has no state of its own for a hook to finish, and creating it would
    /// convert the whole tree on every output (lossless output copies it without creating it).
    override func forEachTreeModel(_ body: (WrapModel) -> Void) {
        // The slot first: finding the model codec is a dynamic cast.
        let bits = slot.load(ordering: .acquiring)
        guard bits != 0, let modelCodec else { return }
        modelCodec.forEachModel(inPropertyValue: CacheBox.value(at: bits, as: T.self), body)
    }

    /// Whether this property's values hold models (submodels, groups, model collections).
    final var holdsModelValues: Bool { holdsModels }

    /// Optional-valued properties may be absent without that being a problem.
    var isOptionalValue: Bool { T.self is any _OptionalMarker.Type }
}
