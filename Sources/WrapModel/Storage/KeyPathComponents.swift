import WrapModelJSON

/// A property's key path, classified once when the property is created.
///
/// A path with a period is split here, once: key paths are made once per declaration (and per
/// lookup of a path given at run time), and a dotted path is looked up on every first read of its
/// value and on every piece of a document still arriving that may have changed it. A path without
/// one (most) keeps just its string.
struct KeyPathComponents: Sendable, Hashable {
    let keyPath: String
    /// The components of a path with a period; nil for one without.
    private let dottedComponents: [String]?

    init(_ keyPath: String) {
        self.keyPath = keyPath
        let dotted = keyPath.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ".")) }
            ?? keyPath.utf8.contains(UInt8(ascii: "."))
        dottedComponents = dotted ? keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) : nil
    }

    static func == (a: Self, b: Self) -> Bool { a.keyPath == b.keyPath }
    func hash(into hasher: inout Hasher) { hasher.combine(keyPath) }

    var isDotted: Bool { dottedComponents != nil }

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
        if let dottedComponents { return dottedComponents }
        return isRoot ? [] : [keyPath]
    }

    var depth: Int {
        if isRoot { return 0 }
        return dottedComponents?.count ?? 1
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
