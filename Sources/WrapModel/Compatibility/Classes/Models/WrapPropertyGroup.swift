import Foundation

/// A model of type `T` over the parent's *own* dictionary level, to organise flat data.
///
/// ```swift
/// final class CommPrefs: WrapModel, NonisolatedModel, @unchecked Sendable { let email = WPBool("pref_email") }
/// final class Customer: WrapModel, NonisolatedModel, @unchecked Sendable { let prefs = WPGroup<CommPrefs>() }   // reads customer data's "pref_email"
/// ```
/// Created on first read, sharing the parent's lock and mutability; its output merges into the
/// parent's level. Its key path is `kWrapPropertySameDictionaryKey` + `kWrapPropertySameDictionaryEndKey`.
public final class WrapPropertyGroup<T: WrapModel>: WrapProperty<T> {
    /// Creates the property for the group: a model over the parent's own level.
    /// - Parameter serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(serializeForOutput: Bool = true) {
        let keyPath = kWrapPropertySameDictionaryKey + kWrapPropertySameDictionaryEndKey
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            // The placeholder is never returned: a group always has its parent's data to read.
            let placeholder = unsafeDowncast(ModelClassTable.of(T.self).placeholder(), to: T.self)
            return Self.describe($0, keyPath, codec: GroupCodec<T>(), defaultValue: placeholder, serializeForOutput: serializeForOutput,
                                 appliesKeyPathModifier: false)
        }
    }
}
