import Foundation
import Observation
import Synchronization
import WrapModelJSON

/// An in-memory store of models of one type, one model per identity.
///
/// ```swift
/// let posts = WrapModelStore<Post>(identityKeyPath: "id")
/// let result = try posts.import(feedBytes)             // merge: true
/// let post = posts.model(forIdentity: 42)
/// ```
///
/// **Identities.** The value at ``identityKeyPath`` (e.g. `"id"` or `"meta.id"`) identifies an
/// object. It must be an integer or a non-empty string; `12` and `"12"` are the same identity (see
/// ``WrapModelIdentity``). Objects whose identity is missing, `null` or of another type are not
/// stored: the import reports them in ``ImportResult/issues`` (key path `[3].id`) and goes on.
///
/// **One instance per identity.** Importing an identity the store already holds updates that
/// model in place — the same instance, so every reference to it sees the new data:
/// - with `merge: true` (the default) the new object is merged into the model's data: new values
///   win, keys absent from the new object keep their old values, an explicit `null` removes the
///   key (the property then reads its default), and nested objects merge the same way, key by key,
///   at every depth. Arrays and other values are replaced as a whole.
/// - with `merge: false` the new object replaces the model's data entirely.
///
/// Either way the update drops the model's cached values *and any value written to it*: stored
/// models mirror the data imported into them. Edit an `editableCopy()` to prepare changes to post.
/// Stored models are mutable (so that they can be updated) and each has its own lock.
///
/// **Placeholders.** A ``WrapPropertyReference`` whose data holds only an identity resolves to
/// the stored model, or — when the store has none yet — to a placeholder: a model whose data is
/// just the identity, stored under it. A later import of that identity fills the placeholder in
/// (same instance). Placeholders are returned by ``model(forIdentity:)-(WrapModelIdentity)`` but
/// are not counted in ``count`` or listed in ``all`` until data for them is imported.
///
/// **Threads.** Every method is safe from any thread. The index is guarded by a lock; updates of
/// one identity are serialised and go through the model tree's write lock, so concurrent imports
/// lose no update (with merging, concurrent updates of disjoint keys all survive).
// @unchecked: all mutable state is inside `Locked` or atomics; the rest is immutable after init.
public final class WrapModelStore<Model: WrapModel>: @unchecked Sendable, IdentityComparedArgument {
    /// What one import did.
    public struct ImportResult: Sendable {
        /// The model for every object imported, in input order (an identity given twice appears
        /// twice, as the same instance). Objects that were not stored are left out.
        public let models: [Model]
        /// Objects left out (not an object, identity missing or of the wrong type), and embedded
        /// objects of reference properties likewise left out, with their key paths (`[3].id`).
        public let issues: [WrapModelIssue]
        /// How many identities got their first data (new models, and placeholders filled in).
        public let insertedCount: Int
        /// How many times an identity that already had data was updated.
        public let updatedCount: Int
    }

    /// The period-delimited key path of the identity in each object, as given (the global
    /// `WrapPropertyKeyPathModifier` does not apply to it); for a composite identity, the key
    /// paths joined by `", "` (`"suit, value"`).
    public let identityKeyPath: String
    /// The key paths whose values together identify an object: one for most stores, several for
    /// a composite identity.
    public var identityKeyPaths: [String] { identityPaths.keyPaths }
    /// The name of the ``WrapValueTransformers`` transformer applied to each whole object before
    /// it is stored (Groot's `JSONDictionaryTransformerName`), or nil.
    public let objectTransformer: String?
    let identityPaths: IdentityKeyPaths
    /// Whether `Model` selects subclasses (then a placeholder may be replaced by its subclass).
    private let isPolymorphic = SubclassSelection.selector(of: Model.self) != nil

