import WrapModel
import WrapModelJSON

/// Everything seen at one position of the samples (a key of an object, or the elements of arrays).
final class ValueShape {
    var nulls = 0
    var bools = 0
    var ints = 0
    var doubles = 0
    var strings: [String] = []
    var objects: ObjectShape?
    /// Elements of every array seen here, merged; nil when no array was seen.
    var elements: ValueShape?
    var arrays = 0

    func add(_ value: JSONNode) {
        switch value.kind {
        case .null: nulls += 1
        case .bool: bools += 1
        // Integers are numbers written without fraction or exponent that fit in `Int`.
        case .number: if value.intValue != nil { ints += 1 } else { doubles += 1 }
        case .string: strings.append(value.stringValue ?? "")
        case .object:
            let shape = objects ?? ObjectShape()
            shape.add(value.members)
            objects = shape
        case .array:
            arrays += 1
            let shape = elements ?? ValueShape()
            for item in value.elements { shape.add(item) }
            elements = shape
        }
    }

    /// Adds what `other` saw. Object shapes already shared are not merged twice, so shapes that
    /// became recursive through merging (a tree node holding nodes) terminate.
    func merge(_ other: ValueShape, merging: inout Set<ObjectIdentifier>) {
        guard other !== self else { return }
        nulls += other.nulls
        bools += other.bools
        ints += other.ints
        doubles += other.doubles
        strings += other.strings
        arrays += other.arrays
        if let theirs = other.objects {
            if let mine = objects { mine.merge(theirs, merging: &merging) } else { objects = theirs }
        }
        if let theirs = other.elements {
            if let mine = elements { mine.merge(theirs, merging: &merging) } else { elements = theirs }
        }
    }

    /// The JSON types seen, nulls aside, in a fixed order.
    var categories: [String] {
        var result: [String] = []
        if bools > 0 { result.append("boolean") }
        if ints + doubles > 0 { result.append("number") }
        if !strings.isEmpty { result.append("string") }
        if objects != nil { result.append("object") }
        if arrays > 0 { result.append("array") }
        return result
    }

    /// Whether any non-null value (or array element) was seen.
    var isEmpty: Bool { categories.isEmpty }
}
