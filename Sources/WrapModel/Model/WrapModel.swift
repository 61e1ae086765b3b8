import Foundation
import Synchronization

/// A typed model over a JSON-shaped dictionary, converting each value only when it is read.
///
/// Subclass it and declare properties, either as property wrappers or as stored property objects:
///
/// ```swift
/// final class Customer: WrapModel, NonisolatedModel, @unchecked Sendable {
///     @StrProperty("last_name") var lastName
///     @MutIntProperty("customer_identifier") var custNumber
///     let purchases = WPModelArray<Purchase>("purchases")
/// }
/// let customer = Customer(json: body, mutable: true)
/// customer?.custNumber = 12
/// ```
///
/// The model keeps the original dictionary untouched: creating one converts nothing. Each
/// property converts its value on first read and caches it; writes go to that cache, and
/// ``currentModelData(withNulls:forOutput:)`` writes every declared property back at its key path.
/// Subclasses inherit their parents' properties.
///
/// Models are safe to share between threads: reads and writes of one model tree (the model, its
/// submodels and groups) are guarded by one ``WrapModelLock``, and cached values of immutable
/// models are read without any lock.
// @unchecked: state is guarded by the tree's WrapModelLock, or immutable once init returns.
open class WrapModel: NSObject, NSCopying, NSMutableCopying, NSSecureCoding, Codable, @unchecked Sendable {
    /// Whether properties may be written. Writing to an immutable model asserts in debug builds
    /// and is dropped in release builds (an issue observer hears of it either way).
    public let isMutable: Bool

    /// The model's values and what filling them needs (its data, its class's descriptors, the
    /// tree's lock), in one allocation. Set once at the end of `init`, before the model is shared.
    @exclusivity(unchecked) @usableFromInline final var slotsReference: Unmanaged<ModelSlots>?
    /// Where a property wrapper finds its slot: the slot of the declaration at position `p` is
    /// `slotOrigin[p]` (the first slot, offset by the position of the model's first declaration).
    /// Set with ``slotsReference``.
    @exclusivity(unchecked) @usableFromInline final var slotOrigin: UnsafeMutablePointer<Atomic<UInt>>
    /// The position of the model's first declaration, which wrapper positions are counted from.
    @exclusivity(unchecked) @usableFromInline final var firstPosition: Int32 = 0
    /// Whether reads register with Swift Observation (``WrapObservation/isEnabled`` when the
    /// model was created): kept beside the slots, so a read checks it with one load.
    @exclusivity(unchecked) @usableFromInline final var observesReads = false
    /// Property objects the model keeps for wrappers declared over one (`@ROProperty(WPInt("n"))`),
    /// by ordinal, so `$name` gives that object back.
    @exclusivity(unchecked) private(set) var keptObjects: [(ordinal: Int, object: WrapPropertyBase)]?
    /// The JSON text the model was created from, kept for debugging.
    private(set) var originalJSON: String?
    /// Set when the data's version is newer than the class's current version, or unreadable.
    var unsupportedDataVersion: UnsupportedDataVersion?

