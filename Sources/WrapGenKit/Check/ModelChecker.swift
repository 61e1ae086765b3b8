import Foundation
import WrapModel

/// Checks recorded JSON responses against declarations read from generated source, with the
/// conversion rules of the WrapModel runtime: the issues ``WrapModel/validate(options:)`` with
/// `.unmodelledKeys` would report, without compiling the models.
struct ModelChecker {
    let models: DeclaredModels

    /// Every issue in `value` read as `className` (each element, for an array root).
    func check(_ value: JSONValue, as className: String) -> [WrapModelIssue] {
        var issues: [WrapModelIssue] = []
        switch value {
        case .object(let members):
            checkObject(members, className: className, prefix: "", into: &issues)
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                guard case .object(let members) = element else {
                    issues.append(WrapModelIssue(keyPath: "[\(index)]", kind: .wrongType(expected: "object", found: Self.typeName(element))))
                    continue
                }
                checkObject(members, className: className, prefix: "[\(index)]", into: &issues)
            }
        default:
            issues.append(WrapModelIssue(keyPath: "", kind: .wrongType(expected: "object", found: Self.typeName(value))))
        }
        return issues.sorted { lhs, rhs in
            switch lhs.keyPath.compare(rhs.keyPath, options: .numeric) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return lhs.description < rhs.description
            }
        }
    }

    private static func join(_ prefix: String, _ key: String) -> String {
        key.isEmpty ? prefix : (prefix.isEmpty || key.hasPrefix("[") ? prefix + key : "\(prefix).\(key)")
    }

    private func checkObject(_ members: [(key: String, value: JSONValue)], className: String, prefix: String,
                             into issues: inout [WrapModelIssue]) {
        let properties = models.classes[className] ?? []
        for property in properties {
            let path = Self.join(prefix, property.keyPath)
            guard let value = Self.lookup(property.keyPath, in: members), value != .null else {
                if !property.isOptional { issues.append(WrapModelIssue(keyPath: path, kind: .missing)) }
                continue
            }
            checkValue(value, kind: property.kind, path: path, into: &issues)
        }
        Self.unmodelledKeys(members, reads: properties.map(\.keyPath), prefix: prefix, into: &issues)
    }

    /// The value at a (dotted) key path; the empty path is the object itself.
    static func lookup(_ keyPath: String, in members: [(key: String, value: JSONValue)]) -> JSONValue? {
        if keyPath.isEmpty { return .object(members) }
        var current = JSONValue.object(members)
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            guard case .object(let level) = current, let next = level.last(where: { $0.key == component })?.value else { return nil }
            current = next
        }
        return current
    }

    /// Keys no key path reads, descending through the levels dotted key paths pass through.
    static func unmodelledKeys(_ members: [(key: String, value: JSONValue)], reads: [String], prefix: String,
                               into issues: inout [WrapModelIssue]) {
        guard !reads.contains("") else { return }
        for (key, value) in members {
            let below = reads.filter { $0.hasPrefix(key + ".") }.map { String($0.dropFirst(key.count + 1)) }
            if reads.contains(key) { continue }
            let path = join(prefix, key)
            guard !below.isEmpty else {
                issues.append(WrapModelIssue(keyPath: path, kind: .unmodelledKey))
                continue
            }
            if case .object(let inner) = value { unmodelledKeys(inner, reads: below, prefix: path, into: &issues) }
        }
    }

    private func checkValue(_ value: JSONValue, kind: PropertyKind, path: String, into issues: inout [WrapModelIssue]) {
        func wrong(_ expected: String) { issues.append(WrapModelIssue(keyPath: path, kind: .wrongType(expected: expected, found: Self.typeName(value)))) }
        switch kind {
        case .int: if Self.int(value) == nil { wrong("integer") }
        case .intString: if Self.int(value) == nil { wrong("integer or numeric string") }
        case .double, .float: if Self.double(value) == nil { wrong("number") }
        case .bool, .boolString: if Self.bool(value) == nil { wrong("boolean") }
        case .string: if case .string = value {} else { wrong("string") }
        case .dict: if case .object = value {} else { wrong("object") }
        case .date(let type):
            if case .string(let text) = value {
                if type.date(from: text, fallbackToOtherFormats: true) == nil {
                    issues.append(WrapModelIssue(keyPath: path, kind: .unparseableDate(text)))
                }
            } else if Self.int(value).flatMap(WrapDateOutputType.date(fromNumber:)) == nil {
                wrong("date string")
            }
        case .enumeration(let name, _):
            let known = models.enums[name] ?? []
            switch value {
            case .string(let text):
                if !known.contains(text), !known.contains(where: { $0.lowercased() == text.lowercased() }) {
                    issues.append(WrapModelIssue(keyPath: path, kind: .unknownEnumValue(text)))
                }
            case .bool:
                wrong("enum string")
            default:
                guard let raw = Self.int(value) else { return wrong("enum string") }
                if !(0..<known.count).contains(raw) {
                    issues.append(WrapModelIssue(keyPath: path, kind: .unknownEnumValue(String(raw))))
                }
            }
        case .array(let element):
            guard case .array(let elements) = value else { return wrong("array") }
            let dropped = elements.filter { $0 == .null || !Self.converts($0, to: element) }.count
            if dropped > 0 { issues.append(WrapModelIssue(keyPath: path, kind: .droppedElements(count: dropped))) }
        case .model(let name):
            guard case .object(let members) = value else { return wrong("object") }
            checkObject(members, className: name, prefix: path, into: &issues)
        case .modelArray(let name):
            guard case .array(let elements) = value else { return wrong("array") }
            var dropped = 0
            for (index, element) in elements.enumerated() {
                if case .object(let members) = element {
                    checkObject(members, className: name, prefix: "\(path)[\(index)]", into: &issues)
                } else {
                    dropped += 1
                }
            }
            if dropped > 0 { issues.append(WrapModelIssue(keyPath: path, kind: .droppedElements(count: dropped))) }
        case .modelDict(let name):
            guard case .object(let entries) = value else { return wrong("object") }
            var dropped = 0
            for (key, entry) in entries where entry != .null {
                if case .object(let members) = entry {
                    checkObject(members, className: name, prefix: Self.join(path, key), into: &issues)
                } else {
                    dropped += 1
                }
            }
            if dropped > 0 { issues.append(WrapModelIssue(keyPath: path, kind: .droppedElements(count: dropped))) }
        case .any, .anyArray, .numberArrays:
            break
        }
    }

    private static func converts(_ value: JSONValue, to element: ArrayElement) -> Bool {
        switch element {
        case .int: return int(value) != nil
        case .double, .float: return double(value) != nil
        case .bool: return bool(value) != nil
        case .string: if case .string = value { return true } else { return false }
        case .dict: if case .object = value { return true } else { return false }
        }
    }

    /// The runtime's integer reading: integers, finite doubles in range (rounded), numeric strings.
    static func int(_ value: JSONValue) -> Int? {
        switch value {
        case .int(let int): return int
        case .double(let double): return int(fromDouble: double)
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return Int(trimmed) ?? Double(trimmed).flatMap(int(fromDouble:))
        default: return nil
        }
    }

    private static func int(fromDouble double: Double) -> Int? {
        let rounded = double.rounded()
        guard rounded.isFinite, rounded > Double(Int.min), rounded < Double(Int.max) else { return nil }
        return Int(rounded)
    }

    static func double(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let int): return Double(int)
        case .double(let double): return double
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// Booleans, numbers (non-zero is true) and strings by their first character.
    static func bool(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let bool): return bool
        case .int(let int): return int != 0
        case .double(let double): return double != 0
        case .string(let text):
            guard let first = text.first else { return nil }
            if "tTyY1".contains(first) { return true }
            if "fFnN0".contains(first) { return false }
            return nil
        default: return nil
        }
    }

    /// JSON type names as the runtime's issues spell them.
    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .int: return "integer"
        case .double: return "number"
        case .string: return "string"
        case .object: return "object"
        case .array: return "array"
        }
    }
}
