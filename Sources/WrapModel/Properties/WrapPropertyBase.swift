import Synchronization
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
    public final var serializeForOutput: Bool { declaration.contains(.serializeForOutput) }
    /// The model this property belongs to, or nil once the model is gone.
    public var model: WrapModel? { owner }

    // Field order and sizes matter: a `WrapProperty<Int>` (or of any value up to 16 bytes) fits in
    // 120 bytes, which glibc's allocator serves from its fast bins; at 160 bytes each model's
    // properties went through the slower sorted bins on every creation and release.

    let path: KeyPathComponents
    /// The owning model's binding (its lock and original data), set when the model claims the
    /// property. The model's properties share one reference to it, given up when the last of
    /// them dies (see `ModelBinding.bindProperties(count:)`): the property still reads its data
    /// after the model is released, and creating a model costs no atomic retain per property.
    @exclusivity(unchecked) private final var bindingReference: Unmanaged<ModelBinding>?
    /// This property's ordinal in the class's `MemberSchedule` (-1: looked up by key path).
    /// Set once when the model claims the property. Two bytes, so that it and the one-byte fields
    /// below share one word (an ordinal beyond `Int16.max` is looked up by key path instead).
    @exclusivity(unchecked) private final var storedOrdinal: Int16 = -1
    final var memberOrdinal: Int32 { Int32(storedOrdinal) }
    /// True when the owning model is immutable: its cached values are then read without the lock.
    /// Written once before the model is shared, so reads need no exclusivity check.
    @exclusivity(unchecked) @usableFromInline final var isLockFree = false
    /// What the declaration said, set before the model is shared and only read after.
    @exclusivity(unchecked) final var declaration: DeclarationFlags
    /// Set once the property was reported as created outside a model, so it reports once. A racy
    /// write from two readers only risks a duplicate report, hence no exclusivity check. Its own
    /// byte, so that racing writes never touch the flags above.
    @exclusivity(unchecked) final var reportedOutsideModel = false
    /// How many replaced cache boxes the binding keeps alive for this property's lock-free
    /// readers (see `WrapProperty.replaceBox(with:)`). Changed only under the tree's write lock.
    @exclusivity(unchecked) final var retiredCount: UInt8 = 0
    /// Which common scalar codec the property's codec is, for compact JSON output (see
    /// `WrapProperty.writeCommonScalar`), found on first output; 0 until then. Atomic because
    /// outputs of an immutable model run on any thread (each finds the same answer). Kept with
    /// the one-byte fields above, where it takes no room.
    let scalarKind = Atomic<UInt8>(0)

    /// The owning model's binding, shared by all its properties.
    final var binding: ModelBinding? { bindingReference?.takeUnretainedValue() }
    /// The model, cleared by its `deinit` so it never dangles.
    final var owner: WrapModel? { bindingReference?._withUnsafeGuaranteedRef { $0.model } }
    final var treeLock: WrapModelLock? { bindingReference?._withUnsafeGuaranteedRef { $0.lock } }
    final var dataStorage: ModelStorage? { bindingReference?._withUnsafeGuaranteedRef { $0.storage } }
    /// The context conversions need, from what the property was bound with.
    func decodeContext(issues: IssueCollector?, keyPath: String) -> DecodeContext? {
        guard let dataStorage else { return nil }
        return DecodeContext(storage: dataStorage, isMutable: !isLockFree, lock: treeLock, issues: issues, keyPath: keyPath)
    }

    /// Whether the property is transient: its value lives in the model only, and no output or
    /// persistence writes it (see ``transient()``).
    public final var isTransient: Bool { declaration.contains(.transient) }

    /// Set by ``transient()`` (or a wrapper's `transient:` argument) in the declaration, before
    /// the model is shared.
    final var transientFlag: Bool {
        get { declaration.contains(.transient) }
        set { if newValue { declaration.insert(.transient) } else { declaration.remove(.transient) } }
    }

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

    init(keyPath: String, serializeForOutput: Bool, holdsModels: Bool = false, appliesKeyPathModifier: Bool = true) {
        self.path = KeyPathComponents(appliesKeyPathModifier ? KeyPathModifierSetting.apply(to: keyPath) : keyPath)
        var declaration: DeclarationFlags = serializeForOutput ? .serializeForOutput : []
        if holdsModels { declaration.insert(.holdsModels) }
        self.declaration = declaration
        PropertyRegistry.register(self)
    }

    deinit {
        bindingReference?._withUnsafeGuaranteedRef { $0.propertyReleased() }
    }

    /// The value at this property's key path in the model's data (nil when absent).
    final func lookupStored(in storage: ModelStorage) -> StoredValue? {
        storage.lookup(path, ordinal: memberOrdinal, schedule: bindingReference?._withUnsafeGuaranteedRef { $0.schedule })
    }

    /// Binds the property to its model; `binding` counts it among its bound properties.
    final func bind(binding: Unmanaged<ModelBinding>, memberOrdinal: Int32, isLockFree: Bool) {
        storedOrdinal = Int16(exactly: memberOrdinal) ?? -1
        self.isLockFree = isLockFree
        bindingReference?._withUnsafeGuaranteedRef { $0.propertyReleased() }
        bindingReference = binding
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

    /// How many replaced cache boxes are kept alive for this property's lock-free readers.
    final var retiredBoxCount: Int { Int(retiredCount) }

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