    /// Wraps `data` without converting anything.
    ///
    /// Every way of creating a model goes through this initialiser, which is isolated to no
    /// actor. In a target whose default isolation is the main actor (Xcode 26's app template),
    /// a model class that does not say otherwise is isolated to the main actor, and Swift
    /// reports on the class: "main actor-isolated initializer 'init(data:mutable:)' has
    /// different actor isolation from nonisolated overridden declaration" (and, where a
    /// nonisolated function creates one, "main actor-isolated initializer 'init(data:mutable:)'
    /// cannot be called from outside of the actor"). Name ``NonisolatedModel`` in the class's
    /// declaration — in a subclass, the next step of its ladder, ``NonisolatedModel2`` and on:
    ///
    /// ```swift
    /// class APIModel: WrapModel, NonisolatedModel, @unchecked Sendable {}
    /// final class Invoice: APIModel, NonisolatedModel2, @unchecked Sendable {
    ///     @MutProperty var paid: Bool
    /// }
    /// ```
    /// - Parameters:
    ///   - data: The dictionary to wrap, typically from JSON. It is kept as it is.
    ///   - mutable: Whether properties may be written.
    public required init(data: [String: Any], mutable: Bool) {
        let context = ConstructionContext.current
        let modelClass = type(of: self)
        let handOff = context.takeHandOff(for: ObjectIdentifier(modelClass))
        // The class's tables are borrowed, never retained: every model of the class uses them,
        // and a reference count they share would be written by every thread making models.
        let classTable = ModelClassTable.unretained(modelClass)
        var storage = handOff?.storage ?? ModelStorage(data)
        // Migrate first: every later read sees the data at the class's current version.
        if classTable._withUnsafeGuaranteedRef({ $0.versioning != nil }) {
            let migrated = classTable._withUnsafeGuaranteedRef { Self.migrated(storage, $0.versioning.unsafelyUnwrapped) }
            (storage, unsupportedDataVersion) = migrated
        }
        isMutable = mutable
        slotOrigin = ModelSlots.noSlots
        super.init()
        let claim = classTable._withUnsafeGuaranteedRef { context.claimDeclarations(of: self, $0) }
        // A document still arriving changes under its lock: every model over it shares that lock
        // and reads through it, immutable or not (see `WrapPartialDocument`).
        let growing = storage.growingDocumentLock
        let slots = ModelSlots.make(table: claim.table, variant: claim.variant, storage: storage, isLockFree: !mutable && growing == nil,
                                    refusesWrites: !mutable, lock: handOff?.lock ?? growing)
        for (ordinal, descriptor) in claim.overrides { slots.setOverride(descriptor, at: ordinal) }
        slotsReference = Unmanaged.passRetained(slots)
        firstPosition = Int32(truncatingIfNeeded: claim.base)
        slotOrigin = slots.firstSlot - claim.base
        observesReads = slots.observesReads
        if claim.table._withUnsafeGuaranteedRef({ $0.hasObjects }) || !claim.kept.isEmpty { bindObjects(claim, slots) }
        didReadData()
    }

    /// Binds the classic property objects the model's declarations made to its slots: those in
    /// its stored properties, loaded from where the class's layout says they are (no record of
    /// them was made when they were created), and those wrappers were declared over, which the
    /// model keeps.
    private func bindObjects(_ claim: ConstructionContext.Claim, _ slots: ModelSlots) {
        slots.rememberModel(self)
        let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        var sharing = 0
        func bind(_ object: Unmanaged<WrapPropertyBase>, _ ordinal: Int) {
            object._withUnsafeGuaranteedRef { object in
                slots.withDescriptor(ordinal) { object.bindSharing(to: slots, ordinal: ordinal, descriptor: $0) }
            }
            sharing += 1
        }
        // The table borrowed: its layout is the class's, shared by every model.
        claim.table._withUnsafeGuaranteedRef { table in
            switch claim.objects {
            case .all:
                guard let layout = table.layout else { return }
                for index in layout.objects.indices {
                    let (offset, ordinal) = layout.objects[index]
                    bind(address.load(fromByteOffset: offset, as: Unmanaged<WrapPropertyBase>.self), ordinal)
                }
            case .ordinals(let ordinals):
                guard let layout = table.layout else { return }
                for ordinal in ordinals {
                    bind(address.load(fromByteOffset: layout.fields[ordinal].offset, as: Unmanaged<WrapPropertyBase>.self), ordinal)
                }
            case .found(let found):
                for (ordinal, object) in found where ordinal >= 0 && ordinal < slots.count { bind(Unmanaged.passUnretained(object), ordinal) }
            }
        }
        slots.share(among: sharing)
        guard !claim.kept.isEmpty else { return }
        // Kept in an array, not in a stored property of their own: each holds its own reference.
        for (ordinal, object) in claim.kept { slots.withDescriptor(ordinal) { object.bind(to: slots, ordinal: ordinal, descriptor: $0) } }
        keptObjects = claim.kept
    }

    deinit {
        guard let slotsReference else { return }
        slotsReference._withUnsafeGuaranteedRef { $0.forgetModel() }
        slotsReference.release()
    }

    /// The model's slots (set at the end of `init`).
    final var slots: ModelSlots { slotsReference.unsafelyUnwrapped.takeUnretainedValue() }