    // @unchecked: its two vars are read and written only under the store's lock (see below).
    final class Entry: @unchecked Sendable {
        let model: Model
        let identity: WrapModelIdentity
        /// Serialises updates of this identity.
        let updateLock = NSLock()
        /// The identity as the model's data last gave it (an Int or a String); guarded by the store's lock.
        var rawIdentity: any Sendable
        /// True until data for the identity is imported; guarded by the store's lock.
        var isPlaceholder: Bool

        init(model: Model, identity: WrapModelIdentity, rawIdentity: any Sendable, isPlaceholder: Bool) {
            self.model = model
            self.identity = identity
            self.rawIdentity = rawIdentity
            self.isPlaceholder = isPlaceholder
        }
    }

    private struct Index: Sendable {
        var byIdentity: [WrapModelIdentity: Entry] = [:]
        var byObject: [ObjectIdentifier: Entry] = [:]
        /// Entries with data, in the order they first got it.
        var ordered: [Entry] = []
    }

    private let index = Locked(Index())
    /// The store's observers (see WrapModelStore+Observable), and whether a tracked read ever
    /// registered with it.
    let registrar = ObservationRegistrar()
    let isObserved = Atomic<Bool>(false)
    /// The link reference codecs reach this store through (weakly: the store owns the link).
    let link = StoreLink<Model>()

    /// Creates an empty store.
    /// - Parameters:
    ///   - identityKeyPath: Where each object keeps its identity, e.g. `"id"` or `"meta.id"`.
    ///   - objectTransformer: The name of a registered transformer applied to each whole object
    ///     before it is stored; nil (the default) uses `Model`'s
    ///     ``WrapObjectTransforming/objectTransformerName``, if it adopts that protocol.
    public init(identityKeyPath: String, objectTransformer: String? = nil) {
        precondition(!identityKeyPath.isEmpty, "WrapModelStore: the identity key path is empty")
        self.identityKeyPath = identityKeyPath
        self.identityPaths = IdentityKeyPaths([identityKeyPath])
        self.objectTransformer = objectTransformer ?? (Model.self as? any WrapObjectTransforming.Type)?.objectTransformerName
        link.store = self
    }

    /// Creates an empty store whose objects are identified by the values at several key paths
    /// together (a composite identity, Groot's `identityAttributes = "suit, value"`).
    ///
    /// ```swift
    /// let cards = WrapModelStore<Card>(identityKeyPaths: ["suit", "value"])
    /// let queen = cards.model(forIdentityValues: ["hearts", 12])
    /// ```
    /// Every key path must hold an integer or string identity; references name a stored object
    /// by an array of those values in key path order (`["hearts", 12]`) or by an embedded object.
    /// - Parameters:
    ///   - identityKeyPaths: The key paths, in order; one key path makes an ordinary store.
    ///   - objectTransformer: As in ``init(identityKeyPath:objectTransformer:)``.
    public init(identityKeyPaths: [String], objectTransformer: String? = nil) {
        precondition(!identityKeyPaths.isEmpty && !identityKeyPaths.contains(where: \.isEmpty),
                     "WrapModelStore: an identity key path is empty")
        self.identityKeyPath = identityKeyPaths.joined(separator: ", ")
        self.identityPaths = IdentityKeyPaths(identityKeyPaths)
        self.objectTransformer = objectTransformer ?? (Model.self as? any WrapObjectTransforming.Type)?.objectTransformerName
        link.store = self
    }

    // MARK: - Importing

