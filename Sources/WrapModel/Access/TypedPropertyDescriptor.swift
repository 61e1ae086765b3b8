import Foundation
import Synchronization
import WrapModelJSON

/// A declaration of a `T`-valued property: its codec, default value and converters, and the work
/// of reading, caching, writing and outputting one slot of a model.
///
/// Reading a slot: an untagged box (or a value kept in the slot itself) is read without any lock
/// by the caller (see `WrapModel.readWrapped(_:as:)`); otherwise ``read(_:_:)`` converts the
/// stored value once, publishes it with a compare-and-swap and returns it. Writing replaces the
/// slot's box under the tree's write lock (see ``replaceBox(_:_:with:)``).
final class TypedPropertyDescriptor<T>: PropertyDescriptor, @unchecked Sendable {
    /// How stored data becomes the value and back.
    let codec: any WrapValueCodec<T>
    /// The value read when the data has none, has `null`, or has one that does not convert.
    let defaultValue: T
    /// Converters and wrapper modifiers, when the declaration set any.
    private(set) var hooks: PropertyHooks<T>?

    /// How many replaced boxes a slot of a mutable model keeps for lock-free readers. Beyond it,
    /// the slot's boxes are published tagged: read under the lock and freed on replacement.
    static var retiredLimit: Int { 4 }

    init<Codec: WrapValueCodec>(fingerprint: DeclarationFingerprint, key: String?, codec: Codec, defaultValue: T,
                                flags: DeclarationFlags, appliesKeyPathModifier: Bool = true) where Codec.Value == T {
        self.codec = codec
        self.defaultValue = defaultValue
        var flags = flags
        if codec is any ModelHoldingCodec { flags.insert(.holdsModels) }
        if codec is any GroupingCodec { flags.insert(.group) }
        super.init(fingerprint: fingerprint, declaredKey: key, appliesKeyPathModifier: appliesKeyPathModifier, flags: flags)
    }

    private init(copying other: TypedPropertyDescriptor<T>, keepingParts parts: Int) {
        codec = other.codec
        defaultValue = other.defaultValue
        super.init(copying: other, keepingParts: parts)
        if parts >= other.fingerprint.count, let hooks = other.hooks, !hooks.isEmpty { self.hooks = hooks.copy() } else { flags.remove(.hasHooks) }
    }

    override func copy(keepingParts parts: Int) -> PropertyDescriptor {
        TypedPropertyDescriptor(copying: self, keepingParts: parts)
    }

    /// The hooks to change, created if needed; only on a descriptor nothing shares yet.
    var settableHooks: PropertyHooks<T> {
        assert(!isPublished, "a published descriptor is changed by copying it")
        flags.insert(.hasHooks)
        if let hooks { return hooks }
        let created = PropertyHooks<T>()
        hooks = created
        return created
    }

    /// The model hooks of `codec`, when its values hold models. (Unconstrained: see
    /// `ModelHoldingCodec.containsMutations(propertyValue:)` for why.)
    var modelCodec: (any ModelHoldingCodec)? {
        holdsModels ? codec as? any ModelHoldingCodec : nil
    }

    override func releaseBox(_ bits: UInt) { CacheBox.release(bits, as: T.self) }

    override func view(of slots: ModelSlots, at ordinal: Int) -> WrapPropertyBase {
        let object: WrapPropertyBase = ConstructionContext.current.makingView { makeView?() ?? WrapProperty<T>(viewOf: self) }
        object.bindView(to: slots, ordinal: ordinal, descriptor: self)
        return object
    }

    override var isOptionalValue: Bool { T.self is any _OptionalMarker.Type }

    // Reading a slot is in TypedPropertyDescriptor+Reading.swift, writing one in
    // TypedPropertyDescriptor+Writing.swift. The overrides stay in the class body, where Swift
    // requires them.

    override func currentData(_ slots: ModelSlots, _ ordinal: Int) -> Any? {
        DocumentValues.plain(outputValue(slots, ordinal, Self.documentContext(slots)))
    }

    override func writeData(_ data: Any?, _ slots: ModelSlots, _ ordinal: Int, notifying: inout [(ModelSlots, Int)]) {
        writeLocked(decodeData(data, slots), slots, ordinal, notifying: &notifying)
    }

