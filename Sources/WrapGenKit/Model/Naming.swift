import Foundation

/// Turning data keys into Swift identifiers.
enum Naming {
    /// Keywords that must be escaped with backticks to be used as a property name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "false", "is", "nil", "super", "throws", "true",
        "try", "await", "Any", "Self", "Type", "Protocol",
    ]

    /// Members a model inherits from `WrapModel` / `NSObject` (and the spellings backticks cannot
    /// rescue): a property with one of these names is renamed with the suffix `Field`.
    static let reservedMembers: Set<String> = [
        "self", "description", "debugDescription", "hash", "hashValue", "isEqual", "isEqualToModel",
        "isMutable", "lock", "originalModelData", "originalModelDataAsJSON", "currentModelData",
        "currentModelDataAsJSON", "clearMutations", "copy", "mutableCopy", "encode", "supportsSecureCoding",
        "classForCoder", "outputData", "jsonData", "jsonString", "validate", "superclass", "isProxy",
    ]

    /// Type names a generated class must not take: they would shadow the types generated code uses.
    static let reservedTypes: Set<String> = [
        "Any", "AnyObject", "Self", "Type", "Protocol", "Bool", "Int", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "String", "Character", "Array",
        "Dictionary", "Set", "Optional", "Result", "Error", "Never", "Void", "Date", "Data", "URL", "UUID",
        "Decimal", "Sendable", "Codable", "Hashable", "Equatable", "Identifiable", "Foundation",
        "ROProperty", "RWProperty", "ReadOnlyProperty", "MutableProperty", "GroupProperty",
    ]

    static func isReservedType(_ name: String) -> Bool {
        reservedTypes.contains(name) || name.hasPrefix("WP") || name.hasPrefix("Wrap") || name.hasPrefix("NS")
            || name.hasSuffix("Property") || keywords.contains(name)
    }

    /// The runs of letters (of any script) and ASCII digits in `key`; everything else separates
    /// words. Swift identifiers accept letters beyond ASCII, so `名前` and `café` keep theirs
    /// (composed first, so a decomposed `é` stays one letter).
    static func words(_ key: String) -> [String] {
        var result: [String] = []
        var current = ""
        for scalar in key.precomposedStringWithCanonicalMapping.unicodeScalars {
            if isWordScalar(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        // A key written in capitals throughout (`PLEYEL_PLEYEL`) is shouting, not a run of
        // acronyms: its words read as ordinary words (`pleyelPleyel`).
        if result.count > 1, !key.contains(where: { $0.isLowercase }) {
            result = result.map { $0.lowercased() }
        }
        return result
    }

    /// Letters and marks of any script, and ASCII digits (other digits cannot start a word safely).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        case .nonspacingMark, .spacingMark: return true
        default: return false
        }
    }

    private static func isUpper(_ c: Character) -> Bool { c.isUppercase }
    private static func isLower(_ c: Character) -> Bool { c.isLowercase }

    /// Lowercases a word's leading capitals: `Name` → `name`, `URL` → `url`, `HTMLBody` → `htmlBody`.
    static func lowerFirst(_ word: String) -> String {
        let chars = Array(word)
        var upperRun = 0
        while upperRun < chars.count, isUpper(chars[upperRun]) { upperRun += 1 }
        if upperRun == 0 { return word }
        // In `HTMLBody` the last capital starts the next word, so it stays.
        let lowered = (upperRun > 1 && upperRun < chars.count && isLower(chars[upperRun])) ? upperRun - 1 : upperRun
        return String(chars[0..<lowered]).lowercased() + String(chars[lowered...])
    }

    static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// The camelCase identifier for `key`, without escaping: `first_name` → `firstName`,
    /// `2fa` → `_2fa`, `$` → `field`.
    static func camelCase(_ key: String) -> String {
        let parts = words(key)
        guard let first = parts.first else { return "field" }
        var name = lowerFirst(first) + parts.dropFirst().map(upperFirst).joined()
        if let c = name.unicodeScalars.first, ("0"..."9").contains(c) || isMark(c) { name = "_" + name }
        return name
    }

    /// The PascalCase type name for `key` (nil when the key has no letters or digits).
    static func pascalCase(_ key: String) -> String? {
        let parts = words(key)
        guard !parts.isEmpty else { return nil }
        // An all-capitals word is one acronym written as a name: `URL` → `Url` would lose it, keep it.
        return parts.map(upperFirst).joined()
    }

    /// A crude English singular for naming array element classes: `categories` → `category`,
    /// `items` → `item`, `status` and `address` stay, anything else gets the suffix `Item`.
    static func singular(_ name: String) -> String {
        let irregular = ["children": "child", "Children": "Child", "people": "person", "People": "Person"]
        if let known = irregular[name] { return known }
        if name.hasSuffix("ies"), name.count > 3 { return String(name.dropLast(3)) + "y" }
        if name.hasSuffix("uses"), name.count > 4 { return String(name.dropLast(2)) }
        if name.hasSuffix("sses") || name.hasSuffix("xes") || name.hasSuffix("ches") || name.hasSuffix("shes") {
            return String(name.dropLast(2))
        }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), !name.hasSuffix("us"), !name.hasSuffix("is"), name.count > 1 {
            return String(name.dropLast())
        }
        return name + "Item"
    }

    /// How a raw identifier is written in source: keywords in backticks.
    static func spelled(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Whether `name` is a plain Swift identifier usable as a type name.
    static func isValidTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (isWordScalar(first) && !("0"..."9").contains(first)),
              !isMark(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || isWordScalar($0) } && !keywords.contains(name)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark
    }

    /// Why `name` cannot be a generated class's name, with a suggestion; nil when it can.
    static func typeNameProblem(_ name: String) -> String? {
        guard isValidTypeName(name) else { return "'\(name)' is not a usable Swift type name" }
        guard isReservedType(name) else { return nil }
        let what = name.hasPrefix("WP") || name.hasPrefix("Wrap") || name.hasSuffix("Property")
            ? "a WrapModel type" : (name.hasPrefix("NS") ? "a Foundation type" : "a standard Swift type")
        return "'\(name)' would shadow \(what) the generated code uses; try '\(name)Model'"
    }

    /// Escapes `text` for a Swift string literal (without the quotes).
    static func stringLiteralBody(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func stringLiteral(_ text: String) -> String { "\"" + stringLiteralBody(text) + "\"" }
}

