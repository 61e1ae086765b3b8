/// Prepares merged sample shapes for naming: objects keyed by ids become maps, and objects of the
/// same shape anywhere in the document become one shape, so they get one class. "Same shape" is
/// the same keys, or nearly: objects sharing at least three quarters of their keys (and at least
/// three), with no shared key holding different JSON types, are one record whose other keys are
/// optional — a tweet's `retweeted_status` is a tweet without a `retweeted_status` of its own.
struct ShapeCanonicalizer {
    /// Representatives by key set, in the order they were first seen.
    private var representatives: [String: [ObjectShape]] = [:]
    /// Every representative, in the order first seen, for the near-match search.
    private var allRepresentatives: [ObjectShape] = []
    private var visited: Set<ObjectIdentifier> = []

    /// Canonicalizes everything under `root` and returns the root's representative.
    static func canonicalize(_ root: ObjectShape) -> ObjectShape {
        var canonicalizer = ShapeCanonicalizer()
        return canonicalizer.canonical(root)
    }

    /// Children first, so that two parents compare children that are already shared.
    private mutating func canonical(_ object: ObjectShape) -> ObjectShape {
        guard visited.insert(ObjectIdentifier(object)).inserted else { return object }
        if object.mapValues == nil, Self.isMap(object) {
            let values = ValueShape()
            var merging: Set<ObjectIdentifier> = []
            for key in object.sortedKeys {
                if let field = object.fields[key] { values.merge(field.value, merging: &merging) }
            }
            object.mapValues = values
        }
        if let values = object.mapValues {
            walk(values)
            return object
        }
        for key in object.sortedKeys {
            if let field = object.fields[key] { walk(field.value) }
        }
        let signature = object.sortedKeys.joined(separator: "\u{0}")
        for candidate in representatives[signature, default: []] where Self.isCompatible(candidate, object) {
            var merging: Set<ObjectIdentifier> = []
            candidate.merge(object, merging: &merging)
            return candidate
        }
        if let similar = allRepresentatives.first(where: { Self.isSimilar($0, object) }) {
            var merging: Set<ObjectIdentifier> = []
            similar.merge(object, merging: &merging)
            return similar
        }
        representatives[signature, default: []].append(object)
        allRepresentatives.append(object)
        return object
    }

    /// Most keys shared (three quarters of all keys of the two, and at least three), and no shared
    /// key holding different JSON types (nulls fit anything).
    static func isSimilar(_ a: ObjectShape, _ b: ObjectShape) -> Bool {
        guard a.mapValues == nil, b.mapValues == nil else { return false }
        let shared = a.fields.keys.filter { b.fields[$0] != nil }
        let union = a.fields.count + b.fields.count - shared.count
        guard shared.count >= 3, shared.count * 4 >= union * 3 else { return false }
        for key in shared {
            let mine = a.fields[key]!.value.categories
            let theirs = b.fields[key]!.value.categories
            if !mine.isEmpty, !theirs.isEmpty, mine != theirs { return false }
        }
        return true
    }

    private mutating func walk(_ value: ValueShape) {
        if let object = value.objects { value.objects = canonical(object) }
        if let elements = value.elements { walk(elements) }
    }

    /// Whether every key of the object is an id, a date or a hash rather than a name, and the
    /// values share one JSON type: then the object is a dictionary, not a record.
    static func isMap(_ object: ObjectShape) -> Bool {
        guard !object.fields.isEmpty, object.fields.keys.allSatisfy(isIdentifierLike) else { return false }
        let categories = Set(object.fields.values.flatMap(\.value.categories))
        return categories.count == 1
    }

    /// `138586341`, `-12`, `2024-05-01`, `12:30`, UUIDs and long hexadecimal hashes.
    static func isIdentifierLike(_ key: String) -> Bool {
        let scalars = Array(key.unicodeScalars)
        guard !scalars.isEmpty, scalars.allSatisfy(\.isASCII) else { return false }
        let digits = scalars.filter { ("0"..."9").contains($0) }.count
        guard digits > 0 else { return false }
        if scalars.allSatisfy({ ("0"..."9").contains($0) || "-/:._ ".unicodeScalars.contains($0) }) {
            return ("0"..."9").contains(scalars[0]) || (scalars[0] == "-" && scalars.count > 1)
        }
        let isHex = { (s: Unicode.Scalar) in ("0"..."9").contains(s) || ("a"..."f").contains(s) || ("A"..."F").contains(s) }
        if scalars.count == 36, key.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12],
           scalars.allSatisfy({ isHex($0) || $0 == "-" }) {
            return true
        }
        return scalars.count >= 16 && scalars.allSatisfy(isHex)
    }

    /// Same keys, and no key holding different JSON types in the two (nulls fit anything).
    static func isCompatible(_ a: ObjectShape, _ b: ObjectShape) -> Bool {
        for (key, field) in a.fields {
            guard let other = b.fields[key] else { return false }
            let mine = field.value.categories
            let theirs = other.value.categories
            if !mine.isEmpty, !theirs.isEmpty, mine != theirs { return false }
        }
        return true
    }
}
