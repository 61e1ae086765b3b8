/// A model referenced by identity: the data holds an id (or the object itself), the value is the
/// model a ``WrapModelStore`` holds for that id.
///
/// ```swift
/// enum Stores { static let users = WrapModelStore<User>(identityKeyPath: "id") }
///
/// final class Post: WrapModel, NonisolatedModel, @unchecked Sendable {
///     let author = WPRef<User>("author_id", store: Stores.users)       // {"author_id": 7}
///     @ReferenceArrayProperty("likers", store: Stores.users) var likers: [User]
/// }
/// ```
/// The property is given its store explicitly, so several stores of one model type can coexist
/// (declare long-lived stores as static constants, as above).
///
/// Reading an identity returns the store's model for it, or creates a placeholder there (a
/// model holding only the identity) that a later import of that identity fills in — the same
/// instance, so the reference stays valid. Reading an embedded object returns the stored model for
/// its identity, storing the object first if the identity is new. When the *containing* object is
/// imported through a ``WrapModelStore``, embedded objects are also merged into the referenced
/// store at import time, so they update models already stored.
///
/// Output writes the referenced model's identity, in the form its own data uses (a model not in
/// the store writes the identity of its current data, or nothing). Copies of the containing model
/// refer to the same instances. ``WrapModel/validate()`` reports identities of the wrong type and
/// embedded objects without one, and leaves the store unchanged.
public final class WrapPropertyReference<T: WrapModel>: WrapProperty<T?> {
    /// The store the identity is looked up in.
    public let store: WrapModelStore<T>

    /// - Parameters:
    ///   - keyPath: Period-delimited path of the identity (or embedded object) in the model's data.
    ///   - store: The store holding the referenced models.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, store: WrapModelStore<T>, serializeForOutput: Bool = true) {
        self.store = store
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput, codec: WrapOptionalCodec(ReferenceCodec(link: store.link)))
    }

}

/// An array of models referenced by identity (`[7, 9]`, or embedded objects, or a mix); see
/// ``WrapPropertyReference``. Elements that are neither an identity nor an object with one are
/// left out (and reported by ``WrapModel/validate()``). Absent or `null` reads as `[]`.
public final class WrapPropertyArrayOfReference<T: WrapModel>: WrapProperty<[T]> {
    /// The store the identities are looked up in.
    public let store: WrapModelStore<T>

    /// - Parameters:
    ///   - keyPath: Period-delimited path of the array in the model's data.
    ///   - store: The store holding the referenced models.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, store: WrapModelStore<T>, serializeForOutput: Bool = true) {
        self.store = store
        super.init(keyPath, defaultValue: [], serializeForOutput: serializeForOutput, codec: ReferenceArrayCodec(link: store.link))
    }

}

/// Short name of ``WrapPropertyReference``.
public typealias WPRef<T: WrapModel> = WrapPropertyReference<T>
/// Short name of ``WrapPropertyArrayOfReference``.
public typealias WPRefArray<T: WrapModel> = WrapPropertyArrayOfReference<T>
