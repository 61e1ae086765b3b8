import Foundation
import WrapModel
import WrapModelJSON

/// Checks recorded JSON responses against declarations read from generated source, with the
/// conversion rules of the WrapModel runtime: the issues ``WrapModel/validate(options:)`` with
/// `.unmodeledKeys` would report, without compiling the models.
struct ModelChecker {
    let models: DeclaredModels
    private let dates = DateRuleParser()

    init(models: DeclaredModels) {
        self.models = models
    }

    /// Every issue in `value` read as `className` (each element, for an array root).
    func check(_ value: JSONNode, as className: String) -> [WrapModelIssue] {
        var issues: [WrapModelIssue] = []
        switch value.kind {
        case .object:
            checkObject(value, className: className, prefix: "", into: &issues)
        case .array:
            for (index, element) in value.elements.enumerated() {
                guard element.kind == .object else {
                    issues.append(WrapModelIssue(keyPath: "[\(index)]", kind: .wrongType(expected: "object", found: JSONTypeName.of(element))))
                    continue
                }
                checkObject(element, className: className, prefix: "[\(index)]", into: &issues)
            }
        default:
            issues.append(WrapModelIssue(keyPath: "", kind: .wrongType(expected: "object", found: JSONTypeName.of(value))))
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

    /// The issues of one object read as `className`; `reportsUnmodeledKeys` is false for a group,
    /// whose keys count as its parent's.
    private func checkObject(_ object: JSONNode, className: String, prefix: String, reportsUnmodeledKeys: Bool = true,
                             into issues: inout [WrapModelIssue]) {
        for property in models.properties(of: className) {
            if case .group(let group) = property.rule {
                checkObject(object, className: group, prefix: prefix, reportsUnmodeledKeys: false, into: &issues)
                continue
            }
            let keys = Self.alternatives(property.keyPath)
            // Reported at the first key, as the runtime reports a declaration with alternative keys.
            let path = Self.join(prefix, keys[0])
            guard let value = keys.lazy.compactMap({ Self.lookup($0, in: object) }).first(where: { !$0.isNull }) else {
                if !property.isOptional { issues.append(WrapModelIssue(keyPath: path, kind: .missing)) }
                continue
            }
            // As the runtime: a value that does not convert is a wrong type, unless its codec
            // already said what was wrong.
            let before = issues.count
            if !decode(value, property.rule, at: path, into: &issues), issues.count == before {
                issues.append(WrapModelIssue(keyPath: path, kind: .wrongType(expected: property.rule.expected, found: JSONTypeName.of(value))))
            }
        }
        // A key check cannot tell might be any of them.
        if reportsUnmodeledKeys, !readsUnknownKeys(className) {
            Self.unmodeledKeys(object, reads: reads(of: className), prefix: prefix, into: &issues)
        }
    }

    /// Whether a class, or a group it holds, reads a key check cannot tell (a declaration without
    /// a key, in a class whose key naming check cannot run).
    private func readsUnknownKeys(_ className: String, seen: Set<String> = []) -> Bool {
        guard !seen.contains(className) else { return false }
        if models.readsUnknownKeys(className) { return true }
        return models.properties(of: className).contains { property in
            if case .group(let group) = property.rule { return readsUnknownKeys(group, seen: seen.union([className])) }
            return false
        }
    }

    /// The key paths a class's properties read, a group's properties counting as the class's own.
    private func reads(of className: String, seen: Set<String> = []) -> [String] {
        guard !seen.contains(className) else { return [] }
        return models.properties(of: className).flatMap { property -> [String] in
            if case .group(let group) = property.rule { return reads(of: group, seen: seen.union([className])) }
            return Self.alternatives(property.keyPath)
        }
    }

    /// The key paths a declared key names: one, or several separated by `|` (the first present
    /// is read).
    static func alternatives(_ keyPath: String) -> [String] {
        keyPath.contains("|") ? keyPath.split(separator: "|", omittingEmptySubsequences: false).map(String.init) : [keyPath]
    }

    /// The value at a (dotted) key path; the empty path is the object itself.
    static func lookup(_ keyPath: String, in object: JSONNode) -> JSONNode? {
        if keyPath.isEmpty { return object }
        var current = object
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            guard let next = current.member(String(component)) else { return nil }
            current = next
        }
        return current
    }

    /// Keys no key path reads, descending through the levels dotted key paths pass through.
    static func unmodeledKeys(_ object: JSONNode, reads: [String], prefix: String,
                              into issues: inout [WrapModelIssue]) {
        guard !reads.contains("") else { return }
        for (key, value) in object.members {
            let below = reads.filter { $0.hasPrefix(key + ".") }.map { String($0.dropFirst(key.count + 1)) }
            if reads.contains(key) { continue }
            let path = join(prefix, key)
            guard !below.isEmpty else {
                issues.append(WrapModelIssue(keyPath: path, kind: .unmodeledKey))
                continue
            }
            if value.kind == .object { unmodeledKeys(value, reads: below, prefix: path, into: &issues) }
        }
    }

    /// Whether `value` (not null) converts under `rule`; adds what the codec itself reports
    /// (numbers out of range, unparseable dates, unknown enum values, dropped elements, and the
    /// issues of submodels).
    private func decode(_ value: JSONNode, _ rule: ValueRule, at path: String, into issues: inout [WrapModelIssue]) -> Bool {
        func report(_ kind: WrapModelIssue.Kind, at keyPath: String = path) { issues.append(WrapModelIssue(keyPath: keyPath, kind: kind)) }
        /// A number the type cannot hold is reported naming the range; other values are left to the caller.
        func outOfRange(_ expected: String) -> Bool {
            if value.kind == .number { report(.wrongType(expected: expected, found: JSONTypeName.of(value))) }
            return false
        }
        switch rule {
        case .int(let reportsRange):
            if ValueReading.int(value) != nil { return true }
            return reportsRange ? outOfRange("integer in Int's range") : false
        case .intString: return ValueReading.int(value) != nil
        case .double: return ValueReading.double(value) != nil
        case .float: return ValueReading.float(value) != nil || outOfRange("number in Float's range")
        case .bool: return ValueReading.bool(value) != nil
        case .string: return value.kind == .string
        case .object, .castObject: return value.kind == .object
        case .int64: return ValueReading.int64(value) != nil || outOfRange("integer in Int64's range")
        case .uint64: return ValueReading.uint64(value) != nil || outOfRange("integer in UInt64's range")
        case .decimal: return ValueReading.decimal(value) != nil
        case .uuid: return ValueReading.uuid(value) != nil
        case .url: return ValueReading.url(value) != nil
        case .anything: return true
        case .date(let dateRule):
            if let text = value.stringValue {
                if dates.date(from: text, rule: dateRule) != nil { return true }
                report(.unparseableDate(text))
                return false
            }
            // Numbers from 19000101 to 99991231 are read as `yyyymmdd`.
            return ValueReading.int(value).flatMap(WrapDateOutputType.date(fromNumber:)) != nil
        case .convertibleEnum(let name):
            let declared = models.enums[name]
            if let text = value.stringValue {
                let strings = declared?.dataStrings ?? []
                if strings.contains(text) || strings.contains(where: { $0.lowercased() == text.lowercased() }) { return true }
                report(.unknownEnumValue(text))
                return false
            }
            guard let raw = ValueReading.int(value) else { return false }
            if declared?.intRawValues.contains(raw) == true { return true }
            report(.unknownEnumValue(String(raw)))
            return false
        case .stringEnum(let name):
            guard let text = value.stringValue else { return false }
            if models.enums[name]?.stringRawValues.contains(text) == true { return true }
            report(.unknownEnumValue(text))
            return false
        case .intEnum(let name):
            guard let raw = ValueReading.int(value) else { return false }
            if models.enums[name]?.intRawValues.contains(raw) == true { return true }
            report(.unknownEnumValue(String(raw)))
            return false
        case .model(let name):
            guard value.kind == .object else { return false }
            checkObject(value, className: name, prefix: path, into: &issues)
            return true
        case .group(let name):
            checkObject(value, className: name, prefix: path, reportsUnmodeledKeys: false, into: &issues)
            return true
        case .modelArray(let name, let embedPath):
            guard value.kind == .array else { return false }
            var dropped = 0
            for (index, element) in value.elements.enumerated() {
                let elementPath = "\(path)[\(index)]"
                let object = embedPath.map { element.kind == .object ? Self.lookup($0, in: element) : nil } ?? element
                if let object, object.kind == .object {
                    checkObject(object, className: name, prefix: embedPath.map { "\(elementPath).\($0)" } ?? elementPath, into: &issues)
                } else {
                    dropped += 1
                }
            }
            if dropped > 0 { report(.droppedElements(count: dropped)) }
            return true
        case .modelDictionary(let name):
            guard value.kind == .object else { return false }
            var dropped = 0
            for (key, entry) in value.members where !entry.isNull {
                if entry.kind == .object {
                    checkObject(entry, className: name, prefix: "\(path).\(key)", into: &issues)
                } else {
                    dropped += 1
                }
            }
            if dropped > 0 { report(.droppedElements(count: dropped)) }
            return true
        case .modelArrayDictionary(let name):
            guard value.kind == .object else { return false }
            var dropped = 0
            for (key, entry) in value.members where !entry.isNull {
                // An entry that is not an array, or none of whose elements is a model, is left out.
                let entryPath = "\(path).\(key)"
                guard entry.kind == .array,
                      decode(entry, .modelArray(name, embedPath: nil), at: entryPath, into: &issues),
                      entry.elements.isEmpty || entry.elements.contains(where: { $0.kind == .object }) else {
                    dropped += 1
                    continue
                }
            }
            if dropped > 0 { report(.droppedElements(count: dropped)) }
            return true
        case .array(let element):
            guard value.kind == .array else { return false }
            var dropped = 0
            for (index, item) in value.elements.enumerated()
            where item.isNull || !decode(item, element, at: "\(path)[\(index)]", into: &issues) {
                dropped += 1
            }
            if dropped > 0 { report(.droppedElements(count: dropped)) }
            return true
        case .dictionary(let element):
            guard value.kind == .object else { return false }
            var dropped = 0
            for (key, item) in value.members where !item.isNull && !decode(item, element, at: "\(path).\(key)", into: &issues) {
                dropped += 1
            }
            if dropped > 0 { report(.droppedElements(count: dropped)) }
            return true
        }
    }
}
