import Foundation

extension WrapModel {
    /// ``validate()``, plus what `options` asks for, sorted by key path.
    ///
    /// ```swift
    /// for issue in order.validate(options: .unmodelledKeys) { print(issue) }
    /// // items[0].gift_wrap: not read by any property
    /// ```
    /// - Parameter options: Extra checks, e.g. ``WrapValidationOptions/unmodelledKeys``.
    /// - Returns: Every issue; an empty array when the data matches the declarations.
    public func validate(options: WrapValidationOptions) -> [WrapModelIssue] {
        var issues = validate()
        guard options.contains(.unmodelledKeys) else { return issues }
        let collector = IssueCollector()
        withReadAccess { collectUnmodelledKeys(prefix: "", into: collector) }
        issues += collector.issues
        return issues.sorted { lhs, rhs in
            switch lhs.keyPath.compare(rhs.keyPath, options: .numeric) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return lhs.description < rhs.description
            }
        }
    }

    /// Reports the keys of this model's level (and the levels its properties' key paths pass
    /// through) that no property reads, then does the same for every submodel its data holds.
    func collectUnmodelledKeys(prefix: String, into issues: IssueCollector) {
        let reads = KeyReadTree()
        for property in properties { reads.add(property, prefix: prefix) }
        guard let members = storage.lookup(KeyPathComponents("")).flatMap(\.members) else { return }
        reads.compare(members, prefix: prefix, into: issues)
    }
}

/// The key paths a model's properties read, as a tree of keys.
final class KeyReadTree {
    private var children: [String: KeyReadTree] = [:]
    /// Properties reading exactly this path, with the full key path of the value they read.
    private var readers: [(property: WrapPropertyBase, fullPath: String)] = []
    /// A property reads the whole level (an empty key path).
    private var readsWholeLevel = false

    func add(_ property: WrapPropertyBase, prefix: String) {
        if property.mergesIntoParentLevel, let group = property as? any HeldModelsReading {
            // A group reads the parent's own level: its properties count as the parent's.
            for (_, model) in group.heldModels(prefix: prefix) {
                for inner in model.properties { add(inner, prefix: prefix) }
            }
            return
        }
        let fullPath = prefix.isEmpty ? property.keyPath : (property.keyPath.isEmpty ? prefix : "\(prefix).\(property.keyPath)")
        if property.path.isRoot {
            readsWholeLevel = true
            readers.append((property, fullPath))
            return
        }
        var node = self
        for component in property.path.components {
            let next = node.children[component] ?? KeyReadTree()
            node.children[component] = next
            node = next
        }
        node.readers.append((property, fullPath))
    }

    func compare(_ members: [(key: String, value: StoredValue)], prefix: String, into issues: IssueCollector) {
        if !readsWholeLevel {
            for (key, value) in members {
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                guard let child = children[key] else {
                    issues.add(WrapModelIssue(keyPath: path, kind: .unmodelledKey))
                    continue
                }
                if child.readers.isEmpty, let inner = value.members {
                    child.compare(inner, prefix: path, into: issues)
                }
            }
        }
        descendIntoHeldModels(into: issues)
    }

    /// Submodels read at any path of this tree report their own unread keys.
    private func descendIntoHeldModels(into issues: IssueCollector) {
        for (property, fullPath) in readers {
            guard let holder = property as? any HeldModelsReading else { continue }
            for (path, model) in holder.heldModels(prefix: fullPath) {
                model.collectUnmodelledKeys(prefix: path, into: issues)
            }
        }
        for child in children.values { child.descendIntoHeldModels(into: issues) }
    }
}

/// Properties whose values may hold models, for walking the data a model tree reads.
protocol HeldModelsReading {
    /// The models the property's data converts to, each with its full key path.
    func heldModels(prefix: String) -> [(String, WrapModel)]
}

extension WrapProperty: HeldModelsReading {
    func heldModels(prefix: String) -> [(String, WrapModel)] {
        guard holdsModelValues, let context = decodeContext(issues: nil, keyPath: prefix) else { return [] }
        let stored = mergesIntoParentLevel ? context.storage.lookup(KeyPathComponents("")) : context.storage.lookup(path)
        guard let stored, !stored.isNull, let value = decodeStored(stored, context) else { return [] }
        return Self.models(in: OptionalFlattening.flattened(value), path: prefix)
    }

    private static func models(in value: Any?, path: String) -> [(String, WrapModel)] {
        switch value {
        case let model as WrapModel: return [(path, model)]
        case let array as [Any]:
            return array.enumerated().flatMap { models(in: OptionalFlattening.flattened($0.element), path: "\(path)[\($0.offset)]") }
        case let dictionary as [String: Any]:
            return dictionary.sorted { $0.key < $1.key }.flatMap { models(in: OptionalFlattening.flattened($0.value), path: "\(path).\($0.key)") }
        default: return []
        }
    }
}
