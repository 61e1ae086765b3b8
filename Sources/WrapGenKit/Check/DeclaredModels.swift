import Foundation
import WrapModel

/// The classes and enums read back from Swift source, for ``ModelChecker``.
struct DeclaredModels {
    struct Property: Equatable {
        /// The key path; for a declaration that gives none, the one ``properties(of:)`` resolved.
        var keyPath: String
        var rule: ValueRule
        var isOptional: Bool
        /// The property's name when the declaration gives no key (`@Property var createdAt: String?` or `@Property() var …`):
        /// the key is the name converted by the key naming of the class a model is read as.
        var keyFromName: String? = nil
    }

    /// A class's properties in declaration order, and the class it inherits from (whose
    /// properties the runtime reads too).
    struct Class {
        var superclass: String?
        var properties: [Property] = []
    }

    /// What a class of the files read says about naming keys: the class it inherits from and
    /// its `keyNaming` override, if it has one. Known for every class of every file, generated or
    /// not, since a generated class may inherit its naming from a class written by hand.
    struct NamingDeclaration {
        var superclass: String?
        var keyNaming: DeclaredKeyNaming?
    }

    /// Classes by name.
    var classes: [String: Class] = [:]
    /// Enums by name (the name as declared, without any enclosing type).
    var enums: [String: DeclaredEnum] = [:]
    /// Every class of the files read, by name, for ``keyNaming(of:)``.
    var namingDeclarations: [String: NamingDeclaration] = [:]
    /// Declarations check cannot classify, one line each (`file:line: …`): their key paths count
    /// as read, and their values are not checked.
    var notes: [String] = []

    /// The properties `className` reads: its superclasses' first, then its own. A declaration
    /// without a key gets the key `className`'s naming gives its name, as the runtime's does
    /// (the naming of the model's own class, for inherited declarations too); it is left out
    /// when that naming is not known (see ``readsUnknownKeys(_:)``).
    func properties(of className: String) -> [Property] {
        var chain: [Class] = []
        var name: String? = className
        var seen: Set<String> = []
        while let current = name, seen.insert(current).inserted, let declared = classes[current] {
            chain.append(declared)
            name = declared.superclass
        }
        let all = chain.reversed().flatMap(\.properties)
        guard all.contains(where: { $0.keyFromName != nil }) else { return all }
        guard case .success(let naming) = keyNaming(of: className) else { return all.filter { $0.keyFromName == nil } }
        return all.map { property in
            guard let name = property.keyFromName else { return property }
            var resolved = property
            resolved.keyPath = naming.key(for: name)
            return resolved
        }
    }

    /// Whether `className` reads a declaration whose key check cannot tell: one without a key,
    /// in a class whose key naming is not known.
    func readsUnknownKeys(_ className: String) -> Bool {
        guard case .failure = keyNaming(of: className) else { return false }
        var name: String? = className
        var seen: Set<String> = []
        while let current = name, seen.insert(current).inserted, let declared = classes[current] {
            if declared.properties.contains(where: { $0.keyFromName != nil }) { return true }
            name = declared.superclass
        }
        return false
    }

    /// Why the key naming of a class is not known, in words for a note.
    struct UnknownNaming: Error, Equatable {
        var text: String
    }

    /// The naming `className` gives keys from names with, as the runtime finds it: the class's own
    /// `keyNaming` override, else its superclass's, else `.asIs`, `WrapModel`'s.
    func keyNaming(of className: String) -> Result<WrapKeyNaming, UnknownNaming> {
        var name = className
        var seen: Set<String> = []
        while seen.insert(name).inserted {
            guard let declared = namingDeclarations[name] else {
                return .failure(UnknownNaming(text: "\(className) inherits its key naming from \(name), which is not declared in these files"))
            }
            switch declared.keyNaming {
            case .asIs?: return .success(.asIs)
            case .snakeCase?: return .success(.snakeCase)
            case .kebabCase?: return .success(.kebabCase)
            case .custom?:
                return .failure(UnknownNaming(text: "\(name == className ? className : "\(className)'s superclass \(name)") names keys with a custom WrapKeyNaming, which wrapgen cannot run"))
            case .unreadable(let expression)?:
                return .failure(UnknownNaming(text: "wrapgen cannot read the key naming \(expression) of \(name)"))
            case nil:
                guard let superclass = declared.superclass else { return .success(.asIs) }
                name = superclass
            }
        }
        return .failure(UnknownNaming(text: "\(className) inherits from itself"))
    }
}

/// A class's `keyNaming` override as check reads it.
enum DeclaredKeyNaming: Equatable {
    case asIs, snakeCase, kebabCase
    /// `.custom(…)`: a function check cannot run.
    case custom
    /// Any other expression, as written.
    case unreadable(String)
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
