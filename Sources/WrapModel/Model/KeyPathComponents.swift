/// A period-delimited key path split once, when its property is created, not on every read.
struct KeyPathComponents: Sendable, Hashable {
    let components: [String]

    init(_ keyPath: String) {
        // A group's key path (`<same>…`, no period) names the model's own level, like the empty path.
        if keyPath.isEmpty || (keyPath.hasPrefix(kWrapPropertySameDictionaryKey) && !keyPath.contains(".")) {
            components = []
        } else {
            components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
    }

    init(components: [String]) {
        self.components = components
    }

    /// True for the empty path, which names the model's own dictionary level.
    var isRoot: Bool { components.isEmpty }
    var depth: Int { components.count }
}
