import Foundation

/// The part of every property object that does not depend on its value type.
///
/// You never create or subclass it directly: subclass ``WrapProperty`` instead. It registers each new
/// property object with the model being built on the current thread, which is how models find their
/// properties without reflecting every instance.
open class WrapPropertyBase: AnyWrapProperty {
    /// The key path the property reads, after `WrapPropertyKeyPathModifier` was applied.
    // Stored once, in `path`: every stored field is a cost paid by every property of every model.
    public var keyPath: String { path.keyPath }
    /// Whether output for posting includes this property.
    public let serializeForOutput: Bool
    /// The model this property belongs to, or nil once the model is gone.
    public var model: WrapModel? { owner }

    /// Set once when the model claims the property and cleared by the model's `deinit`, so it never
    /// dangles; unowned because a weak reference costs a side table and atomic traffic per property.
    @exclusivity(unchecked) unowned(unsafe) var owner: WrapModel?

    let path: KeyPathComponents
    /// True when the owning model is immutable: its cached values are then read without the lock.
    /// Written once before the model is shared, so reads need no exclusivity check.
    @exclusivity(unchecked) @usableFromInline final var isLockFree = false
    /// The owning model's lock and original data, shared by all its properties and kept strongly so
    /// the property still reads its data after the model is released.
    @exclusivity(unchecked) final var binding: ModelBinding?
    final var treeLock: WrapModelLock? { binding?.lock }
    final var dataStorage: ModelStorage? { binding?.storage }
    /// The context conversions need, from what the property was bound with.
    func decodeContext(issues: IssueCollector?, keyPath: String) -> DecodeContext? {
        guard let dataStorage else { return nil }
        return DecodeContext(storage: dataStorage, isMutable: !isLockFree, lock: treeLock, issues: issues, keyPath: keyPath)
    }

    /// Set by ``transient()`` in the declaration, before the model is shared.
    @exclusivity(unchecked) final var transientFlag = false

    /// Whether the property is transient: its value lives in the model only, and no output or
    /// persistence writes it (see ``transient()``).
    public final var isTransient: Bool { transientFlag }

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
        transientFlag = true
        return self
    }

    /// Set once the property was reported as created outside a model, so it reports once. A racy
    /// write from two readers only risks a duplicate report, hence no exclusivity check.
    @exclusivity(unchecked) final var reportedOutsideModel = false

    init(keyPath: String, serializeForOutput: Bool, appliesKeyPathModifier: Bool = true) {
        self.path = KeyPathComponents(appliesKeyPathModifier ? KeyPathModifierSetting.apply(to: keyPath) : keyPath)
        self.serializeForOutput = serializeForOutput
        PropertyRegistry.register(self)
    }

    /// This property's ordinal in the class's `MemberSchedule` (-1: looked up by key path).
    /// Set once when the model claims the property.
    @exclusivity(unchecked) final var memberOrdinal: Int32 = -1

    /// The value at this property's key path in the model's data (nil when absent).
    final func lookupStored(in storage: ModelStorage) -> StoredValue? {
        storage.lookup(path, ordinal: memberOrdinal, schedule: binding?.schedule)
    }

    func bind(to model: WrapModel, binding: ModelBinding, memberOrdinal: Int32) {
        self.memberOrdinal = memberOrdinal
        self.owner = model
        self.isLockFree = !model.isMutable
        self.binding = binding
    }

    /// The current value converted back to its data form. Subclasses of ``WrapProperty`` override it.
    open func rawValue(withNulls: Bool, forOutput: Bool) -> Any? { nil }

    /// Drops this property's cached or mutated value.
    open func clearMutation() {}

    // MARK: Hooks the model drives; every one expects the tree's lock to be held (or the model immutable).

    /// The value for output, converted back to data form.
    func outputValue(_ context: OutputContext) -> Any? { nil }

    /// Writes ``outputValue(_:)`` as compact JSON at `depth` (context: not lossless); false, having
    /// written nothing, when there is no value.
    func writeOutputJSON(into writer: inout JSONWriter, _ context: OutputContext, depth: Int) throws(JSONWriter.InvalidValue) -> Bool {
        guard let value = outputValue(context) else { return false }
        try writer.writeValue(value, depth: depth)
        return true
    }

    /// Forgets the cached value, keeping any box a lock-free reader may still read alive until the
    /// property dies (see `WrapProperty.resetCache()`).
    func resetCache() {}

    /// How many replaced cache boxes this property keeps alive for lock-free readers.
    var retiredBoxCount: Int { 0 }

    /// Copies the cached state of `source` (a property of the same class) into this property.
    func transferState(from source: WrapPropertyBase, to newModel: WrapModel) {}

    /// Reports what is wrong with this property's data.
    func collectIssues(prefix: String, into issues: IssueCollector) {}

    /// Whether this property holds a mutation (a value written since creation or the last clear).
    var isMutated: Bool { false }

    /// Whether this property, or a model its value holds, holds a mutation.
    var holdsMutations: Bool { isMutated }

    /// Groups write their properties into the parent's own dictionary level rather than at a key path.
    var mergesIntoParentLevel: Bool { false }

    /// The model this property's value is, for submodels and groups (read, and cached, if needed).
    var heldModel: WrapModel? { nil }

    /// The class of the models this property's value holds, if it holds models.
    var heldModelClass: WrapModel.Type? { nil }

    /// Whether this property's values are models of the same tree (submodels, groups, model collections).
    var holdsTreeModels: Bool { false }

    /// Calls `body` with each model of the same tree this property's value holds (read, and
    /// cached, if needed).
    func forEachTreeModel(_ body: (WrapModel) -> Void) {}

    /// Whether models this property holds declare properties that output leaves out.
    final var holdsModelsWithNonOutputProperties: Bool {
        heldModelClass.map { NonOutputDeclarations.inTree(of: $0, .notForOutput) } ?? false
    }

    /// Whether models this property holds declare transient properties.
    final var holdsModelsWithTransientProperties: Bool {
        heldModelClass.map { NonOutputDeclarations.inTree(of: $0, .transient) } ?? false
    }
}

extension WrapModel {
    /// Replaced cache boxes the model's properties keep alive for lock-free readers: at most one
    /// per property of an immutable model, `WrapProperty.retiredLimit` of a mutable one.
    var retiredCacheBoxCount: Int { properties.reduce(0) { $0 + $1.retiredBoxCount } }
}
