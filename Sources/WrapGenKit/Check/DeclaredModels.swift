import Foundation
import WrapModel

/// The classes and enums read back from Swift source, for ``ModelChecker``.
struct DeclaredModels {
    struct Property: Equatable {
        var keyPath: String
        var rule: ValueRule
        var isOptional: Bool
    }

    /// A class's properties in declaration order, and the class it inherits from (whose
    /// properties the runtime reads too).
    struct Class {
        var superclass: String?
        var properties: [Property] = []
    }

    /// Classes by name.
    var classes: [String: Class] = [:]
    /// Enums by name (the name as declared, without any enclosing type).
    var enums: [String: DeclaredEnum] = [:]
    /// Declarations check cannot classify, one line each (`file:line: …`): their key paths count
    /// as read, and their values are not checked.
    var notes: [String] = []

    /// The properties `className` reads: its superclasses' first, then its own.
    func properties(of className: String) -> [Property] {
        var chain: [Class] = []
        var name: String? = className
        var seen: Set<String> = []
        while let current = name, seen.insert(current).inserted, let declared = classes[current] {
            chain.append(declared)
            name = declared.superclass
        }
        return chain.reversed().flatMap(\.properties)
    }
}

/// An enum declared in the checked files.
struct DeclaredEnum {
    enum Kind: Equatable {
        /// A `WrapConvertibleEnum`: read through the strings of its `conversionDict()` (case
        /// insensitively) or its cases' `Int` raw values.
        case convertible
        /// `RawRepresentable` with `String` raw values.
        case string
        /// `RawRepresentable` with `Int` raw values.
        case int
    }

    var kind: Kind
    /// The case names with their raw values as written (`nil`: implicit), in order.
    var cases: [(name: String, raw: String?)] = []
    /// The strings of a convertible enum's `conversionDict()`.
    var dataStrings: [String] = []

    /// The cases' `String` raw values (the case name when none is written).
    var stringRawValues: [String] {
        cases.map { name, raw in raw.map { DeclarationParser.stringLiterals($0).first ?? $0 } ?? name }
    }

    /// The cases' `Int` raw values: as written, else one more than the case before (0 first).
    var intRawValues: [Int] {
        var next = 0
        var values: [Int] = []
        for (_, raw) in cases {
            let value = raw.flatMap { Int($0.replacingOccurrences(of: "_", with: "")) } ?? next
            values.append(value)
            next = value + 1
        }
        return values
    }
}

/// How the runtime reads one value: the conversion rules of the codec a declaration implies.
indirect enum ValueRule: Equatable, Sendable {
    /// `Int`; `reportsRange`: a number outside `Int`'s range is reported as such (the `Int`
    /// codec), rather than only failing to convert (elements of the 1.3.7 generic arrays).
    case int(reportsRange: Bool)
    /// `Int` written back as a string (`asString: true`, `IntStrProperty`).
    case intString
    case double, float, bool, string
    /// `[String: Any]`: any object.
    case object
    /// `[String: Any]` read with a cast (`WPOptDict`, `WPOpt<[String: Any]>`): any object, and a
    /// mismatch names the Swift type.
    case castObject
    case int64, uint64, decimal, uuid, url
    case date(DateRule)
    /// A `WrapConvertibleEnum` by name.
    case convertibleEnum(String)
    /// A `RawRepresentable` enum with `String` raw values, by name.
    case stringEnum(String)
    /// A `RawRepresentable` enum with `Int` raw values, by name.
    case intEnum(String)
    case model(String)
    /// Elements are models; `embedPath`: where each element keeps its model's object.
    case modelArray(String, embedPath: String?)
    case modelDictionary(String)
    /// `[String: [M]]`.
    case modelArrayDictionary(String)
    /// A model over the parent's own level (`WPGroup`).
    case group(String)
    /// Element by element (elements that do not convert are dropped).
    case array(ValueRule)
    /// Member by member (members that do not convert are dropped).
    case dictionary(ValueRule)
    /// Anything is accepted: `Any`, values converted by a named transformer.
    case anything

    /// What an issue says was expected, as the codec's `expectedDescription` says it.
    var expected: String {
        switch self {
        case .int: return "integer"
        case .intString: return "integer or numeric string"
        case .double, .float: return "number"
        case .bool: return "boolean"
        case .string: return "string"
        case .castObject: return "Dictionary<String, Any>"
        case .object, .model, .modelDictionary, .modelArrayDictionary, .group, .dictionary: return "object"
        case .int64: return "64-bit integer"
        case .uint64: return "unsigned 64-bit integer"
        case .decimal: return "decimal number"
        case .uuid: return "UUID string"
        case .url: return "URL string"
        case .date: return "date string"
        case .convertibleEnum: return "enum string"
        case .stringEnum(let name): return "string naming a case of \(name)"
        case .intEnum(let name): return "integer naming a case of \(name)"
        case .modelArray, .array: return "array"
        case .anything: return "value"
        }
    }
}

/// How a date property parses text.
enum DateRule: Equatable, Sendable {
    /// One of the fixed formats, the others tried after it.
    case fixed(WrapDateOutputType)
    /// ISO 8601 with these formatter options (nil: internet date-time).
    case iso8601(ISO8601DateFormatter.Options?)
    /// A `DateFormatter` pattern.
    case pattern(String)
}
