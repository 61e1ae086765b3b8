import Foundation
import WrapModelJSON

/// One step of a model type's migration: what changed between two consecutive data versions.
///
/// ```swift
/// static let migrations: [WrapMigration] = [
///     .renameKey(from: "name", to: "full_name"),                      // version 0 → 1
///     .steps(.addValue("EUR", forKey: "currency"), .removeKey("legacy")), // 1 → 2
///     .transform(key: "price") { ($0 as? Int).map { Double($0) / 100 } }, // 2 → 3
/// ]
/// ```
/// A step is applied to the raw dictionary once, when data of an older version is opened, before
/// any property reads it. Key paths are period-delimited, as for properties. Never remove or
/// reorder old steps: data written at every earlier version must still reach the current one.
// @unchecked: `addValue` captures an `Any` (never mutated); every closure users pass is @Sendable.
public struct WrapMigration: @unchecked Sendable {
    let apply: (inout [String: Any]) -> Void

    private init(_ apply: @escaping (inout [String: Any]) -> Void) {
        self.apply = apply
    }

    /// Moves the value at key path `from` to key path `to` (creating dictionaries); nothing
    /// happens when `from` is absent. An existing value at `to` is replaced.
    /// - Parameters:
    ///   - from: The key path the value is at.
    ///   - to: The key path to move it to.
    public static func renameKey(from: String, to: String) -> WrapMigration {
        WrapMigration { data in
            guard let value = data.value(atPath: KeyPathComponents(from).components[...]) else { return }
            data.removeValue(atPath: KeyPathComponents(from).components[...])
            data.setValue(value, atPath: KeyPathComponents(to).components[...])
        }
    }

    /// Sets `value` at key path `key` only where the data has no value there yet.
    /// - Parameters:
    ///   - value: The value to set.
    ///   - key: Period-delimited key path in the model's data.
    public static func addValue(_ value: Any, forKey key: String) -> WrapMigration {
        WrapMigration { data in
            let path = KeyPathComponents(key).components[...]
            if data.value(atPath: path) == nil { data.setValue(value, atPath: path) }
        }
    }

    /// Removes the value at key path `key`, if any.
    /// - Parameter key: Period-delimited key path in the model's data.
    public static func removeKey(_ key: String) -> WrapMigration {
        WrapMigration { data in data.removeValue(atPath: KeyPathComponents(key).components[...]) }
    }

    /// Replaces the value at key path `key` (nil when absent) by what `transform` returns; a nil
    /// result removes the key.
    /// - Parameters:
    ///   - key: Period-delimited key path in the model's data.
    ///   - transform: Given the value at `key` (nil when absent), returns the value to store there; nil removes the key.
    public static func transform(key: String, _ transform: @escaping @Sendable (Any?) -> Any?) -> WrapMigration {
        WrapMigration { data in
            let path = KeyPathComponents(key).components[...]
            if let value = transform(data.value(atPath: path)) {
                data.setValue(value, atPath: path)
            } else {
                data.removeValue(atPath: path)
            }
        }
    }

    /// Anything else: `body` receives the whole raw dictionary of the model's level.
    /// - Parameter body: Changes the dictionary of the model's level in place.
    public static func custom(_ body: @escaping @Sendable (inout [String: Any]) -> Void) -> WrapMigration {
        WrapMigration(body)
    }

    /// Several operations making up one version step, applied in order.
    /// - Parameter operations: The operations, in the order they apply.
    public static func steps(_ operations: WrapMigration...) -> WrapMigration {
        WrapMigration { data in for operation in operations { operation.apply(&data) } }
    }
}
