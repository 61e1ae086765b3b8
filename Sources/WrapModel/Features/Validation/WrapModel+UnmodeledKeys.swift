import Foundation

extension WrapModel {
    /// ``validate()``, plus what `options` asks for, sorted by key path.
    ///
    /// ```swift
    /// for issue in order.validate(options: .unmodeledKeys) { print(issue) }
    /// // items[0].gift_wrap: not read by any property
    /// ```
    /// - Parameter options: Extra checks, e.g. ``WrapValidationOptions/unmodeledKeys``.
    /// - Returns: Every issue; an empty array when the data matches the declarations.
    public func validate(options: WrapValidationOptions) -> [WrapModelIssue] {
        var issues = validate()
        guard options.contains(.unmodeledKeys) else { return issues }
        let collector = IssueCollector()
        withReadAccess { collectUnmodeledKeys(prefix: "", into: collector) }
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
    func collectUnmodeledKeys(prefix: String, into issues: IssueCollector) {
        let reads = KeyReadTree()
        let slots = self.slots
        for ordinal in 0..<slots.count { reads.add(slots.descriptor(ordinal), slots, prefix: prefix) }
        guard let members = storage.lookup(KeyPathComponents("")).flatMap(\.members) else { return }
        reads.compare(members, prefix: prefix, into: issues)
    }
}

/// The key paths a model's properties read, as a tree of keys.
final class KeyReadTree {
    private var children: [String: KeyReadTree] = [:]
    /// Declarations reading exactly this path (with the slots they belong to), with the full key
    /// path of the value they read.
    private var readers: [(descriptor: PropertyDescriptor, slots: ModelSlots, fullPath: String)] = []
    /// A property reads the whole level (an empty key path).
    private var readsWholeLevel = false
    /// A declaration names this path as an alternative key: its value is modeled (the declaration
    /// reads it when its other keys are absent), and is listed once, under the path it reads.
    private var isAlternative = false

    func add(_ descriptor: PropertyDescriptor, _ slots: ModelSlots, prefix: String) {
        if descriptor.mergesIntoParentLevel {
            // A group reads the parent's own level: its declarations count as the parent's.
            for (_, model) in descriptor.heldModels(slots, prefix: prefix) {
                let inner = model.slots
                for ordinal in 0..<inner.count { add(inner.descriptor(ordinal), inner, prefix: prefix) }
            }
            return
        }
        let keyPath = descriptor.keyPath
        let fullPath = prefix.isEmpty ? keyPath : (keyPath.isEmpty ? prefix : "\(prefix).\(keyPath)")
        if descriptor.path.isRoot {
            readsWholeLevel = true
            readers.append((descriptor, slots, fullPath))
            return
        }
        node(at: descriptor.path).readers.append((descriptor, slots, fullPath))
        for alternative in descriptor.alternatives { node(at: alternative).isAlternative = true }
    }

    /// The node of `path`, made if needed.
    private func node(at path: KeyPathComponents) -> KeyReadTree {
        var node = self
        for component in path.components {
            let next = node.children[component] ?? KeyReadTree()
            node.children[component] = next
            node = next
        }
        return node
    }

    func compare(_ members: [(key: String, value: WrapStoredValue.Raw)], prefix: String, into issues: IssueCollector) {
        if !readsWholeLevel {
            for (key, value) in members {
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                guard let child = children[key] else {
                    issues.add(WrapModelIssue(keyPath: path, kind: .unmodeledKey))
                    continue
                }
                if child.readers.isEmpty, !child.isAlternative, let inner = value.members {
                    child.compare(inner, prefix: path, into: issues)
                }
            }
        }
        descendIntoHeldModels(into: issues)
    }

    /// Submodels read at any path of this tree report their own unread keys.
    private func descendIntoHeldModels(into issues: IssueCollector) {
        for (descriptor, slots, fullPath) in readers where descriptor.holdsModels {
            for (path, model) in descriptor.heldModels(slots, prefix: fullPath) {
                model.collectUnmodeledKeys(prefix: path, into: issues)
            }
        }
        for child in children.values { child.descendIntoHeldModels(into: issues) }
    }
}
