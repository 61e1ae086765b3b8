import Foundation
import WrapModel

/// Checks recorded JSON responses against declarations read from generated source, with the
/// conversion rules of the WrapModel runtime: the issues ``WrapModel/validate(options:)`` with
/// `.unmodelledKeys` would report, without compiling the models.
struct ModelChecker {
    let models: DeclaredModels

    /// Every issue in `value` read as `className` (each element, for an array root).
    func check(_ value: JSONTree.Node, as className: String) -> [WrapModelIssue] {
        var issues: [WrapModelIssue] = []
        switch value.kind {
        case .object:
            checkObject(value, className: className, prefix: "", into: &issues)
        case .array:
            for (index, element) in value.elements.enumerated() {
                guard element.kind == .object else {
                    issues.append(WrapModelIssue(keyPath: "[\(index)]", kind: .wrongType(expected: "object", found: element.typeDescription)))
                    continue
                }
                checkObject(element, className: className, prefix: "[\(index)]", into: &issues)
            }
        default:
            issues.append(WrapModelIssue(keyPath: "", kind: .wrongType(expected: "object", found: value.typeDescription)))
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

    private func checkObject(_ object: JSONTree.Node, className: String, prefix: String,
                             into issues: inout [WrapModelIssue]) {
        let properties = models.classes[className] ?? []
        for property in properties {
            let path = Self.join(prefix, property.keyPath)
            guard let value = Self.lookup(property.keyPath, in: object), !value.isNull else {
                if !property.isOptional { issues.append(WrapModelIssue(keyPath: path, kind: .missing)) }
                continue
            }
            checkValue(value, kind: property.kind, path: path, into: &issues)
        }
        Self.unmodelledKeys(object, reads: properties.map(\.keyPath), prefix: prefix, into: &issues)
    }

    /// The value at a (dotted) key path; the empty path is the object itself.
    static func lookup(_ keyPath: String, in object: JSONTree.Node) -> JSONTree.Node? {
        if keyPath.isEmpty { return object }
        var current = object
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            guard let next = current.member(String(component)) else { return nil }
            current = next
        }
        return current
    }

    /// Keys no key path reads, descending through the levels dotted key paths pass through.
    static func unmodelledKeys(_ object: JSONTree.Node, reads: [String], prefix: String,
                               into issues: inout [WrapModelIssue]) {
        guard !reads.contains("") else { return }
        for (key, value) in object.members {
            let below = reads.filter { $0.hasPrefix(key + ".") }.map { String($0.dropFirst(key.count + 1)) }
            if reads.contains(key) { continue }
            let path = join(prefix, key)
            guard !below.isEmpty else {
                issues.append(WrapModelIssue(keyPath: path, kind: .unmodelledKey))
                continue
            }
            if value.kind == .object { unmodelledKeys(value, reads: below, prefix: path, into: &issues) }
        }
    }

    private func checkValue(_ value: JSONTree.Node, kind: PropertyKind, path: String, into issues: inout [WrapModelIssue]) {
        func wrong(_ expected: String) { issues.append(WrapModelIssue(keyPath: path, kind: .wrongType(expected: expected, found: value.typeDescription))) }
        switch kind {
        case .int: if Self.int(value) == nil { wrong("integer") }
        case .intString: if Self.int(value) == nil { wrong("integer or numeric string") }
        case .double, .float: if Self.double(value) == nil { wrong("number") }
        case .bool, .boolString: if Self.bool(value) == nil { wrong("boolean") }
        case .string: if value.kind != .string { wrong("string") }
        case .dict: if value.kind != .object { wrong("object") }
        case .date(let type):
            if let text = value.string {
                if type.date(from: text, fallbackToOtherFormats: true) == nil {
                    issues.append(WrapModelIssue(keyPath: path, kind: .unparseableDate(text)))
                }
            } else if Self.int(value).flatMap(WrapDateOutputType.date(fromNumber:)) == nil {
                wrong("date string")
            }
        case .enumeration(let name, _):
            let known = models.enums[name] ?? []
            switch value.kind {
            case .string:
                let text = value.string ?? ""
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
            guard value.kind == .array else { return wrong("array") }
            let dropped = value.elements.filter { $0.isNull || !Self.converts($0, to: element) }.count
            if dropped > 0 { issues.append(WrapModelIssue(keyPath: path, kind: .droppedElements(count: dropped))) }
        case .model(let name):
            guard value.kind == .object else { return wrong("object") }
            checkObject(value, className: name, prefix: path, into: &issues)
        case .modelArray(let name):
            guard value.kind == .array else { return wrong("array") }
            var dropped = 0
            for (index, element) in value.elements.enumerated() {
                if element.kind == .object {
                    checkObject(element, className: name, prefix: "\(path)[\(index)]", into: &issues)
                } else {
                    dropped += 1
                }
            }
            if dropped > 0 { issues.append(WrapModelIssue(keyPath: path, kind: .droppedElements(count: dropped))) }
        case .modelDict(let name):
            guard value.kind == .object else { return wrong("object") }
            var dropped = 0
            for (key, entry) in value.members where !entry.isNull {
                if entry.kind == .object {
                    checkObject(entry, className: name, prefix: Self.join(path, key), into: &issues)
                } else {
                    dropped += 1
                }
            }
            if dropped > 0 { issues.append(WrapModelIssue(keyPath: path, kind: .droppedElements(count: dropped))) }
        case .any, .anyArray, .numberArrays:
            break
        }
    }

    private static func converts(_ value: JSONTree.Node, to element: ArrayElement) -> Bool {
        switch element {
        case .int: return int(value) != nil
        case .double, .float: return double(value) != nil
        case .bool: return bool(value) != nil
        case .string: return value.kind == .string
        case .dict: return value.kind == .object
        }
    }

    /// The runtime's integer reading: integers, finite doubles in range (rounded), numeric strings.
    static func int(_ value: JSONTree.Node) -> Int? {
        switch value.kind {
        case .number:
            if let int = value.int { return int }
            return value.double.flatMap(int(fromDouble:))
        case .string:
            let trimmed = (value.string ?? "").trimmingCharacters(in: .whitespaces)
            return Int(trimmed) ?? Double(trimmed).flatMap(int(fromDouble:))
        default: return nil
        }
    }

    private static func int(fromDouble double: Double) -> Int? {
        let rounded = double.rounded()
        guard rounded.isFinite, rounded > Double(Int.min), rounded < Double(Int.max) else { return nil }
        return Int(rounded)
    }

    static func double(_ value: JSONTree.Node) -> Double? {
        switch value.kind {
        case .number: return value.double
        case .string: return Double((value.string ?? "").trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// Booleans, numbers (non-zero is true) and strings by their first character.
    static func bool(_ value: JSONTree.Node) -> Bool? {
        switch value.kind {
        case .bool: return value.bool
        case .number: return value.double.map { $0 != 0 }
        case .string:
            guard let first = value.string?.first else { return nil }
            if "tTyY1".contains(first) { return true }
            if "fFnN0".contains(first) { return false }
            return nil
        default: return nil
        }
    }
}
