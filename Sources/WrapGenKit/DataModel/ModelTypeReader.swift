/// How a property reads a Swift type named in a data model.
struct TypeReading {
    var kind: PropertyKind
    var isOptional = false
    /// Set when the property's type differs from the named one: how the data is read instead.
    var note: String?
}

/// Reads the Swift types a data model names — State's `State.Type`, a Transformable attribute's
/// `customClassName` — as the property kind that reads their data.
///
/// Collections are read by their syntax whatever their element types: dictionaries as
/// `[String: Any]` (or a model dictionary), arrays and sets as arrays, so a type the runtime has no
/// property for still reads the data rather than a scalar that cannot hold it.
struct ModelTypeReader {
    /// Entity name → generated type name.
    let typeNames: [String: String]
    /// Entities generated as enums.
    let enumEntities: Set<String>

    /// The reading of `text`; nil for a type wrapgen does not know (a custom class or struct).
    func read(_ text: String) -> TypeReading? {
        var type = text.filter { !$0.isWhitespace }
        var optional = false
        while true {
            if type.hasSuffix("?") || type.hasSuffix("!") {
                optional = true
                type.removeLast()
            } else if let inner = Self.genericArguments(type, of: "Optional"), inner.count == 1 {
                optional = true
                type = inner[0]
            } else {
                break
            }
        }
        guard !type.isEmpty, var reading = readBare(type) else { return nil }
        reading.isOptional = reading.isOptional || optional
        return reading
    }

    private func readBare(_ type: String) -> TypeReading? {
        if let scalar = Self.scalarKind(type) { return TypeReading(kind: scalar) }
        if let (key, value) = Self.dictionaryParts(type) {
            if key == "String", let model = modelType(value) { return TypeReading(kind: .modelDict(model)) }
            let exact = key == "String" && (value == "Any" || value == "AnyObject")
            return TypeReading(kind: .dict, note: exact ? nil : "read as `[String: Any]`, values as the data holds them")
        }
        if let (element, isSet) = Self.collectionElement(type) {
            var reading = readArray(of: element)
            if isSet { reading.note = reading.note.map { "read as an array (JSON has no sets), \($0)" } ?? "read as an array (JSON has no sets)" }
            return reading
        }
        if let (entity, typeName) = entityNamed(type) {
            if enumEntities.contains(entity) { return TypeReading(kind: .enumeration(typeName, defaultCase: nil)) }
            return TypeReading(kind: .model(typeName))
        }
        switch type {
        case "Data", "NSData": return TypeReading(kind: .string, note: "read as its Base64 text")
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet":
            return TypeReading(kind: .anyArray, isOptional: true, note: "elements read as the data holds them")
        case "NSDictionary", "NSMutableDictionary": return TypeReading(kind: .dict)
        default: return nil
        }
    }

    private func readArray(of element: String) -> TypeReading {
        switch Self.scalarKind(element) {
        case .int?: return TypeReading(kind: .array(.int))
        case .double?: return TypeReading(kind: .array(.double))
        case .float?: return TypeReading(kind: .array(.float))
        case .bool?: return TypeReading(kind: .array(.bool))
        case .string?: return TypeReading(kind: .array(.string))
        case .dict?: return TypeReading(kind: .array(.dict))
        case .date?: return TypeReading(kind: .array(.string), note: "dates read as their strings")
        default: break
        }
        if let (entity, typeName) = entityNamed(element) {
            if enumEntities.contains(entity) {
                return TypeReading(kind: .array(.string), note: "read as the data strings of `\(typeName)`")
            }
            return TypeReading(kind: .modelArray(typeName))
        }
        if let (key, _) = Self.dictionaryParts(element), key == "String" {
            return TypeReading(kind: .array(.dict), note: "elements read as `[String: Any]`")
        }
        // Arrays of arrays of numbers (`[[Double]]`, a matrix or a polygon).
        var depth = 1
        var inner = element
        while let (next, isSet) = Self.collectionElement(inner), !isSet {
            depth += 1
            inner = next
        }
        if depth > 1 {
            switch Self.scalarKind(inner) {
            case .int?: return TypeReading(kind: .numberArrays(depth: depth, element: .int), isOptional: true)
            case .double?, .float?: return TypeReading(kind: .numberArrays(depth: depth, element: .double), isOptional: true)
            default: break
            }
        }
        return TypeReading(kind: .anyArray, isOptional: true, note: "elements read as the data holds them")
    }

    /// The generated class an entity or class name stands for (not an enum).
    private func modelType(_ name: String) -> String? {
        guard let (entity, typeName) = entityNamed(name), !enumEntities.contains(entity) else { return nil }
        return typeName
    }

    /// The entity a type name refers to (by entity name or generated type name): (entity, type).
    func entityNamed(_ name: String) -> (String, String)? {
        if let typeName = typeNames[name] { return (name, typeName) }
        if let entity = typeNames.first(where: { $0.value == name })?.key { return (entity, name) }
        return nil
    }

    static func scalarKind(_ type: String) -> PropertyKind? {
        switch type {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return .int
        case "Double", "CGFloat", "Decimal", "NSDecimalNumber", "NSNumber": return .double
        case "Float": return .float
        case "Bool": return .bool
        case "String", "NSString", "Substring", "Character", "UUID", "NSUUID", "URL", "NSURL": return .string
        case "Date", "NSDate": return .date(.iso8601)
        case "[String:Any]", "Dictionary<String,Any>": return .dict
        case "Any", "AnyObject": return .any
        default: return nil
        }
    }

    /// `[K: V]` or `Dictionary<K, V>` (spaces removed) → (K, V).
    static func dictionaryParts(_ type: String) -> (String, String)? {
        if let arguments = genericArguments(type, of: "Dictionary"), arguments.count == 2 { return (arguments[0], arguments[1]) }
        guard let inner = bracketed(type) else { return nil }
        let parts = splitTopLevel(inner, at: ":")
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// `[E]`, `Array<E>`, `ContiguousArray<E>`, `Set<E>` (spaces removed) → (E, whether a set).
    static func collectionElement(_ type: String) -> (String, Bool)? {
        for name in ["Array", "ContiguousArray", "Set"] {
            if let arguments = genericArguments(type, of: name), arguments.count == 1 { return (arguments[0], name == "Set") }
        }
        guard let inner = bracketed(type), splitTopLevel(inner, at: ":").count == 1 else { return nil }
        return (inner, false)
    }

    /// The text inside `[…]` when the brackets enclose the whole type.
    private static func bracketed(_ type: String) -> String? {
        guard type.hasPrefix("["), type.hasSuffix("]"), type.count > 2 else { return nil }
        let inner = String(type.dropFirst().dropLast())
        return encloses(inner) ? inner : nil
    }

    /// The arguments of `Name<A, B>` split at top-level commas.
    private static func genericArguments(_ type: String, of name: String) -> [String]? {
        guard type.hasPrefix(name + "<"), type.hasSuffix(">") else { return nil }
        let inner = String(type.dropFirst(name.count + 1).dropLast())
        guard !inner.isEmpty, encloses(inner) else { return nil }
        return splitTopLevel(inner, at: ",")
    }

    /// Whether every bracket in `text` closes inside it, so the outer pair encloses it all.
    private static func encloses(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if "[<(".contains(character) { depth += 1 }
            if "]>)".contains(character) { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    private static func splitTopLevel(_ text: String, at separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if "[<(".contains(character) { depth += 1 }
            if "]>)".contains(character) { depth -= 1 }
            if character == separator && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }
}
