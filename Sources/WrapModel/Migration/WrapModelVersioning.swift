/// Opts a model type into versioned data: output records the data's version, and opening data
/// of an older version migrates it first.
///
/// ```swift
/// final class Contact: WrapModel, WrapModelVersioning, NonisolatedModel, @unchecked Sendable {
///     static let migrations: [WrapMigration] = [.renameKey(from: "name", to: "full_name")]
///     @StrProperty("full_name") var fullName
/// }
/// ```
/// The current version is the number of migration steps; data without a version key is version 0.
/// Data of a newer version than the type knows is left untouched: the throwing initialisers and
/// the persistence readers refuse it with ``WrapModelError/unsupportedVersion(found:current:)``,
/// output keeps its version, and the persistence writers refuse to store it. A stored version that
/// is not a non-negative integer (`-1`, `1.5`, `"abc"`, `true`) is treated the same way, with
/// ``WrapModelError/invalidValue(_:)`` at the version's key path as the error.
/// Submodels of versioned types migrate their own level when they are created.
public protocol WrapModelVersioning: WrapModel {
    /// The key (or key path) of the version number in the data. Defaults to `"version"`.
    static var versionKey: String { get }
    /// The ordered steps from version 0; never remove or reorder old ones. Defaults to none.
    static var migrations: [WrapMigration] { get }
}

extension WrapModelVersioning {
    /// `"version"` unless the type says otherwise.
    public static var versionKey: String { "version" }
    /// No steps unless the type lists some.
    public static var migrations: [WrapMigration] { [] }
    /// The version output writes: the number of migration steps.
    public static var currentVersion: Int { migrations.count }
}

/// What the model runtime needs of a versioned class, captured once per class.
struct VersioningInfo: Sendable {
    let key: KeyPathComponents
    let migrations: [WrapMigration]
    var current: Int { migrations.count }

    init?(_ modelClass: WrapModel.Type) {
        guard let versioned = modelClass as? any WrapModelVersioning.Type else { return nil }
        key = KeyPathComponents(versioned.versionKey)
        migrations = versioned.migrations
    }
}
