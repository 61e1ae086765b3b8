import WrapModel

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

    func add(_ value: JSONValue) {
        switch value {
        case .null: nulls += 1
        case .bool: bools += 1
        case .int: ints += 1
        case .double: doubles += 1
        case .string(let s): strings.append(s)
        case .object(let members):
            let shape = objects ?? ObjectShape()
            shape.add(members)
            objects = shape
        case .array(let items):
            arrays += 1
            let shape = elements ?? ValueShape()
            for item in items { shape.add(item) }
            elements = shape
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

/// The keys of every object seen at one position, merged.
final class ObjectShape {
    /// How many objects were merged.
    var count = 0
    var fields: [String: FieldShape] = [:]

    func add(_ members: [(key: String, value: JSONValue)]) {
        count += 1
        for (key, value) in members {
            let field = fields[key] ?? FieldShape()
            field.present += 1
            field.value.add(value)
            fields[key] = field
        }
    }
}

final class FieldShape {
    /// In how many of the merged objects the key appeared (null included).
    var present = 0
    let value = ValueShape()
}

/// Infers model classes from JSON samples.
struct JSONInference {
    private var typeNamer = TypeNamer()
    private var classes: [ClassDecl] = []

    /// Builds the classes for `root` (merged samples) named `rootName`, root first, then every
    /// submodel class in depth-first order of (sorted) keys.
    static func classes(for root: ObjectShape, rootName: String) -> [ClassDecl] {
        var inference = JSONInference()
        inference.typeNamer.reserve(rootName)
        inference.makeClass(named: rootName, shape: root, doc: [])
        return inference.classes
    }

    private mutating func makeClass(named name: String, shape: ObjectShape, doc: [String]) {
        let index = classes.count
        classes.append(ClassDecl(name: name, doc: doc))
        var members = MemberNamer()
        var properties: [PropertyDecl] = []
        // Keys in Unicode scalar order: the samples' own order is not something JSON promises.
        let keys = shape.fields.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        var skipped: [String] = []
        for key in keys {
            guard let field = shape.fields[key] else { continue }
            // WrapModel reads an empty key path (or a group marker) as the model's own level.
            if key.isEmpty || key.hasPrefix(kWrapPropertySameDictionaryKey) {
                skipped.append(Naming.stringLiteral(key))
                continue
            }
            let propertyName = members.claim(Naming.camelCase(key))
            let optional = field.present < shape.count || field.value.nulls > 0
            var property = PropertyDecl(name: propertyName, keyPath: key, kind: .any, isOptional: optional)
            let (kind, note) = resolve(field.value, key: key, owner: name)
            property.kind = kind
            if let note { property.doc.append(note) }
            if kind == .any || kind == .anyArray { property.isOptional = true }
            if key.contains(".") {
                property.doc.append("The key contains a period, which WrapModel reads as a key path into nested objects.")
            }
            properties.append(property)
        }
        classes[index].properties = properties
        if !skipped.isEmpty {
            if !classes[index].doc.isEmpty { classes[index].doc.append("") }
            classes[index].doc.append("Not modelled: key \(skipped.joined(separator: ", ")), which WrapModel cannot address")
            classes[index].doc.append("(an empty key path stands for the model's own level).")
        }
    }

    private mutating func resolve(_ value: ValueShape, key: String, owner: String) -> (PropertyKind, String?) {
        let categories = value.categories
        guard categories.count == 1, let category = categories.first else {
            if categories.isEmpty { return (.any, "Always null in the samples: the type is unknown.") }
            return (.any, "Mixed types in the samples (\(categories.joined(separator: ", "))).")
        }
        switch category {
        case "boolean": return (.bool, nil)
        case "number": return (value.doubles > 0 ? .double : .int, nil)
        case "string":
            if let type = Self.dateType(for: value.strings) { return (.date(type), nil) }
            return (.string, nil)
        case "object":
            guard let object = value.objects, !object.fields.isEmpty else {
                return (.dict, "Always an empty object in the samples: read as a dictionary.")
            }
            let className = typeNamer.claim(Naming.pascalCase(key) ?? "Object", prefix: owner)
            makeClass(named: className, shape: object, doc: ["`\(key)` of ``\(owner)``."])
            return (.model(className), nil)
        default:
            guard let elements = value.elements, !elements.isEmpty else {
                return (.anyArray, "Always an empty array (or nulls) in the samples: the element type is unknown.")
            }
            let kinds = elements.categories
            guard kinds.count == 1, let kind = kinds.first else {
                return (.anyArray, "Mixed element types in the samples (\(kinds.joined(separator: ", "))).")
            }
            let nullNote = elements.nulls > 0 ? "The samples have null elements; reading drops them." : nil
            switch kind {
            case "boolean": return (.array(.bool), nullNote)
            case "number": return (.array(elements.doubles > 0 ? .double : .int), nullNote)
            case "string": return (.array(.string), nullNote)
            case "object":
                guard let object = elements.objects, !object.fields.isEmpty else {
                    return (.array(.dict), "Always empty objects in the samples: read as dictionaries.")
                }
                let base = Naming.pascalCase(key).map(Naming.singular) ?? "Element"
                let className = typeNamer.claim(base, prefix: owner)
                makeClass(named: className, shape: object, doc: ["An element of `\(key)` of ``\(owner)``."])
                return (.modelArray(className), nil)
            default:
                return (.anyArray, "Arrays of arrays are read as `[Any]`.")
            }
        }
    }

    /// The date type for strings seen at one position: of the types (in `allCases` order) that parse
    /// every string without fallback, the first that also writes every string back unchanged, else
    /// the first. (`2016-11-01T21:14:33Z` parses as `dibs` too, but only `iso8601` writes it back
    /// as it came, so output posted back to a server keeps the server's format.)
    static func dateType(for strings: [String]) -> WrapDateOutputType? {
        guard !strings.isEmpty else { return nil }
        let parsing = WrapDateOutputType.allCases.filter { type in
            strings.allSatisfy { type.date(from: $0, fallbackToOtherFormats: false) != nil }
        }
        let roundTripping = parsing.first { type in
            strings.allSatisfy { type.string(from: type.date(from: $0, fallbackToOtherFormats: false)) == $0 }
        }
        return roundTripping ?? parsing.first
    }
}
