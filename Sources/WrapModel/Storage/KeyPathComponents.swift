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
