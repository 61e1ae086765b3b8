import Foundation
import Synchronization
import WrapModelJSON

/// One declared property of a model class, described once per class: its key path, flags,
/// codec, default value and converters (``TypedPropertyDescriptor`` adds the typed parts).
///
/// Descriptors do the work property objects did before: they read, convert, cache, write and
/// output the value of one slot of a model's ``ModelSlots``, which every call names. A class's
/// ``DescriptorTable`` shares its descriptors with every instance; an instance whose declaration
/// said something else (a default computed per instance) has a descriptor of its own for that
/// slot (`ModelSlots.Header.overrides`).
// @unchecked: fields change only before the descriptor is published in a table (while the
// declaring thread owns it); `scalarKind` is atomic.
@usableFromInline
class PropertyDescriptor: @unchecked Sendable {
    /// What the declaration's initialiser was given, to recognise the same declaration again.
    /// Changed only while no other thread can see the descriptor (before it is published).
    var fingerprint: DeclarationFingerprint { didSet { copyParts() } }
    /// The fingerprint's parts, copied where a declaration compares its arguments with them
    /// without reference counting.
    @exclusivity(unchecked) @usableFromInline final var parts: UnsafeMutablePointer<FingerprintPart>
    @exclusivity(unchecked) @usableFromInline final var partCount: Int
    /// How many parts of `fingerprint` the initialiser gave; later ones are modifiers and
    /// converters set on the declaration afterwards.
    private(set) var initialiserParts: Int
    /// The key as declared; nil when the key comes from the property's name.
    let declaredKey: String?
    /// The key path values are read at: the declared key after `WrapPropertyKeyPathModifier`, or
    /// the name converted by the class's key naming (set when the class table is built). With
    /// alternatives, the first one.
    var path: KeyPathComponents
    /// Further key paths the declaration names (`"avatar_url|avatarUrl"`): a model reads the first
    /// of `path` and these that its data holds, and writes back where it read. Empty for almost
    /// every declaration.
    var alternatives: [KeyPathComponents] = []
    /// The Swift property's name, when the class's table knows it.
    var name: String?
    /// This declaration's ordinal in the class's `MemberSchedule` (-1: looked up by key path).
    var memberOrdinal: Int32 = -1
    /// What the declaration said.
    var flags: DeclarationFlags
    /// Makes a property object of the class the declaration named (for `$name` of the named
    /// wrappers); nil makes a `WrapProperty<T>`.
    var makeView: (() -> WrapPropertyBase)?
    /// Set once the descriptor is in a class table: it is then shared, and changed only by copying.
    var isPublished = false
    /// Set on a model's own descriptor whose declaration was refused (see
    /// ``takeStructure(of:refusing:modelClass:)``); `validate()` reports it.
    var declarationIssue: WrapModelIssue.Kind?
    /// Which common scalar codec the codec is, for compact JSON output; 0 until asked.
    let scalarKind = Atomic<UInt8>(0)

    init(fingerprint: DeclarationFingerprint, declaredKey: String?, appliesKeyPathModifier: Bool, flags: DeclarationFlags) {
        self.fingerprint = fingerprint
        (parts, partCount) = Self.copy(fingerprint)
        initialiserParts = fingerprint.count
        self.declaredKey = declaredKey
        var flags = flags
        if !appliesKeyPathModifier { flags.insert(.keepsDeclaredKey) }
        self.flags = flags
        path = KeyPathComponents("")
        if let declaredKey { setKeys(declaredKey, applyingModifier: appliesKeyPathModifier) }
    }

    init(copying other: PropertyDescriptor, keepingParts parts: Int) {
        fingerprint = other.fingerprint.prefix(parts)
        (self.parts, partCount) = Self.copy(fingerprint)
        initialiserParts = other.initialiserParts
        declaredKey = other.declaredKey
        path = other.path
        alternatives = other.alternatives
        name = other.name
        memberOrdinal = other.memberOrdinal
        flags = other.flags
        makeView = other.makeView
    }

    deinit {
        parts.deallocate()
    }

    private static func copy(_ fingerprint: DeclarationFingerprint) -> (UnsafeMutablePointer<FingerprintPart>, Int) {
        let buffer = UnsafeMutablePointer<FingerprintPart>.allocate(capacity: Swift.max(fingerprint.count, 1))
        _ = UnsafeMutableBufferPointer(start: buffer, count: fingerprint.count).initialize(from: fingerprint.parts)
        return (buffer, fingerprint.count)
    }