/// Hands out unique property names within one class, deterministically in call order.
struct MemberNamer {
    private var used: Set<String> = []

    mutating func claim(_ candidate: String) -> String {
        var base = candidate
        if Naming.reservedMembers.contains(base) { base += "Field" }
        var name = base
        var counter = 2
        while used.contains(name) || Naming.reservedMembers.contains(name) {
            name = base + String(counter)
            counter += 1
        }
        used.insert(name)
        return name
    }
}

/// Hands out unique type names across one generated file.
struct TypeNamer {
    private(set) var used: Set<String> = []
    /// Put before every claimed name (`--prefix`).
    var prefix = ""

    mutating func reserve(_ name: String) { used.insert(name) }

    func isAvailable(_ name: String) -> Bool { !used.contains(name) && !Naming.isReservedType(name) }

    /// `candidate`, else `prefix + candidate`, else that with 2, 3, … appended.
    /// With `always`, `prefix + candidate` even when `candidate` is free.
    mutating func claim(_ unprefixed: String, prefix: String, always: Bool = false) -> String {
        let candidate = self.prefix + unprefixed
        var name = candidate
        if always || !isAvailable(name) || name.first?.isNumber == true { name = prefix + unprefixed }
        let base = name
        var counter = 2
        while !isAvailable(name) {
            name = base + String(counter)
            counter += 1
        }
        used.insert(name)
        return name
    }
}
