import WrapModelJSON

/// A property's key path, classified once when the property is created.
///
/// Splitting is deferred to the first lookup: most key paths have no period, and creating a model
/// must cost little more than allocating its property objects.
struct KeyPathComponents: Sendable, Hashable {
    let keyPath: String

    init(_ keyPath: String) {
        self.keyPath = keyPath
    }

    var isDotted: Bool {
        keyPath.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ".")) }
            ?? keyPath.utf8.contains(UInt8(ascii: "."))
    }

    /// True for the empty path and group markers (`<same>…`): the model's own dictionary level.
    var isRoot: Bool {
        keyPath.isEmpty || (keyPath.utf8.first == UInt8(ascii: "<") && !isDotted && keyPath.hasPrefix(kWrapPropertySameDictionaryKey))
    }

    init(components: [String]) {
        self.init(components.joined(separator: "."))
    }

    /// The path of the model object inside each element of an embedded-model array
    /// (`WPEmbModelArray`'s `embedPath`, e.g. `"node"`); nil for none (nil, empty, or only periods).
    init?(embedPath: String?) {
        let parts = (embedPath ?? "").split(separator: ".").map(String.init)
        guard !parts.isEmpty else { return nil }
        self.init(components: parts)
    }

    /// The dictionary keys along the path (none for the root).
    var components: [String] {
        if isRoot { return [] }
        if !isDotted { return [keyPath] }
        return keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    var depth: Int {
        if isRoot { return 0 }
        return isDotted ? keyPath.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) } : 1
    }
}

extension OrderedObject {
    /// Sets `value` at a property's key path (most are one key, which needs no splitting).
    mutating func setValue(_ value: Any, at path: KeyPathComponents) {
        if path.isDotted { setValue(value, atPath: path.components[...]) } else { set(value, forKey: path.keyPath) }
    }

    /// Removes the value at a property's key path, if any.
    mutating func removeValue(at path: KeyPathComponents) {
        if path.isDotted { removeValue(atPath: path.components[...]) } else { removeValue(forKey: path.keyPath) }
    }
}
