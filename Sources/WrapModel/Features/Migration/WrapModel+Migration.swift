import Foundation
import WrapModelJSON

/// Why a versioned model left its data as it found it.
enum UnsupportedDataVersion: Equatable {
    /// The data's version is newer than the class's current version.
    case newer(Int)
    /// The stored version is not a non-negative integer; `found` names what it is.
    case unreadable(found: String)
}

extension WrapModel {
    /// The class's versioning, or nil for a class that does not adopt `WrapModelVersioning`.
    var classVersioning: VersioningInfo? { withClassTable { $0.versioning } }

    /// Brings the data up to the class's current version, once, as the model is created.
    ///
    /// Data whose version is newer than the class knows, or is not a version number at all
    /// (negative, fractional, too large, not a number), is left untouched: no step runs, output
    /// keeps the data's own version, and the throwing readers and writers refuse it.
    static func migrated(_ storage: ModelStorage, _ versioning: VersioningInfo) -> (ModelStorage, UnsupportedDataVersion?) {
        guard let found = version(in: storage, key: versioning.key) else {
            let stored = storage.lookup(versioning.key)
            return (storage, .unreadable(found: stored?.typeDescription ?? "null"))
        }
        guard found < versioning.current else {
            return (storage, found > versioning.current ? .newer(found) : nil)
        }
        var data = storage.originalData
        for step in versioning.migrations[found...] { step.apply(&data) }
        data.setValue(versioning.current, atPath: versioning.key.components[...])
        return (ModelStorage(data), nil)
    }

    /// The data's version: 0 when absent or null; a non-negative integer, or an integral number or
    /// numeric string of one; nil for anything else (booleans, negative, fractional and
    /// non-numeric values, and numbers beyond 2^53, which no migration list reaches).
    static func version(in storage: ModelStorage, key: KeyPathComponents) -> Int? {
        version(of: storage.lookup(key))
    }

    /// The version `stored` (the value at the version key, nil when absent) says; see
    /// ``version(in:key:)``.
    static func version(of stored: WrapStoredValue.Raw?) -> Int? {
        guard let stored, !stored.isNull else { return 0 }
        guard let number = NumberReading.double(stored.any), number >= 0, number.rounded() == number,
              number <= 9_007_199_254_740_992 else { return nil }
        return Int(number)
    }

    /// The version output writes: the class's current version, or the data's own when the model
    /// left its data untouched (so output never claims an older version than the data has).
    func writeVersion(into result: inout [String: Any]) {
        guard let versioning = classVersioning else { return }
        let path = versioning.key.components[...]
        guard unsupportedDataVersion != nil else {
            result.setValue(versioning.current, atPath: path)
            return
        }
        if let stored = storage.lookup(versioning.key) { result.setValue(stored.any, atPath: path) }
    }

    /// The version lossless output must write over the data's own: the class's current version
    /// when the data (read once, at the version key) does not already say it; nil when the data
    /// stays as it is (it says the current version, or the model left newer data untouched).
    func versionToWrite() -> Int? {
        guard let versioning = classVersioning, unsupportedDataVersion == nil else { return nil }
        let stored = storage.lookup(versioning.key)
        return stored == nil || Self.version(of: stored) != versioning.current ? versioning.current : nil
    }

    /// Throws when the data came from a newer version of the model type than this code knows, or
    /// its version is unreadable.
    /// - Throws: ``WrapModelError/unsupportedVersion(found:current:)`` or
    ///   ``WrapModelError/invalidValue(_:)`` with the version's key path.
    func checkVersionIsSupported() throws(WrapModelError) {
        guard let unsupportedDataVersion, let versioning = classVersioning else { return }
        switch unsupportedDataVersion {
        case .newer(let found):
            throw .unsupportedVersion(found: found, current: versioning.current)
        case .unreadable(let found):
            throw .invalidValue(WrapModelIssue(keyPath: versioning.key.keyPath,
                                               kind: .wrongType(expected: "version (a non-negative integer)", found: found)))
        }
    }
}
