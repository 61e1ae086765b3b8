/// A JSON object under construction by lossless output: its members keep the order they had in
/// the original data, and new members go last.
///
/// Values are whatever the output tree holds: ``VerbatimJSON`` for parts of a parsed document no
/// write touched, nested `OrderedObject`s for objects a write reached into, and plain Swift values
/// for what properties converted back.
///
/// A parsed object stays *unsplit* while it can: its members remain bytes of the document and the
/// few changes made to it are kept aside, so the writer copies the untouched members' bytes
/// instead of building a key and a value per member (posting a model back with one field written
/// then costs a copy). It is split into members on first need otherwise (see ``materialized()``).
///
/// Public (its layout known to the model library, so copies of it are not made through value
/// witnesses), with package members; the target is no product, so nothing outside this package
/// sees it.
public struct OrderedObject {
    @usableFromInline var orderedKeys: [String] = []
    @usableFromInline var storedValues: [String: Any] = [:]
    /// The parsed object whose members this object still holds only as bytes, or nil once split.
    /// Members are found by comparing key bytes, which is right only while the original's keys
    /// are all distinct, unescaped ASCII: then a key equals a `String` exactly when their bytes do.
    /// Lookups check that once (`keysArePlain`); the writer checks while it copies.
    @usableFromInline package private(set) var original: JSONNode?
    /// Whether `original`'s keys are plain (see above); nil until a lookup needed to know (or the
    /// model's storage knew).
    @usableFromInline private(set) var keysArePlain: Bool?
    /// Changes to `original`, in the order first made: a value replaces the member of that key in
    /// place (or is appended when the original has none); nil removes it.
    /// Kept as two arrays: reading a key or value of a `(String, Any?)` element copied the
    /// whole element through the runtime's value witnesses, a cost the writer paid per member.
    @usableFromInline private(set) var changeKeys: [String] = []
    /// The value of each change in `changeKeys`; nil removes the member.
    @usableFromInline private(set) var changeValues: [Any?] = []
    /// The changes as pairs, in order.
    package var changes: [(key: String, value: Any?)] { Array(zip(changeKeys, changeValues)) }

    /// More changes than this split the object: the writer compares each member with each change.
    private static let maximumChanges = 16

    package init() {}

    /// The members of a parsed object, each kept verbatim. With duplicate keys the last value is
    /// kept, at the first one's position, as reading the object found it. `keysArePlain`, when
    /// known, says whether every key is written without escapes (output can then copy them).
    package init(node: JSONNode, keysArePlain: Bool? = nil) {
        original = node
        self.keysArePlain = keysArePlain
    }

    private init(splitting node: JSONNode) {
        orderedKeys.reserveCapacity(node.count)
        storedValues.reserveCapacity(node.count)
        node.forEachMember { key, value in
            if storedValues.updateValue(VerbatimJSON(node: value), forKey: key) == nil { orderedKeys.append(key) }
        }
    }

    /// The members of a dictionary, in the dictionary's order.
    package init(dictionary: [String: Any]) {
        orderedKeys = Array(dictionary.keys)
        storedValues = dictionary
    }

    /// An object to write into when a key path reaches through `value`: its members when it is an
    /// object in any form, else a new empty object (a non-object in the way is replaced).
    package init(reaching value: Any?) {
        switch value {
        case let object as OrderedObject: self = object
        case let verbatim as VerbatimJSON where verbatim.node.kind == .object: self.init(node: verbatim.node)
        case let some?:
            if let dictionary = NativeValue.object(some) { self.init(dictionary: dictionary) } else { self.init() }
        case nil: self.init()
        }
    }

    /// This object with every member split out: the original's members verbatim, then the changes
    /// applied in order.
    func materialized() -> OrderedObject {
        guard let original else { return self }
        var object = OrderedObject(splitting: original)
        for (key, value) in zip(changeKeys, changeValues) {
            if let value { object.set(value, forKey: key) } else { object.removeValue(forKey: key) }
        }
        return object
    }

    private mutating func split() {
        self = materialized()
    }

    package var isEmpty: Bool { materialized().orderedKeys.isEmpty }
    package var count: Int { materialized().orderedKeys.count }
    /// Keys in order.
    var keys: [String] { materialized().orderedKeys }

    package subscript(key: String) -> Any? {
        guard let original else { return storedValues[key] }
        guard ASCIIText.isASCII(key),
              keysArePlain ?? original.document.withView({ $0.hasDistinctPlainKeys(original.index) }) else {
            return materialized().storedValues[key]
        }
        return unsplitValue(key)
    }

    /// Whether members can be looked up by key bytes; splits the object when they cannot.
    private mutating func canLookUpUnsplit(_ key: String) -> Bool {
        guard let original else { return false }
        if keysArePlain == nil {
            keysArePlain = original.document.withView { $0.hasDistinctPlainKeys(original.index) }
        }
        if keysArePlain == true && ASCIIText.isASCII(key) { return true }
        split()
        return false
    }

    /// The value of an ASCII `key` in an unsplit object.
    private func unsplitValue(_ key: String) -> Any? {
        if let position = changeKeys.firstIndex(of: key) { return changeValues[position] }
        return original?.member(key).map(VerbatimJSON.init(node:))
    }

    /// Replaces the value of `key` in place, or appends the member.
    package mutating func set(_ value: Any, forKey key: String) {
        if original != nil {
            if let position = changeKeys.firstIndex(of: key) {
                // A removed member set again moves to the end: splitting keeps that order.
                if changeValues[position] != nil {
                    changeValues[position] = value
                    return
                }
            } else if changeKeys.count < OrderedObject.maximumChanges, ASCIIText.isASCII(key) {
                changeKeys.append(key)
                changeValues.append(value)
                return
            }
            split()
        }
        if storedValues.updateValue(value, forKey: key) == nil { orderedKeys.append(key) }
    }

    package mutating func removeValue(forKey key: String) {
        if original != nil {
            if let position = changeKeys.firstIndex(of: key) {
                changeValues[position] = nil
                return
            }
            if changeKeys.count < OrderedObject.maximumChanges, ASCIIText.isASCII(key) {
                changeKeys.append(key)
                changeValues.append(nil)
                return
            }
            split()
        }
        guard storedValues.removeValue(forKey: key) != nil, let position = orderedKeys.firstIndex(of: key) else { return }
        orderedKeys.remove(at: position)
    }

    /// Takes the value of `key` out for an in-place update (keeping its position), so nested
    /// objects stay uniquely referenced while a key path is written into them.
    package mutating func take(_ key: String) -> Any? {
        if canLookUpUnsplit(key) {
            guard let value = unsplitValue(key) else { return nil }
            set(Optional<Any>.none as Any, forKey: key)
            return value
        }
        guard let value = storedValues[key] else { return nil }
        storedValues[key] = Optional<Any>.none as Any
        return value
    }

    /// Members in order.
    package var members: [(key: String, value: Any)] {
        let object = materialized()
        return object.orderedKeys.map { ($0, object.storedValues[$0]!) }
    }
}
