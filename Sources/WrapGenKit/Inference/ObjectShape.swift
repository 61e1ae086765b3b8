import WrapModel
import WrapModelJSON

/// The keys of every object seen at one position, merged.
final class ObjectShape {
    /// How many objects were merged.
    var count = 0
    var fields: [String: FieldShape] = [:]
    /// Set when the keys are ids rather than names (`{"1385": {…}, "1386": {…}}`): every value
    /// merged into one shape, read as a `[String: T]`.
    var mapValues: ValueShape?

    func add(_ members: [(key: String, value: JSONNode)]) {
        count += 1
        for (key, value) in members {
            let field = fields[key] ?? FieldShape()
            field.present += 1
            field.value.add(value)
            fields[key] = field
        }
    }

    func merge(_ other: ObjectShape, merging: inout Set<ObjectIdentifier>) {
        guard other !== self, merging.insert(ObjectIdentifier(other)).inserted else { return }
        count += other.count
        for (key, theirs) in other.fields {
            if let mine = fields[key] {
                mine.present += theirs.present
                mine.value.merge(theirs.value, merging: &merging)
            } else {
                fields[key] = theirs
            }
        }
        if let theirs = other.mapValues {
            if let mine = mapValues { mine.merge(theirs, merging: &merging) } else { mapValues = theirs }
        }
    }

    /// The keys in Unicode scalar order: the samples' own order is not something JSON promises.
    var sortedKeys: [String] {
        fields.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }
}