    /// The original data. Replaced only by `replaceOriginalData(_:)` on a mutable model, under
    /// the write lock; mutable models read it under the read lock.
    final var storage: ModelStorage { slots.storage }

    /// An empty, mutable model.
    public convenience override init() {
        self.init(data: [:], mutable: true)
    }

    /// Wraps the object in `json`; nil when `json` is nil, malformed or not a JSON object.
    ///
    /// Lenient like `JSONSerialization`: a leading byte-order mark and a trailing comma after the
    /// last member or element are accepted (``init(parsing:mutable:strict:)-(String,_,_)`` refuses both).
    /// - Parameters:
    ///   - json: JSON text whose root is an object.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    public convenience init?(json: String?, mutable: Bool = false) {
        guard let json, let storage = try? JSONInput.storage(from: Data(json.utf8), lenient: true) else { return nil }
        self.init(storage: storage, mutable: mutable)
        originalJSON = json
    }

    /// Wraps the object in UTF-8 `jsonData`; nil when it is nil, malformed or not a JSON object.
    /// Lenient as ``init(json:mutable:)``. The model keeps `jsonData` itself, not a copy (a slice
    /// whose indices do not start at 0 is copied), so memory under a
    /// `Data(bytesNoCopy:count:deallocator: .none)` must stay valid while the model lives.
    /// - Parameters:
    ///   - jsonData: UTF-8 JSON whose root is an object.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    public convenience init?(jsonData: Data?, mutable: Bool = false) {
        guard let jsonData, let storage = try? JSONInput.storage(from: jsonData, lenient: true) else { return nil }
        self.init(storage: storage, mutable: mutable)
    }

    /// Wraps already-built storage (a JSON document's object) through `init(data:mutable:)`, so
    /// subclasses that override that initialiser still run (see `ConstructionContext.initialData`).
    convenience init(storage: ModelStorage, mutable: Bool) {
        self.init(data: ConstructionContext.current.initialData(for: Self.self, storage: storage, lock: nil), mutable: mutable)
    }

    /// A model of this class over `storage` (the static counterpart of `init(storage:mutable:)`).
    static func wrapping(_ storage: ModelStorage, mutable: Bool) -> Self {
        make(over: storage, mutable: mutable, lock: nil)
    }

    /// How declarations that give no key (`@Property var createdAt: Date?`) name it from the
    /// property's name. Defaults to ``WrapKeyNaming/asIs``; subclasses inherit their parent's.
    /// Read once, when the class's first instance is created.
    open class var keyNaming: WrapKeyNaming { .asIs }

    /// Whether models of this class created from JSON bytes (and their submodels) wrap the parsed
    /// document lazily. Defaults to `true`.
    ///
    /// Lazily wrapped models are created through `init(data:mutable:)` with an empty dictionary and
    /// read their values from the document. A subclass that overrides `init(data:mutable:)` to
    /// look at or adjust its data should return `false`: its initialiser then receives the whole
    /// parsed dictionary on every path, at the cost of converting it up front.
    open class var wrapsJSONLazily: Bool { true }

    /// A copy of `model`, with or without the values written to it.
    ///
    /// The copy is of the class this initialiser is called on. With `withMutations` it carries
    /// `model`'s written and cached values (submodels are copied into the new model's tree);
    /// without, it wraps `model`'s original data only.
    /// - Parameters:
    ///   - model: The model to copy.
    ///   - withMutations: Whether the copy carries `model`'s written and cached values.
    ///   - mutable: Whether the copy's properties may be written.
    public convenience init(asCopyOf model: WrapModel, withMutations: Bool, mutable: Bool) {
        let sameClass = type(of: model) == Self.self
        let storage = sameClass || !withMutations
            ? model.withReadAccess { model.storage }
            : ModelStorage(model.outputData(options: [.keepUnmodeledKeys, .includeNonOutputProperties, .withNulls]))
        self.init(storage: storage, mutable: mutable)
        if withMutations && sameClass {
            model.withReadAccess { transferState(from: model) }
        }
    }

    // MARK: - Data

    /// The lock shared by this model's tree. Submodels, model arrays and groups receive their
    /// parent's. Assigning one is only safe before the model is shared between threads.
    /// Created on first use: a model that never needs it never allocates it.
    public var lock: WrapModelLock {
        get { slots.lock }
        set { slots.setLock(newValue) }
    }

    /// The dictionary the model was created with, untouched by writes (migrated, for versioned types).
    public var originalModelData: [String: Any] { withReadAccess { storage.originalData } }

    /// The original data as pretty-printed JSON, or nil if it holds values JSON cannot express.
    open var originalModelDataAsJSON: String? {
        try? JSONOutput.string(originalModelData, options: [.prettyPrinted, .sortedKeys])
    }

    /// The declared properties' current values, written at their key paths.
    ///
    /// Missing nested dictionaries are created, parents before children. Keys the model does not
    /// declare are left out (see ``outputData(options:)`` to keep them).
    /// - Parameters:
    ///   - withNulls: Write `NSNull` for nil values instead of leaving them out.
    ///   - forOutput: Leave out properties declared with `serializeForOutput: false`, in submodels
    ///     too. Defaults to `false`.
    open func currentModelData(withNulls: Bool, forOutput: Bool = false) -> [String: Any] {
        outputDictionary(WrapEncodingContext(withNulls: withNulls, forOutput: forOutput))
    }

    /// ``currentModelData(withNulls:forOutput:)`` for output (`forOutput: true`) as pretty-printed
    /// JSON with sorted keys; nil if a value cannot be written as JSON (e.g. NaN).
    /// - Parameter withNulls: Whether a property without a value is written as `null`.
    open func currentModelDataAsJSON(withNulls: Bool) -> String? {
        let options: WrapOutputOptions = withNulls ? [.prettyPrinted, .sortedKeys, .withNulls] : [.prettyPrinted, .sortedKeys]
        return (try? JSONOutput.data(of: self, options: options)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Drops every written value: the next reads convert the original data again. An immutable
    /// model keeps the values it already converted (they are those same conversions).
    public func clearMutations() {
        let slots = self.slots
        lock.writing {
            for ordinal in 0..<slots.count { slots.withDescriptor(ordinal) { $0.resetCache(slots, ordinal) } }
            forgetWrites()
        }
        // An immutable model keeps what it converted: nothing changed that an observer could see.
        if isMutable { slots.notifyChangeOfAll() }
    }

    // The members below stay in the class body, though each belongs to one conformance: on Linux,
    // overrides of NSObject members and `open` members that subclasses override cannot live in
    // extensions (there is no Objective-C runtime to dispatch them), and required initialisers
    // must be declared in the class. What can move lives in WrapModel+Equality, +Copying and
    // +Archiving, and Codable's value coding in AnyCodableValue.

    // MARK: - Hooks

    /// Called once a model is created from data, every property bound (State's `finishReading`).
    /// Does nothing by default; override it to check or derive values:
    ///
    /// ```swift
    /// final class Article: WrapModel, NonisolatedModel, @unchecked Sendable {
    ///     @Property("body") var body: String
    ///     private(set) var wordCount = 0
    ///     override func didReadData() { wordCount = body.split(separator: " ").count }
    /// }
    /// ```
    /// It runs at the end of `WrapModel`'s `init(data:mutable:)`, which every way of creating a
    /// model goes through (initialisers, submodels, collections, imports, stores, persistence,
    /// copies, archives, `Codable`), on the thread creating the model, before the model is
    /// shared — and before the rest of a subclass's own `init(data:mutable:)` override runs. A
    /// submodel is created while its parent's property is read, with the tree's lock held for
    /// reading: the hook may read properties (reads nest), but must not write properties of the
    /// model's tree (the write lock would wait for that read forever). Plain stored Swift
    /// properties of the model may be set freely.
    open func didReadData() {}

    /// Called before the model's output is built (State's `finishWriting`), by every output:
    /// ``currentModelData(withNulls:forOutput:)``, ``outputData(options:)``, JSON and property
    /// list output, persistence, keyed archiving and `Codable` encoding — not by equality and
    /// hashing. Does nothing by default.
    ///
    /// It runs on the thread asking for output. In a mutable tree, the hooks of the model output
    /// was asked of and of every model of its tree that exists (submodels, groups and collection
    /// elements already read or assigned; none is created for its hook) run first, before the
    /// tree's lock is taken, so they may write properties (e.g. stamp a
    /// modification date). In an immutable tree, which takes no lock, each model's hook runs as
    /// its output is built. No hook runs for output built while the caller holds the tree's lock
    /// (a property's ``WrapProperty/rawValue(withNulls:forOutput:)``).
    open func willWriteOutput() {}

    // MARK: - Equality

    /// True when `model`'s current data (`currentModelData(withNulls: false, forOutput: false)`)
    /// equals this model's, compared value by value (numbers by numeric value), whatever the two
    /// classes are: as in 1.3.7, a model and a subclass over the same data are equal.
    /// - Parameter model: The model to compare with; nil is never equal.
    open func isEqualToModel(model: WrapModel?) -> Bool {
        guard let model else { return false }
        if model === self { return true }
        return StructuralEquality.isEqual(comparableData(), model.comparableData())
    }

    /// Same as ``isEqualToModel(model:)``.
    /// - Parameter object: The object to compare with; anything but a model is never equal.
    open override func isEqual(_ object: Any?) -> Bool {
        isEqualToModel(model: object as? WrapModel)
    }

    /// Consistent with ``isEqualToModel(model:)``: equal models have equal hashes.
    open override var hash: Int {
        var hasher = Hasher()
        StructuralEquality.hash(comparableData(), into: &hasher)
        return hasher.finalize()
    }

    // MARK: - Copying

    /// An immutable copy of the current state; an immutable model returns itself.
    /// - Parameter zone: Unused, as in Foundation. Defaults to nil.
    open func copy(with zone: NSZone? = nil) -> Any {
        isMutable ? makeCopy(mutable: false) : self
    }

    /// A mutable copy carrying over written and cached values.
    /// - Parameter zone: Unused, as in Foundation. Defaults to nil.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        makeCopy(mutable: true)
    }

    // MARK: - Archiving

    /// True: models decode only the plain property-list classes they archive.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the mutable flag and the data: the original overlaid with current values, as JSON,
    /// or as a property list dictionary when a value has no JSON form (NaN, infinity, a date).
    /// Never fails: a value with no archivable form at all is left out.
    /// - Parameter coder: The archiver.
    open func encode(with coder: NSCoder) {
        coder.encode(isMutable, forKey: ArchiveKey.mutable)
        encodeData(with: coder, forKey: ArchiveKey.data)
    }

    /// Restores a model archived with ``encode(with:)``; nil when the archive holds no valid data,
    /// or data of a newer (or unreadable) version than a versioned class knows.
    /// - Parameter coder: The unarchiver.
    public required convenience init?(coder: NSCoder) {
        let mutable = coder.decodeBool(forKey: ArchiveKey.mutable)
        guard let storage = Self.decodedStorage(from: coder, forKey: ArchiveKey.data) else { return nil }
        self.init(storage: storage, mutable: mutable)
        if unsupportedDataVersion != nil { return nil }
    }

    // MARK: - Codable

    /// Decodes a model from any JSON object (or keyed container), keeping every value with its
    /// type: integers, doubles, booleans, strings, nulls, arrays and objects. The model is immutable.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the container is not keyed.
    public required convenience init(from decoder: any Decoder) throws {
        self.init(data: try AnyCodableValue.decodeObject(from: decoder), mutable: false)
    }

    /// Encodes the model's whole current data as a keyed container: the data it was created from
    /// with written values converted in (`outputData(options: [.keepUnmodeledKeys,
    /// .includeNonOutputProperties])`), so decoding it back reads every value again, properties
    /// declared `serializeForOutput: false` included.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when a value has no encodable form.
    open func encode(to encoder: any Encoder) throws {
        try encodeInCodingForm(to: encoder)
    }

    // MARK: - Description

    /// The class, its mutability and the current data as JSON.
    open override var description: String {
        let json = currentModelDataAsJSON(withNulls: true) ?? "{}"
        return "\(type(of: self)) (\(isMutable ? "mutable" : "immutable")) \(json)"
    }

    /// Same as ``description``.
    open override var debugDescription: String { description }
}
