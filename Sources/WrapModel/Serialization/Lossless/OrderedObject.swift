/// A JSON object under construction by lossless output: its members keep the order they had in
/// the original data, and new members go last.
///
/// Values are whatever the output tree holds: ``VerbatimJSON`` for parts of a parsed document no
/// write touched, nested `OrderedObject`s for objects a write reached into, and plain Swift values
/// for what properties converted back.
struct OrderedObject {
    private(set) var keys: [String] = []
    private(set) var values: [String: Any] = [:]

    init() {}

    /// The members of a parsed object, each kept verbatim. With duplicate keys the last value is
    /// kept, at the first one's position, as reading the object found it.
    init(node: JSONNode) {
        keys.reserveCapacity(node.count)
        values.reserveCapacity(node.count)
        node.forEachMember { key, value in
            if values.updateValue(VerbatimJSON(node: value), forKey: key) == nil { keys.append(key) }
        }
    }

    /// The members of a dictionary, in the dictionary's order.
    init(dictionary: [String: Any]) {
        keys = Array(dictionary.keys)
        values = dictionary
    }

    /// The original data of a model, every member kept as it came.
    init(storage: ModelStorage) {
        if let node = storage.jsonObject {
            self.init(node: node)
        } else {
            self.init(dictionary: storage.originalData)
        }
    }

    /// An object to write into when a key path reaches through `value`: its members when it is an
    /// object in any form, else a new empty object (a non-object in the way is replaced).
    init(reaching value: Any?) {
        switch value {
        case let object as OrderedObject: self = object
        case let verbatim as VerbatimJSON where verbatim.node.kind == .object: self.init(node: verbatim.node)
        case let some?:
            if let dictionary = NativeValue.object(some) { self.init(dictionary: dictionary) } else { self.init() }
        case nil: self.init()
        }
    }

    var isEmpty: Bool { keys.isEmpty }
    var count: Int { keys.count }

    subscript(key: String) -> Any? { values[key] }

    /// Replaces the value of `key` in place, or appends the member.
    mutating func set(_ value: Any, forKey key: String) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }

    mutating func removeValue(forKey key: String) {
        guard values.removeValue(forKey: key) != nil, let position = keys.firstIndex(of: key) else { return }
        keys.remove(at: position)
    }

    /// Takes the value of `key` out for an in-place update (keeping its position), so nested
    /// objects stay uniquely referenced while a key path is written into them.
    mutating func take(_ key: String) -> Any? {
        guard let value = values[key] else { return nil }
        values[key] = Optional<Any>.none as Any
        return value
    }

    /// Members in order.
    var members: [(key: String, value: Any)] { keys.map { ($0, values[$0]!) } }
}
