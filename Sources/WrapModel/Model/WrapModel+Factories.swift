import Foundation

/// Static counterparts of the convenience initialisers, for generic code.
///
/// Swift lets a metatype such as `M.Type` call only `required` initialisers, and making the
/// convenience initialisers `required` would force every subclass that declares its own designated
/// initialiser to repeat them. These factories create models of the class they are called on
/// (through its `init(data:mutable:)`), so generic code can write:
///
/// ```swift
/// func load<M: WrapModel>(_: M.Type, from body: Data) throws -> M {
///     try M.model(parsing: body)
/// }
/// ```
extension WrapModel {
    /// The model of ``init(data:mutable:)``: wraps `data` without converting anything.
    /// - Parameters:
    ///   - data: The dictionary to wrap.
    ///   - mutable: Whether properties may be written.
    /// A ``WrapPolymorphic`` class creates the subclass its selector chooses for `data`.
    public static func model(data: [String: Any], mutable: Bool) -> Self {
        wrapping(ModelStorage(data), mutable: mutable)
    }

    /// The model of ``init(json:mutable:)``: nil when `json` is nil, malformed or not an object.
    /// Lenient like that initialiser: a leading byte-order mark and trailing commas are accepted.
    /// - Parameters:
    ///   - json: JSON text whose root is an object, or nil.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    public static func model(json: String?, mutable: Bool = false) -> Self? {
        guard let json, let storage = try? JSONInput.storage(from: Data(json.utf8), lenient: true) else { return nil }
        return wrapping(storage, mutable: mutable)
    }

    /// The model of ``init(jsonData:mutable:)``: nil when `jsonData` is nil, malformed or not an object.
    /// - Parameters:
    ///   - jsonData: UTF-8 JSON whose root is an object, or nil.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    public static func model(jsonData: Data?, mutable: Bool = false) -> Self? {
        guard let jsonData, let storage = try? JSONInput.storage(from: jsonData, lenient: true) else { return nil }
        return wrapping(storage, mutable: mutable)
    }

    /// The model of ``init(parsing:mutable:strict:)-(String,_,_)``: strict RFC 8259 JSON.
    /// - Parameters:
    ///   - json: JSON text whose root is an object.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also throw for the first invalid value ``validate()`` finds. Defaults to `false`.
    /// - Throws: as ``init(parsing:mutable:strict:)-(String,_,_)``.
    public static func model(parsing json: String, mutable: Bool = false, strict: Bool = false) throws(WrapModelError) -> Self {
        try model(parsing: Data(json.utf8), mutable: mutable, strict: strict)
    }

    /// The model of ``init(parsing:mutable:strict:)-(Data,_,_)``: strict RFC 8259 JSON.
    /// - Parameters:
    ///   - json: UTF-8 JSON whose root is an object.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also throw for the first invalid value ``validate()`` finds. Defaults to `false`.
    /// - Throws: as ``init(parsing:mutable:strict:)-(Data,_,_)``.
    public static func model(parsing json: Data, mutable: Bool = false, strict: Bool = false) throws(WrapModelError) -> Self {
        let model = wrapping(try JSONInput.storage(from: json), mutable: mutable)
        try model.checkParsedModel(strict: strict)
        return model
    }

    /// The model of ``init(asCopyOf:withMutations:mutable:)``, of the class this is called on —
    /// or, for a ``WrapPolymorphic`` class, of `source`'s own class when that is a subclass of it
    /// (`Media.model(copying: photo, …)` is a `Photo`).
    /// - Parameters:
    ///   - source: The model to copy.
    ///   - withMutations: Whether the copy keeps the values written to `source`; without them it holds `source`'s original data.
    ///   - mutable: Whether properties may be written.
    public static func model(copying source: WrapModel, withMutations: Bool, mutable: Bool) -> Self {
        let keepsSourceClass = SubclassSelection.selector(of: Self.self) != nil
        let target: Self.Type = keepsSourceClass ? (type(of: source) as? Self.Type ?? Self.self) : Self.self
        let sameClass = type(of: source) == target
        let storage = sameClass || !withMutations
            ? source.withReadAccess { source.storage }
            : ModelStorage(source.outputData(options: [.keepUnmodeledKeys, .includeNonOutputProperties, .withNulls]))
        let model = target.make(over: storage, mutable: mutable, lock: nil, selecting: !sameClass)
        if withMutations && sameClass {
            source.withReadAccess { model.transferState(from: source) }
        }
        return model
    }
}

extension WrapModel {
    /// Creates a model over `storage`, sharing `lock`: the one way in for every model made from
    /// data (parsing, submodels, collection elements, imports, stores, copies, decoding;
    /// `init(storage:mutable:)` for a class fixed by its caller). With `selecting` (every creation
    /// from data; copies pass `false`), a ``WrapPolymorphic`` class first chooses the subclass for
    /// the object — a versioned one after migrating it (see `SubclassSelection.select`); then
    /// `ConstructionContext.construct` hands the storage to that class's `init(data:mutable:)`.
    static func make(over storage: ModelStorage, mutable: Bool, lock: WrapModelLock?, selecting: Bool = true) -> Self {
        guard selecting else { return ConstructionContext.construct(self, storage: storage, mutable: mutable, lock: lock) }
        let (type, selected) = SubclassSelection.select(self, storage: storage)
        return ConstructionContext.construct(type, storage: selected, mutable: mutable, lock: lock)
    }
}
