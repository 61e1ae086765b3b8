import Foundation
import WrapModel

/// Infers model classes from JSON samples.
struct JSONInference {
    private var typeNamer = TypeNamer()
    private var classes: [ClassDecl] = []

    /// Names of the classes made so far, by shape (shapes merged into one share it).
    private var classNames: [ObjectIdentifier: String] = [:]
    private var enums: [EnumDecl] = []
    private var options = WrapGenOptions()
    /// Names that had to change because they would shadow a type, one line each.
    private(set) var warnings: [String] = []

    /// Builds the classes for `root` (merged samples) named `rootName`, root first, then every
    /// submodel class in depth-first order of (sorted) keys; enums (with `options.enums`) first.
    static func build(root: ObjectShape, rootName: String, rootDoc: [String] = [],
                      options: WrapGenOptions = WrapGenOptions()) -> (enums: [EnumDecl], classes: [ClassDecl], warnings: [String]) {
        var inference = JSONInference()
        inference.options = options
        inference.typeNamer.prefix = options.prefix
        inference.typeNamer.reserve(rootName)
        let canonical = ShapeCanonicalizer.canonicalize(root)
        inference.makeClass(named: rootName, shape: canonical, doc: rootDoc)
        return (inference.enums, inference.classes, inference.warnings)
    }

    static func classes(for root: ObjectShape, rootName: String) -> [ClassDecl] {
        build(root: root, rootName: rootName).classes
    }

    private mutating func makeClass(named name: String, shape: ObjectShape, doc: [String]) {
        classNames[ObjectIdentifier(shape)] = name
        let index = classes.count
        classes.append(ClassDecl(name: name, doc: doc))
        var members = MemberNamer()
        var properties: [PropertyDecl] = []
        var skipped: [String] = []
        if let values = shape.mapValues {
            // The root itself is keyed by ids: one dictionary over the model's own level.
            let (kind, note) = resolveMap(values, key: "entries", owner: name)
            var entries = PropertyDecl(name: "entries", keyPath: "", kind: kind, isOptional: false)
            entries.doc = [note ?? "", "The empty key path reads the model's own level."].filter { !$0.isEmpty }
            entries.forceReadOnly = true
            classes[index].properties = [entries]
            return
        }
        for key in shape.sortedKeys {
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
            switch kind {
            // No natural empty value: nil stands for absent, as for dates and submodels.
            case .any, .anyArray, .numberArrays, .uuid, .url: property.isOptional = true
            case .boolString where optional:
                property.isOptional = false
                property.doc.append("Absent or null in some samples: reads `false` then.")
            default: break
            }
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

    /// The class for an object shape: the existing one when the shape was met before (or merged
    /// with one met before), else a new class named after `base`.
    private mutating func classFor(_ object: ObjectShape, base: String, owner: String, doc: String) -> String {
        if let existing = classNames[ObjectIdentifier(object)] { return existing }
        // One-letter names (`T`, `X`) say nothing out of context: the owner's name goes first.
        let className = typeNamer.claim(base, prefix: owner, always: base.count <= 2)
        let candidate = options.prefix + base
        if Naming.isReservedType(candidate) {
            warnings.append("warning: \(owner): \(base) is named \(className): \(candidate) would shadow a type the generated code uses")
        }
        makeClass(named: className, shape: object, doc: [doc])
        return className
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
        case "string": return resolveStrings(value.strings, key: key, owner: owner)
        case "object":
            guard let object = value.objects, !object.fields.isEmpty else {
                return (.dict, "Always an empty object in the samples: read as a dictionary.")
            }
            if let values = object.mapValues { return resolveMap(values, key: key, owner: owner) }
            return (.model(classFor(object, base: Naming.pascalCase(key) ?? "Object", owner: owner, doc: "`\(key)` of ``\(owner)``.")), nil)
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
                if object.mapValues != nil {
                    return (.array(.dict), "Elements are objects keyed by ids: read as dictionaries.")
                }
                let base = Naming.pascalCase(key).map(Naming.singular) ?? "Element"
                return (.modelArray(classFor(object, base: base, owner: owner, doc: "An element of `\(key)` of ``\(owner)``.")), nil)
            default:
                if let (depth, isDouble) = Self.numberArrayDepth(elements) {
                    return (.numberArrays(depth: depth + 1, element: isDouble ? .double : .int), nil)
                }
                return (.anyArray, "Arrays of arrays other than of numbers are read as `[Any]`.")
            }
        }
    }