    override func makeHeldModelForWrite(_ slots: ModelSlots, _ ordinal: Int) -> WrapModel? {
        guard let modelCodec, modelCodec.holdsOneModel, !mergesIntoParentLevel, !slots.isLockFree else { return nil }
        let model = modelCodec.modelClass.make(over: ModelStorage([:]), mutable: true, lock: slots.lock)
        guard let value = model as? T else { return nil }
        replaceBox(slots, ordinal, with: value)
        return model
    }

    override var holdsOneModel: Bool { modelCodec?.holdsOneModel ?? false }
    override var holdsModelsByKey: Bool { modelCodec?.holdsModelsByKey ?? false }
    override var overlapMember: OverlapMember? { hooks?.overlap }
    override func attachOverlap(_ member: OverlapMember) { settableHooks.overlap = member }

    override func refreshForArrival(_ slots: ModelSlots, _ ordinal: Int, _ walk: PartialWalk) -> Bool {
        refreshTypedForArrival(slots, ordinal, walk)
    }

    override func storedValueAsRead(_ slots: ModelSlots) -> Any? {
        guard let stored = lookupStored(in: slots), !stored.isNull else { return nil }
        let converted = hooks?.toModel.map { $0(stored.any) } ?? decodeStored(stored, decodeContext(slots, issues: nil, keyPath: keyPath))
        guard let converted else { return nil }
        return OptionalFlattening.flattened(hooks?.read.map { $0(converted) } ?? converted)
    }

    // MARK: - Output and the model's other operations (lock held)

    override func outputValue(_ slots: ModelSlots, _ ordinal: Int, _ context: WrapEncodingContext) -> Any? {
        let current = readAssumingAccess(slots, ordinal)
        if let fromModel = hooks?.fromModel { return fromModel(current) }
        // Lossless output of a collection read from the data whose models were written to: the
        // collection is written over its original, so what held no model is kept.
        if context.keepUnmodeledKeys, let modelCodec, !isMutated(slots, ordinal),
           let original = storedValue(in: slots.storage),
           let merged = modelCodec.encode(propertyValue: current, readFrom: original, context: context) {
            return merged
        }
        return codec.encode(current, context: context)
    }

    override var convertsOutputInUserCode: Bool { hooks?.fromModel != nil || codec is any UserTransformingCodec }

    override func compareWrittenScalar(_ slots: ModelSlots, _ ordinal: Int, with original: JSONNode?) -> WrittenScalar? {
        guard hooks?.fromModel == nil, isMutated(slots, ordinal) else { return nil }
        return compareCommonScalar(readAssumingAccess(slots, ordinal), with: original)
    }