    private func copyParts() {
        parts.deallocate()
        (parts, partCount) = Self.copy(fingerprint)
    }

    /// Whether part `index` of the fingerprint is `value`.
    final func part<T>(_ index: Int, is value: T) -> Bool {
        index < partCount && parts[index].matches(value)
    }

    /// Stands in for a property object's descriptor while its declaration is being made.
    static let placeholder = PropertyDescriptor(fingerprint: DeclarationFingerprint(), declaredKey: nil,
                                                appliesKeyPathModifier: false, flags: [])

    /// Makes `fingerprint` what recognises the declaration (a wrapper's own arguments, for a
    /// descriptor a property object described).
    func replaceFingerprint(_ fingerprint: DeclarationFingerprint) {
        self.fingerprint = fingerprint
        initialiserParts = fingerprint.count
    }

    var keyPath: String { path.keyPath }
    var serializeForOutput: Bool { flags.contains(.serializeForOutput) }
    var isTransient: Bool { flags.contains(.transient) }
    /// Groups write their properties into the parent's own dictionary level rather than at a key path.
    var mergesIntoParentLevel: Bool { flags.contains(.group) }
    /// Whether the values are models of the same tree (submodels, groups, model collections).
    var holdsModels: Bool { flags.contains(.holdsModels) }

    /// Sets the key path for the class the descriptor now belongs to.
    func resolvePath(name: String?, naming: WrapKeyNaming) {
        self.name = name
        if let declaredKey {
            setKeys(declaredKey, applyingModifier: !flags.contains(.keepsDeclaredKey))
        } else if let name {
            path = KeyPathComponents(KeyPathModifierSetting.apply(to: naming.key(for: name)))
        }
    }

    /// The flags that shape the class's tables rather than one model's values.
    static let structuralFlags: DeclarationFlags = [.serializeForOutput, .transient, .group, .holdsModels, .keepsDeclaredKey]

    /// What this declaration (a model's own) says differently from `classDescriptor` (its class's)
    /// that the class's tables depend on, or nil: its key path, alternative keys, or
    /// `serializeForOutput`/`transient`, and whether only the key differs (a model may have a key
    /// of its own: see `DescriptorTable.init(variantOf:overrides:)`). Values (a store, a default,
    /// a converter) may differ.
    final func structuralDifference(from classDescriptor: PropertyDescriptor) -> (reason: String, isKeyOnly: Bool)? {
        let mine = flags.intersection(Self.structuralFlags), theirs = classDescriptor.flags.intersection(Self.structuralFlags)
        if path != classDescriptor.path || alternatives != classDescriptor.alternatives {
            let mine = ([path] + alternatives).map(\.keyPath).joined(separator: "|")
            let theirs = ([classDescriptor.path] + classDescriptor.alternatives).map(\.keyPath).joined(separator: "|")
            return ("this model declared the key \"\(mine)\" where the class's first model declared \"\(theirs)\", "
                    + "which another declaration's key path overlaps; such a key cannot differ from model to model, so it reads \"\(theirs)\"",
                    flags.intersection(Self.structuralFlags) == classDescriptor.flags.intersection(Self.structuralFlags))
        }
        guard mine != theirs else { return nil }
        func describe(_ flags: DeclarationFlags) -> String {
            "serializeForOutput: \(flags.contains(.serializeForOutput)), transient: \(flags.contains(.transient))"
        }
        return ("this model declared \(describe(mine)) where the class's first model declared \(describe(theirs)); "
                + "these cannot differ from model to model, so it keeps the class's", false)
    }

    /// Makes this model's own descriptor take `classDescriptor`'s key paths and structural flags,
    /// recording and reporting `reason`.
    final func takeStructure(of classDescriptor: PropertyDescriptor, refusing reason: String, modelClass: WrapModel.Type) {
        path = classDescriptor.path
        alternatives = classDescriptor.alternatives
        flags = flags.subtracting(Self.structuralFlags).union(classDescriptor.flags.intersection(Self.structuralFlags))
        let issue = WrapModelIssue.Kind.declarationDiffersPerModel(reason)
        declarationIssue = issue
        if WrapIssueObserver.isActive.load(ordering: .relaxed) {
            WrapIssueObserver.report(modelClass: String(describing: modelClass), keyPath: keyPath, kind: issue)
        }
    }

