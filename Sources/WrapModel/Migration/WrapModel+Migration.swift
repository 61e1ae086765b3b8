import Foundation

extension WrapModel {
    /// Brings the data up to the class's current version, once, as the model is created.
    func migrateIfNeeded(_ versioning: VersioningInfo) {
        let found = Self.version(in: storage, key: versioning.key)
        guard found < versioning.current else {
            if found > versioning.current { newerDataVersion = found }
            return
        }
        var data = storage.originalData
        for step in versioning.migrations[found...] { step.apply(&data) }
        DictionaryPath.set(versioning.current, at: versioning.key.components[...], in: &data)
        storage = ModelStorage(data)
    }

    /// The data's version: an integer (or numeric string) at the version key, 0 when absent.
    static func version(in storage: ModelStorage, key: KeyPathComponents) -> Int {
        guard let stored = storage.lookup(key), !stored.isNull else { return 0 }
        return NumberReading.int(stored.any) ?? 0
    }

    /// Throws when the data came from a newer version of the model type than this code knows.
    func checkVersionIsSupported() throws(WrapModelError) {
        if let newerDataVersion, let versioning = PropertyRegistry.versioning(of: type(of: self)) {
            throw .unsupportedVersion(found: newerDataVersion, current: versioning.current)
        }
    }
}