    /// Imports a JSON array of objects, or a single object, from UTF-8 bytes.
    /// - Parameters:
    ///   - json: UTF-8 JSON whose root is an array of objects or an object.
    ///   - merge: Merge into the models already stored (`true`, the default) or replace their data.
    /// - Returns: The models in input order and the objects that were left out.
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)``, or ``WrapModelError/notAnObject(found:)``
    ///   when the root is neither an array nor an object. Problems with single objects are not thrown.
    @discardableResult
    public func `import`(_ json: Data, merge: Bool = true) throws(WrapModelError) -> ImportResult {
        importElements(try ImportInput(bytes: json), merge: merge)
    }

    /// Imports a JSON array of objects, or a single object, from JSON text; see ``import(_:merge:)-(Data,_)``.
    /// - Parameters:
    ///   - json: JSON text: an array of objects, or one object.
    ///   - merge: Merge into the models already stored (`true`, the default) or replace their data.
    /// - Throws: As ``import(_:merge:)-(Data,_)``.
    @discardableResult
    public func `import`(_ json: String, merge: Bool = true) throws(WrapModelError) -> ImportResult {
        importElements(try ImportInput(bytes: Array(json.utf8)), merge: merge)
    }

    /// Imports an already parsed array of objects (`[Any]`) or a single object (`[String: Any]`).
    /// - Throws: ``WrapModelError/notAnObject(found:)`` for any other value.
    /// - Parameters:
    ///   - jsonObject: An array of objects or one object, as `JSONSerialization` returns them.
    ///   - merge: Merge into the models already stored (`true`, the default) or replace their data.
    @discardableResult
    public func `import`(jsonObject: Any, merge: Bool = true) throws(WrapModelError) -> ImportResult {
        importElements(try ImportInput(jsonObject), merge: merge)
    }

    private func importElements(_ input: ImportInput, merge: Bool) -> ImportResult {
        var models: [Model] = []
        models.reserveCapacity(input.elements.count)
        var issues: [WrapModelIssue] = []
        var inserted = 0
        var updated = 0
        for (position, element) in input.elements.enumerated() {
            let prefix = input.prefix(position)
            guard let object = NativeValue.object(element) else {
                issues.append(WrapModelIssue(keyPath: prefix, kind: .wrongType(expected: "object", found: JSONTypeName.of(element))))
                continue
            }
            guard let (model, wasInserted) = importObject(object, merge: merge, prefix: prefix, issues: &issues) else { continue }
            models.append(model)
            if wasInserted { inserted += 1 } else { updated += 1 }
        }
        return ImportResult(models: models, issues: issues, insertedCount: inserted, updatedCount: updated)
    }

    /// Stores one object: inserts a model, fills a placeholder or updates the stored model.
    /// Returns nil (and reports why) when the object has no usable identity, or the store's
    /// object transformer does not give an object.
    func importObject(_ given: [String: Any], merge: Bool, prefix: String,
                      issues: inout [WrapModelIssue]) -> (Model, inserted: Bool)? {
        guard let object = transformed(given, reportingAt: prefix, into: &issues),
              let (identity, raw) = identity(in: object, reportingAt: prefix, into: &issues) else { return nil }
        var stored: Entry
        var inserted = false
        while true {
            if let found = index.withLock({ $0.byIdentity[identity] }) {
                guard let outcome = update(found, with: object, raw: raw, merge: merge) else { continue }
                (stored, inserted) = outcome
            } else {
                let created = Entry(model: makeModel(object), identity: identity, rawIdentity: raw, isPlaceholder: false)
                stored = insertIfAbsent(created)
                inserted = stored === created
                if !inserted { continue }
            }
            break
        }
        if inserted { notifyArrival() }
        if isPolymorphic, !inserted { reportClassChange(of: stored.model, at: prefix, into: &issues) }
        importEmbeddedReferences(of: stored.model, in: object, prefix: prefix, issues: &issues)
        return (stored.model, inserted)
    }

    /// A stored model keeps its class when new data for its identity selects another one (code
    /// may hold it, so it is not swapped under it); that is reported, never silent.
    private func reportClassChange(of model: Model, at prefix: String, into issues: inout [WrapModelIssue]) {
        let selected = SubclassSelection.resolve(Model.self, storage: ModelStorage(model.originalModelData))
        guard selected != type(of: model) else { return }
        issues.append(WrapModelIssue(keyPath: prefix, kind: .wrongType(
            expected: "data for \(type(of: model)) (the stored model's class)", found: "data for \(selected)")))
    }

    /// A model for `object`, of the class `Model` selects for it (see ``WrapPolymorphic``).
    func makeModel(_ object: [String: Any]) -> Model {
        isPolymorphic ? Model.wrapping(ModelStorage(object), mutable: true) : Model(data: object, mutable: true)
    }

    /// Updates a stored model with new data: the entry now stored, and whether it was a
    /// placeholder until now. Nil when another import replaced the entry first (try again).
    ///
    /// A placeholder whose data selects another class than its own (a ``WrapPolymorphic`` model
    /// referenced before its data came) is replaced by a model of that class; the placeholder
    /// instance receives the data too, so references already resolved read it.
    private func update(_ entry: Entry, with object: [String: Any], raw: any Sendable, merge: Bool) -> (Entry, Bool)? {
        entry.updateLock.lock()
        defer { entry.updateLock.unlock() }
        let model = entry.model
        // Only a placeholder of a polymorphic class is ever replaced; other entries stay current.
        if isPolymorphic {
            let current = index.withLock { index -> (isCurrent: Bool, isPlaceholder: Bool) in
                (index.byIdentity[entry.identity] === entry, entry.isPlaceholder)
            }
            guard current.isCurrent else { return nil }
            if current.isPlaceholder, let replaced = replacePlaceholder(entry, with: object, raw: raw) { return replaced }
        }
        let data: [String: Any]
        if merge {
            let old = model.originalModelData
            data = ImportMerge.merged(object, into: old)
        } else {
            data = object
        }
        model.replaceOriginalData(data)
        return index.withLock { index in
            entry.rawIdentity = raw
            guard entry.isPlaceholder else { return (entry, false) }
            entry.isPlaceholder = false
            index.ordered.append(entry)
            return (entry, true)
        }
    }

    /// Replaces a placeholder whose data selects another class than its own by a model of that
    /// class (the placeholder receives the data too); nil when the class is the same. The caller
    /// holds the entry's update lock and checked it is still the stored one.
    private func replacePlaceholder(_ entry: Entry, with object: [String: Any], raw: any Sendable) -> (Entry, Bool)? {
        let model = entry.model
        guard SubclassSelection.resolve(Model.self, storage: ModelStorage(object)) != type(of: model) else {
            return nil
        }
        let replacement = Entry(model: makeModel(object), identity: entry.identity, rawIdentity: raw, isPlaceholder: false)
        model.replaceOriginalData(object)
        index.withLock { index in
            entry.isPlaceholder = false
            index.byIdentity[entry.identity] = replacement
            index.byObject[ObjectIdentifier(replacement.model)] = replacement
            index.ordered.append(replacement)
        }
        return (replacement, true)
    }

    /// `object` after the store's object transformer, or nil after reporting why there is none.
    func transformed(_ object: [String: Any], reportingAt prefix: String, into issues: inout [WrapModelIssue]) -> [String: Any]? {
        guard let objectTransformer else { return object }
        switch WrapValueTransformers.transformObject(object, named: objectTransformer) {
        case .success(let result): return result
        case .failure(let problem):
            issues.append(WrapModelIssue(keyPath: prefix, kind: problem.kind))
            return nil
        }
    }

    /// Inserts `entry` unless its identity is already stored; returns the entry stored.
    private func insertIfAbsent(_ entry: Entry) -> Entry {
        index.withLock { index in
            if let existing = index.byIdentity[entry.identity] { return existing }
            index.byIdentity[entry.identity] = entry
            index.byObject[ObjectIdentifier(entry.model)] = entry
            if !entry.isPlaceholder { index.ordered.append(entry) }
            return entry
        }
    }

    /// Imports the objects embedded in `object` for the model's reference properties, merging,
    /// each into the store the model's own declaration names (which may differ from model to
    /// model: a declaration's arguments are evaluated for every model).
    private func importEmbeddedReferences(of model: Model, in object: [String: Any], prefix: String,
                                          issues: inout [WrapModelIssue]) {
        let slots = model.slots
        // Borrowed: the class's table and descriptors are shared by every model of the class.
        slots.withTable { table in
            for ordinal in table.embeddedReferenceOrdinals {
                slots.withDescriptor(ordinal) { $0.embeddedReferenceImport?(object, prefix, &issues) }
            }
        }
    }

    // MARK: - Looking up

    /// The model stored for `identity` (a placeholder if no data for it has been imported yet), or nil.
    /// - Parameter identity: The identity.
    public func model(forIdentity identity: WrapModelIdentity) -> Model? {
        registerRead(of: \.arrivals)
        return index.withLock { $0.byIdentity[identity]?.model }
    }

    /// The model stored for an integer identity; `model(forIdentity: 12)` also finds data that said `"12"`.
    /// - Parameter identity: The identity.
    public func model(forIdentity identity: Int) -> Model? {
        model(forIdentity: WrapModelIdentity.int(identity))
    }

    /// The model stored for a string identity (normalised: `"12"` finds identity `12`).
    /// - Parameter identity: The identity.
    public func model(forIdentity identity: String) -> Model? {
        guard let normalised = WrapModelIdentity(string: identity) else { return nil }
        return model(forIdentity: normalised)
    }

    /// The model stored for `identity`, or a new placeholder stored under it that a later import
    /// fills in; what a reference holding only `identity` resolves to. A new placeholder's data
    /// holds the identity's canonical form (`12` for `"12"`); use the `String` or `Int` overload
    /// to keep the form the data uses.
    ///
    /// Whichever overload makes it, a placeholder's identity property reads its identity: when
    /// the property `Model` declares at the identity key path does not read the given form back
    /// (a transformer that reads only strings, say) but reads the other one (`"12"` for `12`,
    /// `12` for `"12"`), the placeholder's data holds that one.
    /// - Parameter identity: The identity.
    public func modelOrPlaceholder(forIdentity identity: WrapModelIdentity) -> Model {
        resolve(identity, raw: Self.rawForm(of: identity))
    }

    /// The model stored for the identity `raw` names (`"1699"` and `1699` name the same one), or
    /// a new placeholder whose data holds `raw` as given — the placeholder a reference holding the
    /// string `"1699"` builds — or as `1699` when only that form reads back (see
    /// ``modelOrPlaceholder(forIdentity:)-(WrapModelIdentity)``).
    /// An empty string names no identity that data can hold, so its placeholder is never filled.
    /// - Parameter raw: The identity in the form the data holds it.
    public func modelOrPlaceholder(forIdentity raw: String) -> Model {
        resolve(WrapModelIdentity(string: raw) ?? .string(raw), raw: raw)
    }

    /// The model stored for the integer identity `raw`, or a new placeholder holding `raw` (or
    /// its decimal string, when only that form reads back).
    /// - Parameter raw: The identity in the form the data holds it.
    public func modelOrPlaceholder(forIdentity raw: Int) -> Model {
        resolve(.int(raw), raw: raw)
    }

    /// True when `identity` is stored as a placeholder only (referenced, never imported).
    /// - Parameter identity: The identity.
    public func isPlaceholder(forIdentity identity: WrapModelIdentity) -> Bool {
        index.withLock { $0.byIdentity[identity]?.isPlaceholder ?? false }
    }

    /// The identity under which `model` is stored, or nil when it is not in this store.
    /// - Parameter model: A model of the store's type.
    public func identity(of model: Model) -> WrapModelIdentity? {
        index.withLock { $0.byObject[ObjectIdentifier(model)]?.identity }
    }

    /// How many identities have data (placeholders not counted).
    public var count: Int {
        registerRead(of: \.count)
        return index.withLock { $0.ordered.count }
    }

    /// How many identities are placeholders only.
    public var placeholderCount: Int { index.withLock { $0.byIdentity.count - $0.ordered.count } }

    /// The models with data, in the order their identities first got data.
    public var all: [Model] {
        registerRead(of: \.all)
        return index.withLock { $0.ordered.map(\.model) }
    }

    // MARK: - Helpers for references and imports

    /// The identity of `object`, or nil after reporting why it has none.
    func identity(in object: [String: Any], reportingAt prefix: String,
                  into issues: inout [WrapModelIssue]) -> (WrapModelIdentity, any Sendable)? {
        switch identityPaths.identity(in: object) {
        case .success(let found): return found
        case .failure(let problem):
            let path = prefix.isEmpty ? problem.keyPath : "\(prefix).\(problem.keyPath)"
            issues.append(WrapModelIssue(keyPath: path, kind: problem.kind))
            return nil
        }
    }

    func identityLookup(in object: [String: Any]) -> Result<(WrapModelIdentity, any Sendable), ImportProblem> {
        identityPaths.identity(in: object)
    }

    func identity(ofValue raw: Any) -> Result<(WrapModelIdentity, any Sendable), ImportProblem> {
        identityPaths.identity(ofValue: raw)
    }

    static func rawForm(of identity: WrapModelIdentity) -> any Sendable {
        IdentityKeyPaths.rawForm(of: identity)
    }

    /// The stored model for `identity`, or a new placeholder holding `raw` at the identity key
    /// path (or the other form of it that the model's identity property reads back).
    ///
    /// References to a new placeholder write its identity in the form its data holds, unless
    /// `fromReference`: then in the form the reference's data gave (until the object's data comes),
    /// so the referencing model writes back what it read.
    func resolve(_ identity: WrapModelIdentity, raw: any Sendable, fromReference: Bool = false) -> Model {
        if let found = model(forIdentity: identity) { return found }
        let (model, held) = makePlaceholder(identity, raw)
        let placeholder = Entry(model: model, identity: identity, rawIdentity: fromReference ? raw : held, isPlaceholder: true)
        return insertIfAbsent(placeholder).model
    }

    /// The stored model for `identity`, or a new model over `object` stored under it. An
    /// existing model is returned as it is (embedded data is merged when the containing object is
    /// imported through a store, never while a model is being read).
    func resolveEmbedded(_ object: [String: Any], identity: WrapModelIdentity, raw: any Sendable) -> Model {
        if let found = model(forIdentity: identity) { return found }
        let created = Entry(model: makeModel(object), identity: identity, rawIdentity: raw, isPlaceholder: false)
        return insertIfAbsent(created).model
    }

    /// A placeholder for `identity` and the identity value its data holds: `raw`, unless the
    /// property the model declares at the identity key path does not read `raw` back as
    /// `identity` while it reads the other form (`"12"` for `12`, or `12` for `"12"`) back — a
    /// property whose transformer reads only strings, say. Then the placeholder holds that form.
    func makePlaceholder(_ identity: WrapModelIdentity, _ raw: any Sendable) -> (Model, any Sendable) {
        let model = makeModel(identityPaths.placeholderData(raw))
        let readBack = identityPaths.readsBack(identity, in: model)
        guard readBack.contains(false),
              let other = identityPaths.otherForms(of: raw, swapping: readBack.map { !$0 }) else { return (model, raw) }
        let candidate = makeModel(identityPaths.placeholderData(other))
        let candidateReadBack = identityPaths.readsBack(identity, in: candidate)
        return candidateReadBack.filter { $0 }.count > readBack.filter { $0 }.count ? (candidate, other) : (model, raw)
    }

    /// The identity of `model` as its data gives it, for writing a reference back (an array of
    /// the parts for a composite identity).
    func rawIdentity(of model: Model) -> Any? {
        if let raw = index.withLock({ $0.byObject[ObjectIdentifier(model)]?.rawIdentity }) { return raw }
        // Not stored here (e.g. assigned by hand): read only the identity from the model, never its
        // whole output, which may hold references back to the model that holds this one.
        return identityPaths.rawIdentity(of: model)
    }
}