    /// Writes straight into `writer`: models the value holds write their own members, other
    /// values go through the codec's data form. Lossless output never comes here.
    override func writeOutputJSON(into writer: inout JSONWriter, _ slots: ModelSlots, _ ordinal: Int,
                                  _ context: WrapEncodingContext, depth: Int) throws(JSONWriter.InvalidValue) -> Bool {
        let current = readAssumingAccess(slots, ordinal)
        if let fromModel = hooks?.fromModel {
            guard let value = fromModel(current) else { return false }
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
    /// conversion of data that never changes, and freeing it could pull it from under a reader.
    /// A box holding a mutation (only a copy made with mutations has one) is retired. A mutable
    /// model's box is replaced as a write replaces it.
    override func resetCache(_ slots: ModelSlots, _ ordinal: Int) {
        guard slots.isLockFree else { return replaceBox(slots, ordinal, with: nil) }
        guard holdsMutations(slots, ordinal) else { return }
        let old = slots.slot(ordinal).pointee.exchange(0, ordering: .acquiringAndReleasing)
        if old != 0 { retire(old, slots, ordinal) }
    }

    override func transferState(from source: ModelSlots, to slots: ModelSlots, _ ordinal: Int, newModel: WrapModel) {
        let bits = source.slot(ordinal).pointee.load(ordering: .acquiring)
        guard bits != 0 else { return }
        // A value read through a submodel is not cached by a mutable model (see `derivedValue`).
        if !slots.isLockFree, !CacheBox.isMutation(bits), hooks?.overlap?.readsThroughModel == true { return }
        let cached = CacheBox.value(at: bits, as: T.self)
        let value = modelCodec.map { $0.adopt(propertyValue: cached, into: newModel) } ?? cached
        let copy = CacheBox.publish(value, isMutation: CacheBox.isMutation(bits))
        if CacheBox.isMutation(bits) { slots.setFacts(OutputFacts.mayHoldWrites) }
        let old = slots.slot(ordinal).pointee.exchange(copy, ordering: .acquiringAndReleasing)
        if old != 0 { CacheBox.release(old, as: T.self) }
    }

    override func holdsMutations(_ slots: ModelSlots, _ ordinal: Int) -> Bool {
        let bits = slots.slot(ordinal).pointee.load(ordering: .acquiring)
        guard bits != 0 else { return false }
        if CacheBox.isMutation(bits) { return true }
        guard let modelCodec else { return false }
        return modelCodec.containsMutations(propertyValue: CacheBox.value(at: bits, as: T.self))
    }

    override func collectIssues(_ slots: ModelSlots, _ ordinal: Int, prefix: String, into issues: IssueCollector) {
        let fullPath = path.isRoot ? prefix : (prefix.isEmpty ? keyPath : "\(prefix).\(keyPath)")
        let context = decodeContext(slots, issues: issues, keyPath: fullPath)
        guard let stored = lookupStored(in: slots), !stored.isNull else {
            if !isOptionalValue { issues.add(WrapModelIssue(keyPath: fullPath, kind: .missing)) }
            return
        }
        if let toModel = hooks?.toModel { _ = toModel(stored.any); return }
        let before = issues.count
        if decodeStored(stored, context) == nil, issues.count == before {
            issues.add(WrapModelIssue(keyPath: fullPath, kind: .wrongType(expected: codec.expectedDescription, found: stored.typeDescription)))
        }
    }

    override func heldModel(_ slots: ModelSlots, _ ordinal: Int) -> WrapModel? {
        holdsModels ? readAssumingAccess(slots, ordinal) as? WrapModel : nil
    }

    override var heldModelClass: WrapModel.Type? { modelCodec?.modelClass }

    override func createHeldModels(_ slots: ModelSlots, _ ordinal: Int) {
        if holdsModels { _ = readAssumingAccess(slots, ordinal) }
    }

    /// The models the slot already holds (read or assigned). A submodel never read is not
    /// created here: it has no state of its own for a hook to finish.
    override func forEachTreeModel(_ slots: ModelSlots, _ ordinal: Int, _ body: (WrapModel) -> Void) {
        let bits = slots.slot(ordinal).pointee.load(ordering: .acquiring)
        guard bits != 0, let modelCodec else { return }
        modelCodec.forEachModel(inPropertyValue: CacheBox.value(at: bits, as: T.self), body)
    }

    /// The models the slot's data converts to (converted afresh, not cached), each with its
    /// full key path, for validation.
    override func heldModels(_ slots: ModelSlots, prefix: String) -> [(String, WrapModel)] {
        guard holdsModels else { return [] }
        let context = decodeContext(slots, issues: nil, keyPath: prefix)
        let stored = mergesIntoParentLevel ? context.storage.lookup(KeyPathComponents("")) : storedValue(in: context.storage)
        guard let stored, !stored.isNull, let value = decodeStored(stored, context) else { return [] }
        return Self.models(in: OptionalFlattening.flattened(value), path: prefix)
    }

    private static func models(in value: Any?, path: String) -> [(String, WrapModel)] {
        switch value {
        case let model as WrapModel: return [(path, model)]
        case let array as [Any]:
            return array.enumerated().flatMap { models(in: OptionalFlattening.flattened($0.element), path: "\(path)[\($0.offset)]") }
        case let dictionary as [String: Any]:
            return dictionary.sorted { $0.key < $1.key }.flatMap { models(in: OptionalFlattening.flattened($0.value), path: "\(path).\($0.key)") }
        default: return []
        }
    }

    override var embeddedReferenceImport: ((_ object: [String: Any], _ prefix: String, _ issues: inout [WrapModelIssue]) -> Void)? {
        guard let importing = codec as? any EmbeddedReferenceImporting else { return nil }
        let path = self.path
        return { object, prefix, issues in importing.importEmbeddedObjects(from: object, at: path, prefix: prefix, issues: &issues) }
    }
}
