// Property wrappers over reference properties (see WrapPropertyReference):
//
//     @ReferenceProperty("author_id", store: Stores.users) var author: User?
//     @MutReferenceArrayProperty("likers", store: Stores.users) var likers: [User]

/// A read-only model referenced by identity.
public typealias ReferenceProperty<T: WrapModel> = ReadOnlyProperty<T?, WrapPropertyReference<T>>
/// A read-write model referenced by identity; output writes the identity of the model assigned.
public typealias MutReferenceProperty<T: WrapModel> = MutableProperty<T?, WrapPropertyReference<T>>
/// A read-only array of models referenced by identity.
public typealias ReferenceArrayProperty<T: WrapModel> = ReadOnlyProperty<[T], WrapPropertyArrayOfReference<T>>
/// A read-write array of models referenced by identity.
public typealias MutReferenceArrayProperty<T: WrapModel> = MutableProperty<[T], WrapPropertyArrayOfReference<T>>

extension ReadOnlyProperty {
    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - store: The store in which the identity is looked up.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - modifier: Applied to every value read. Defaults to none.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String, store: WrapModelStore<M>, serializeForOutput: Bool = true,
                              modifier: ((M?) -> M?)? = nil) where Source == WrapPropertyReference<M> {
        declaration = .declare(Self.self, #line as UInt, keyPath, store, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { [held = WeakStore(store)] in WrapPropertyReference(keyPath, store: held.store, serializeForOutput: serializeForOutput) }
        }
    }

    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - store: The store in which the identity is looked up.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - modifier: Applied to every value read. Defaults to none.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String, store: WrapModelStore<M>, serializeForOutput: Bool = true,
                              modifier: (([M]) -> [M])? = nil) where Source == WrapPropertyArrayOfReference<M> {
        declaration = .declare(Self.self, #line as UInt, keyPath, store, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { [held = WeakStore(store)] in WrapPropertyArrayOfReference(keyPath, store: held.store, serializeForOutput: serializeForOutput) }
        }
    }
}

extension MutableProperty {
    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - store: The store in which the identity is looked up.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String, store: WrapModelStore<M>, serializeForOutput: Bool = true,
                              getModifier: ((M?) -> M?)? = nil, setModifier: ((M?) -> M?)? = nil)
        where Source == WrapPropertyReference<M> {
        declaration = .declare(Self.self, #line as UInt, keyPath, store, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { [held = WeakStore(store)] in WrapPropertyReference(keyPath, store: held.store, serializeForOutput: serializeForOutput) }
        }
    }

    /// A wrapper over a new property object, created with these arguments; modifiers are applied
    /// on read (and write).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - store: The store in which the identity is looked up.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String, store: WrapModelStore<M>, serializeForOutput: Bool = true,
                              getModifier: (([M]) -> [M])? = nil, setModifier: (([M]) -> [M])? = nil)
        where Source == WrapPropertyArrayOfReference<M> {
        declaration = .declare(Self.self, #line as UInt, keyPath, store, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { [held = WeakStore(store)] in WrapPropertyArrayOfReference(keyPath, store: held.store, serializeForOutput: serializeForOutput) }
        }
    }
}

/// A declaration's store as the property objects `$name` makes for it hold it: weakly, since the
/// class's description keeps the function that makes them, and must not keep the store of the
/// model that described the class alive for the life of the process.
@usableFromInline
struct WeakStore<M: WrapModel> {
    private weak var held: WrapModelStore<M>?
    private let identityKeyPaths: [String]
    private let objectTransformer: String?

    @usableFromInline
    init(_ store: WrapModelStore<M>) {
        held = store
        identityKeyPaths = store.identityKeyPaths
        objectTransformer = store.objectTransformer
    }

    /// The store, or once it is freed an empty one like it (the models that named it read no
    /// references any more: their declarations reach it weakly too).
    @usableFromInline
    var store: WrapModelStore<M> {
        held ?? WrapModelStore(identityKeyPaths: identityKeyPaths, objectTransformer: objectTransformer)
    }
}