    /// The character that separates alternative keys in a declared key (`"avatar_url|avatarUrl"`).
    static let alternativeSeparator: Character = "|"

    /// Sets ``path`` and ``alternatives`` from a declared key.
    private func setKeys(_ key: String, applyingModifier: Bool) {
        func resolved(_ key: Substring) -> KeyPathComponents {
            KeyPathComponents(applyingModifier ? KeyPathModifierSetting.apply(to: String(key)) : String(key))
        }
        guard key.contains(Self.alternativeSeparator) else {
            path = resolved(key[...])
            alternatives = []
            return
        }
        let keys = key.split(separator: Self.alternativeSeparator, omittingEmptySubsequences: false)
        path = resolved(keys[0])
        alternatives = keys.dropFirst().map(resolved)
    }

    /// The value this declaration reads in `storage`: at the first of its key paths whose value is
    /// present and not null, else at its first key path (absent or null).
    final func storedValue(in storage: ModelStorage) -> WrapStoredValue.Raw? {
        let first = storage.lookup(path)
        guard !alternatives.isEmpty, first == nil || first!.isNull else { return first }
        for alternative in alternatives {
            if let found = storage.lookup(alternative), !found.isNull { return found }
        }
        return first
    }

    /// Where output writes this declaration for a model over `storage`: the key path it reads
    /// (see ``storedValue(in:)``), so a value read from an alternative key goes back there.
    final func outputPath(in storage: ModelStorage) -> KeyPathComponents {
        guard !alternatives.isEmpty, storage.lookup(path).map({ $0.isNull }) ?? true else { return path }
        for alternative in alternatives {
            if let found = storage.lookup(alternative), !found.isNull { return alternative }
        }
        return path
    }

    // MARK: Operations the typed subclass implements (the tree's lock held, or the model immutable)

