import Foundation
import WrapModel

/// Reads the declarations of wrapgen's own output (any style) back from Swift source: the
/// format is known, so a line-based reading is enough. Hand-written lines it cannot place are
/// listed in ``DeclaredModels/unrecognised`` rather than guessed at.
enum DeclarationParser {
    static func parse(_ source: String, file: String, into models: inout DeclaredModels) {
        var currentClass: String?
        var currentEnum: String?
        for (offset, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("///") || line.hasPrefix("//") || line.isEmpty { continue }
            if let name = declaredName(line, keyword: "class") {
                currentClass = name
                currentEnum = nil
                models.classes[name] = models.classes[name] ?? []
                continue
            }
            if let name = declaredName(line, keyword: "enum") {
                currentEnum = name
                currentClass = nil
                continue
            }
            if line == "}" && !rawLine.hasPrefix(" ") { currentClass = nil; currentEnum = nil; continue }
            if let currentEnum {
                for literal in stringLiterals(line) where line.contains(": .") {
                    models.enums[currentEnum, default: []].append(literal)
                }
                continue
            }
            guard let currentClass, line.hasPrefix("@") || line.hasPrefix("let ") else { continue }
            if let property = property(line, enums: Set(models.enums.keys)) {
                models.classes[currentClass, default: []].append(property)
            } else {
                models.unrecognised.append("\(file):\(offset + 1): \(line)")
            }
        }
    }

    /// `final class Name: …` / `enum Name: …` → `Name`.
    private static func declaredName(_ line: String, keyword: String) -> String? {
        var words = line.split(separator: " ").map(String.init)
        while let first = words.first, ["final", "public", "internal", "open", "private", "fileprivate"].contains(first) {
            words.removeFirst()
        }
        guard words.count >= 2, words[0] == keyword else { return nil }
        let name = words[1].prefix { $0 != ":" && $0 != "{" && $0 != "<" }
        return name.isEmpty ? nil : String(name)
    }

