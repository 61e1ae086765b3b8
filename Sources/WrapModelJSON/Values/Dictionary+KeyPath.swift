import Foundation

/// Values at key paths inside nested `[String: Any]` dictionaries: a key path is the keys from the
/// outermost level in (a model's `KeyPathComponents` gives them).
extension Dictionary where Key == String, Value == Any {
    /// Sets `value` at `path`, creating (or replacing non-dictionary) intermediate levels.
    package mutating func setValue(_ value: Any, atPath path: ArraySlice<String>) {
        guard let first = path.first else { return }
        if path.count == 1 {
            self[first] = value
            return
        }
        // Taking the child out first keeps it uniquely referenced, so it is mutated in place.
        var child = removeValue(forKey: first).flatMap(NativeValue.object) ?? [:]
        child.setValue(value, atPath: path.dropFirst())
        self[first] = child
    }

    /// The value at `path` (the dictionary itself for an empty path), or nil when a level is
    /// missing or not a dictionary.
    package func value(atPath path: ArraySlice<String>) -> Any? {
        guard let first = path.first else { return self }
        if path.count == 1 { return self[first] }
        guard let child = self[first].flatMap(NativeValue.object) else { return nil }
        return child.value(atPath: path.dropFirst())
    }

    /// Removes the value at `path`, if any; parents stay.
    package mutating func removeValue(atPath path: ArraySlice<String>) {
        guard let first = path.first else { return }
        if path.count == 1 {
            removeValue(forKey: first)
            return
        }
        guard var child = removeValue(forKey: first).flatMap(NativeValue.object) else { return }
        child.removeValue(atPath: path.dropFirst())
        self[first] = child
    }

    /// Writes every entry of `source` into this dictionary, recursing where both hold dictionaries.
    package mutating func mergeDeeply(_ source: [String: Any]) {
        for (key, value) in source {
            if let sourceChild = NativeValue.object(value), var child = removeValue(forKey: key).flatMap(NativeValue.object) {
                child.mergeDeeply(sourceChild)
                self[key] = child
            } else {
                self[key] = value
            }
        }
    }
}