    /// A copy with the first `parts` parts of the fingerprint, and the converters and modifiers
    /// they describe (all of them, or none beyond the initialiser's).
    func copy(keepingParts parts: Int) -> PropertyDescriptor { fatalError("abstract") }
    /// Frees the cache box at `bits`.
    func releaseBox(_ bits: UInt) {}
    /// A property object viewing the slot at `ordinal` of `slots`.
    func view(of slots: ModelSlots, at ordinal: Int) -> WrapPropertyBase { fatalError("abstract") }
    /// The value for output, converted back to data form.
    func outputValue(_ slots: ModelSlots, _ ordinal: Int, _ context: WrapEncodingContext) -> Any? { nil }
    /// Whether ``outputValue(_:_:_:)`` runs user code: a converter or a named transformer.
    var convertsOutputInUserCode: Bool { false }
    /// For a written value of a common scalar codec (see `CommonScalarCodec`) and no converter:
    /// what it is to `original`, the member it replaces (nil when absent), as a merge patch
    /// compares them. Nil for other values.
    func compareWrittenScalar(_ slots: ModelSlots, _ ordinal: Int, with original: JSONNode?) -> WrittenScalar? { nil }
    /// Writes ``outputValue(_:_:_:)`` as compact JSON; false, having written nothing, when there is none.
    func writeOutputJSON(into writer: inout JSONWriter, _ slots: ModelSlots, _ ordinal: Int, _ context: WrapEncodingContext,
                         depth: Int) throws(JSONWriter.InvalidValue) -> Bool { false }
    /// Forgets the cached value (keeping any box a lock-free reader may still read).
    func resetCache(_ slots: ModelSlots, _ ordinal: Int) {}
    /// Copies the cached state of the same slot of `source` into `slots`, a model of the same class.
    func transferState(from source: ModelSlots, to slots: ModelSlots, _ ordinal: Int, newModel: WrapModel) {}
    /// What the property reads from the slots' data (through its read modifier), converted
    /// afresh: nothing is cached or reported. Nil when it reads no value there (absent, `null`,
    /// or not converting).
    func storedValueAsRead(_ slots: ModelSlots) -> Any? { nil }
    /// Brings the slot at `ordinal`, holding a value converted from the data, up to the piece of a
    /// document still arriving that `walk` is refreshing; true when the value a read shows changed
    /// (see `PartialWalk`). A method rather than a protocol, so that the walk casts nothing.
    func refreshForArrival(_ slots: ModelSlots, _ ordinal: Int, _ walk: PartialWalk) -> Bool { false }
    /// Reports what is wrong with the value's data.
    func collectIssues(_ slots: ModelSlots, _ ordinal: Int, prefix: String, into issues: IssueCollector) {}
    /// Whether the slot holds a written value.
    func isMutated(_ slots: ModelSlots, _ ordinal: Int) -> Bool {
        CacheBox.isMutation(slots.slot(ordinal).pointee.load(ordering: .acquiring))
    }
    /// Whether the slot, or a model its value holds, holds a written value.
    func holdsMutations(_ slots: ModelSlots, _ ordinal: Int) -> Bool { isMutated(slots, ordinal) }
    /// The model the value is, for submodels and groups (read, and cached, if needed).
    func heldModel(_ slots: ModelSlots, _ ordinal: Int) -> WrapModel? { nil }
    /// The class of the models the values hold, if they hold models.
    var heldModelClass: WrapModel.Type? { nil }
    /// Reads the value (the tree's lock held), creating the models it holds.
    func createHeldModels(_ slots: ModelSlots, _ ordinal: Int) {}
    /// Calls `body` with each model the cached value holds (none is created for it).
    func forEachTreeModel(_ slots: ModelSlots, _ ordinal: Int, _ body: (WrapModel) -> Void) {}
    /// The models the slot's data converts to, with their full key paths (for validation).
    func heldModels(_ slots: ModelSlots, prefix: String) -> [(String, WrapModel)] { [] }
    /// Whether absent data is no problem (optional values).
    var isOptionalValue: Bool { false }
    /// Whether the value is one model (a submodel or a group), not a collection of them.
    var holdsOneModel: Bool { false }
    /// Whether the value is a dictionary whose entries hold models.
    var holdsModelsByKey: Bool { false }
    /// Makes this (unpublished) declaration follow the others `member` says it overlaps.
    func attachOverlap(_ member: OverlapMember) {}
    /// The declaration's place among overlapping declarations of its class, if any.
    var overlapMember: OverlapMember? { nil }
    /// The value as the model's document holds it: its current value in data form, as lossless
    /// output writes it (lock held).
    func currentData(_ slots: ModelSlots, _ ordinal: Int) -> Any? { nil }
    /// Writes `data` (plain, nil for absent), converted by the declaration's codec, as a write of
    /// the declaration (the tree's write lock held); the declarations to notify are added.
    func writeData(_ data: Any?, _ slots: ModelSlots, _ ordinal: Int, notifying: inout [(ModelSlots, Int)]) {}
    /// For a submodel declaration whose value is absent: a new empty submodel, written as its
    /// value (the tree's write lock held), so a write inside it has a model to go to.
    func makeHeldModelForWrite(_ slots: ModelSlots, _ ordinal: Int) -> WrapModel? { nil }
    /// Imports objects embedded at this declaration's key path into a referenced store, for
    /// reference declarations; nil for others.
    var embeddedReferenceImport: ((_ object: [String: Any], _ prefix: String, _ issues: inout [WrapModelIssue]) -> Void)? { nil }
}

/// What a declaration fixed, in one byte of its descriptor.
struct DeclarationFlags: OptionSet, Sendable {
    let rawValue: UInt8

    /// Output for posting includes the property (`serializeForOutput: true`).
    static let serializeForOutput = DeclarationFlags(rawValue: 1)
    /// No output writes the property (``WrapPropertyBase/transient()``).
    static let transient = DeclarationFlags(rawValue: 2)
    /// The codec is a `ModelHoldingCodec`: values hold models of the same tree.
    static let holdsModels = DeclarationFlags(rawValue: 4)
    /// A group: a model over the parent's own dictionary level.
    static let group = DeclarationFlags(rawValue: 8)
    /// The declared key is used as given, without `WrapPropertyKeyPathModifier`.
    static let keepsDeclaredKey = DeclarationFlags(rawValue: 16)
    /// A wrapper's read or write modifier, or a converter, is set.
    static let hasHooks = DeclarationFlags(rawValue: 32)
}