    /// The string literals on a line, unescaped.
    static func stringLiterals(_ line: String) -> [String] {
        var result: [String] = []
        var current: String?
        var escaping = false
        for character in line {
            guard var text = current else {
                if character == "\"" { current = "" }
                continue
            }
            if escaping {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                default: text.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "\"" {
                result.append(text)
                current = nil
                continue
            } else {
                text.append(character)
            }
            current = text
        }
        return result
    }

    /// One property line of any style; `enums` names the enums declared so far (generated files
    /// declare them before the classes), which tells `@Property var e: E?` from a submodel.
    static func property(_ line: String, enums: Set<String> = []) -> DeclaredModels.Property? {
        guard let keyPath = stringLiterals(line).first else { return nil }
        // The property class or wrapper: the identifier (with generic arguments) before `("key"`.
        guard let open = line.range(of: "(\"") else { return nil }
        var head = String(line[..<open.lowerBound])
        for marker in ["@ROProperty(", "@RWProperty(", "@", " = "] {
            if let range = head.range(of: marker, options: .backwards) { head = String(head[range.upperBound...]) }
        }
        if head.hasPrefix("Mut") { head.removeFirst(3) }
        let declaredType = line.range(of: ": ", options: .backwards).map { String(line[$0.upperBound...]) }
        let generic = head.firstIndex(of: "<").map { String(head[head.index(after: $0)..<head.index(before: head.endIndex)]) }
        let base = head.prefix { $0 != "<" }
        let modelName = generic ?? declaredType.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]?: ")).replacingOccurrences(of: "String: ", with: "") }
        let optionalType = declaredType?.hasSuffix("?") ?? false
        func property(_ kind: PropertyKind, _ optional: Bool) -> DeclaredModels.Property {
            DeclaredModels.Property(keyPath: keyPath, kind: kind, isOptional: optional)
        }
        if base == "Property" {
            // The type follows the name's colon (a type may hold colons of its own: `[String: T]`).
            guard let name = line.range(of: " var "), let colon = line[name.upperBound...].range(of: ": ") else { return nil }
            return genericProperty(line, keyPath: keyPath, declaredType: String(line[colon.upperBound...]), enums: enums)
        }
        switch base {
        case "IntProperty", "WPInt": return property(.int, false)
        case "OptIntProperty", "WPOptInt": return property(.int, true)
        case "DoubleProperty", "WPDouble": return property(.double, false)
        case "OptDoubleProperty", "WPOptDouble": return property(.double, true)
        case "FloatProperty", "WPFloat": return property(.float, false)
        case "BoolProperty", "WPBool": return property(.bool, false)
        case "StrProperty", "WPStr": return property(.string, false)
        case "OptStrProperty", "WPOptStr": return property(.string, true)
        case "DictProperty", "WPDict": return property(.dict, false)
        case "OptDictProperty", "WPOptDict": return property(.dict, true)
        case "IntStrProperty", "WPIntStr": return property(.intString, false)
        case "OptIntStrProperty", "WPOptIntStr": return property(.intString, true)
        case "DateProperty", "WPDate":
            let name = line.range(of: "dateType: .").map { String(line[$0.upperBound...].prefix { $0.isLetter || $0.isNumber }) }
            guard let type = WrapDateOutputType.allCases.first(where: { "\($0)" == name }) else { return nil }
            return property(.date(type), true)
        case "ModelProperty", "WPModel": return modelName.map { property(.model($0), true) }
        case "ModelArrayProperty", "WPModelArray": return modelName.map { property(.modelArray($0), false) }
        case "OptModelArrayProperty", "WPOptModelArray": return modelName.map { property(.modelArray($0), true) }
        case "ModelDictProperty", "WPModelDict": return modelName.map { property(.modelDict($0), false) }
        case "OptModelDictProperty", "WPOptModelDict": return modelName.map { property(.modelDict($0), true) }
        case "EnumProperty", "WPEnum": return modelName.map { property(.enumeration($0, defaultCase: nil), false) }
        case "OptEnumProperty", "WPOptEnum": return modelName.map { property(.enumeration($0, defaultCase: nil), true) }
        case "numberArrays": return property(.numberArrays(depth: 2, element: .double), true)
        // The transformer decides what data it accepts: any value passes the check.
        case "TransformedProperty", "WPTransformed": return property(.any, false)
        case "OptTransformedProperty", "WPOptTransformed": return property(.any, true)
        default: break
        }
        let arrays: [(String, ArrayElement)] = [("Int", .int), ("Double", .double), ("Float", .float), ("Str", .string), ("Dict", .dict)]
        for (short, element) in arrays {
            if base == "\(short)ArrayProperty" || base == "WP\(short)Array" { return property(.array(element), false) }
            if base == "Opt\(short)ArrayProperty" || base == "WPOpt\(short)Array" { return property(.array(element), true) }
        }
        if base == "WrapPropertyArray", generic == "Bool" { return property(.array(.bool), false) }
        if base == "WrapPropertyOptionalArray", generic == "Bool" { return property(.array(.bool), true) }
        if base == "WPOpt" {
            switch generic {
            case "Bool": return property(.bool, true)
            case "Float": return property(.float, true)
            case "Any": return property(.any, true)
            case "[Any]": return property(.anyArray, true)
            default: if generic?.hasPrefix("[[") == true { return property(.numberArrays(depth: 2, element: .int), true) }
            }
        }
        _ = optionalType
        return nil
    }

    /// A `@Property` / `@MutProperty` line: the arguments and the declared type give the kind.
    private static func genericProperty(_ line: String, keyPath: String, declaredType: String,
                                        enums: Set<String>) -> DeclaredModels.Property? {
        let optional = declaredType.hasSuffix("?")
        let type = optional ? String(declaredType.dropLast()) : declaredType
        func property(_ kind: PropertyKind) -> DeclaredModels.Property {
            DeclaredModels.Property(keyPath: keyPath, kind: kind, isOptional: optional)
        }
        // The transformer decides what data it accepts: any value passes the check.
        if line.contains("transformer: ") { return property(.any) }
        if line.contains("asString: true") { return property(.intString) }
        if let range = line.range(of: "date: .") {
            let name = String(line[range.upperBound...].prefix { $0.isLetter || $0.isNumber })
            return WrapDateOutputType.allCases.first { "\($0)" == name }.map { property(.date($0)) }
        }
        let scalars: [String: PropertyKind] = [
            "Int": .int, "Double": .double, "Float": .float, "Bool": .bool, "String": .string, "[String: Any]": .dict,
        ]
        if let kind = scalars[type] { return property(kind) }
        let elements: [String: ArrayElement] = ["Int": .int, "Double": .double, "Float": .float, "String": .string, "Bool": .bool]
        if type.hasPrefix("[String: "), type.hasSuffix("]") {
            return property(.modelDict(String(type.dropFirst(9).dropLast())))
        }
        if type.hasPrefix("["), type.hasSuffix("]") {
            let element = String(type.dropFirst().dropLast())
            return property(elements[element].map(PropertyKind.array) ?? .modelArray(element))
        }
        guard type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        if enums.contains(type) { return property(.enumeration(type, defaultCase: nil)) }
        return DeclaredModels.Property(keyPath: keyPath, kind: .model(type), isOptional: true)
    }
}
