import Foundation

/// Reads and writes values at key paths inside nested `[String: Any]` dictionaries.
package enum DictionaryPath {
    /// Sets `value` at `path`, creating (or replacing non-dictionary) intermediate levels.
    package static func set(_ value: Any, at path: ArraySlice<String>, in dictionary: inout [String: Any]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            dictionary[first] = value
            return
        }
        // Taking the child out first keeps it uniquely referenced, so it is mutated in place.
        var child = dictionary.removeValue(forKey: first).flatMap(NativeValue.object) ?? [:]
        set(value, at: path.dropFirst(), in: &child)
        dictionary[first] = child
    }

    /// The value at `path`, or nil when a level is missing or not a dictionary.
    package static func value(at path: ArraySlice<String>, in dictionary: [String: Any]) -> Any? {
        guard let first = path.first else { return dictionary }
        if path.count == 1 { return dictionary[first] }
        guard let child = dictionary[first].flatMap(NativeValue.object) else { return nil }
        return value(at: path.dropFirst(), in: child)
    }

    /// Removes the value at `path`, if any; parents stay.
    package static func remove(at path: ArraySlice<String>, in dictionary: inout [String: Any]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            dictionary.removeValue(forKey: first)
            return
        }
        guard var child = dictionary.removeValue(forKey: first).flatMap(NativeValue.object) else { return }
        remove(at: path.dropFirst(), in: &child)
        dictionary[first] = child
    }

    /// Writes every entry of `source` into `dictionary`, recursing where both hold dictionaries.
    package static func merge(_ source: [String: Any], into dictionary: inout [String: Any]) {
        for (key, value) in source {
            if let sourceChild = NativeValue.object(value), var child = dictionary.removeValue(forKey: key).flatMap(NativeValue.object) {
                merge(sourceChild, into: &child)
                dictionary[key] = child
            } else {
                dictionary[key] = value
            }
        }
    }
}