    /// For arrays whose elements are (arrays of …) numbers: how deep the elements nest and
    /// whether any number had a fraction.
    static func numberArrayDepth(_ elements: ValueShape) -> (Int, Bool)? {
        let kinds = elements.categories
        if kinds == ["number"] { return (0, elements.doubles > 0) }
        guard kinds == ["array"], let inner = elements.elements, !inner.isEmpty,
              let (depth, isDouble) = numberArrayDepth(inner) else { return nil }
        return (depth + 1, isDouble)
    }

    private mutating func resolveMap(_ values: ValueShape, key: String, owner: String) -> (PropertyKind, String?) {
        let note = "Keyed by ids in the samples: read as a dictionary."
        let categories = values.categories
        if categories == ["object"], let object = values.objects, !object.fields.isEmpty, object.mapValues == nil {
            let base = Naming.pascalCase(key).map(Naming.singular) ?? "Entry"
            return (.modelDict(classFor(object, base: base, owner: owner, doc: "A value of `\(key)` of ``\(owner)``.")), note)
        }
        let what = categories.count == 1 ? " of \(categories[0])s" : ""
        return (.dict, "Keyed by ids in the samples: read as a dictionary\(what).")
    }

    private mutating func resolveStrings(_ strings: [String], key: String, owner: String) -> (PropertyKind, String?) {
        if let type = Self.dateType(for: strings) { return (.date(type), nil) }
        if let type = Self.boolType(for: strings) { return (.boolString(type), nil) }
        if strings.allSatisfy({ Int($0).map(String.init) == $0 }) {
            return (.intString, "Integers written as strings: read as `Int`, written back as strings.")
        }
        if !strings.isEmpty, strings.allSatisfy({ UUID(uuidString: $0) != nil }) {
            // UUID's codec writes upper case: say so when the samples are not.
            let note = strings.allSatisfy { $0 == $0.uppercased() } ? nil
                : "Lower case in the samples; WrapModel writes UUIDs in upper case."
            return (.uuid, note)
        }
        if !strings.isEmpty, strings.allSatisfy(Self.isAbsoluteURL) { return (.url, nil) }
        if options.enums, let decl = enumDecl(for: strings, key: key, owner: owner) {
            enums.append(decl)
            return (.enumeration(decl.name, defaultCase: nil), nil)
        }
        return (.string, nil)
    }

    /// Whether `string` is an absolute URL with a host (`https://example.com/a?b=c`,
    /// `ftp://host/f`): a scheme, `://`, a non-empty authority, and only the characters RFC 3986
    /// allows (percent escapes included), which `URL` reads and writes back unchanged on every
    /// platform. Relative paths, `mailto:` addresses, URI templates (`{/id}`), text with spaces
    /// and non-ASCII hosts stay strings. Decided on the text alone, so the output does not depend
    /// on the machine's Foundation.
    static func isAbsoluteURL(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard let separator = string.range(of: "://") else { return false }
        let scheme = string[..<separator.lowerBound].utf8
        guard let first = scheme.first, isLetter(first),
              scheme.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return false }
        let rest = string[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last?.prefix { $0 != ":" } ?? ""
        guard !host.isEmpty else { return false }
        let allowed = Set("-._~:/?#[]@!$&'()*+,;=".utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isLetter(byte) || isDigit(byte) || allowed.contains(byte) else { return false }
            index += 1
        }
        return URL(string: string) != nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    /// The output type of a boolean written as strings: every string one of its two spellings.
    static func boolType(for strings: [String]) -> WrapPropertyBoolOutputType? {
        let seen = Set(strings)
        let spellings: [(WrapPropertyBoolOutputType, Set<String>)] = [
            (.yesNo, ["yes", "no"]), (.ynString, ["Y", "N"]), (.tfString, ["T", "F"]),
        ]
        return spellings.first { !seen.isEmpty && seen.isSubset(of: $0.1) }?.0
    }

    /// An enum for strings that repeat a few values: at most 8 distinct values, each seen on
    /// average at least twice, each giving a distinct case name.
    private mutating func enumDecl(for strings: [String], key: String, owner: String) -> EnumDecl? {
        let distinct = Set(strings).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        guard distinct.count >= 2, distinct.count <= 8, strings.count >= 2 * distinct.count else { return nil }
        var namer = MemberNamer()
        var cases: [EnumDecl.Case] = []
        for value in distinct {
            let name = Naming.camelCase(value)
            guard name != "field", !name.hasPrefix("_") else { return nil }
            cases.append(EnumDecl.Case(name: namer.claim(name), dataValue: value))
        }
        let name = typeNamer.claim(Naming.pascalCase(key) ?? "Kind", prefix: owner)
        return EnumDecl(name: name, doc: ["Values of `\(key)` of ``\(owner)`` seen in the samples."], cases: cases)
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
