import Foundation

extension WrapModel {
    /// Every problem in the data for the declared properties, sorted by key path.
    ///
    /// Reports missing values of non-optional properties, values of the wrong type, unparseable
    /// dates, unknown enum strings and array elements that did not convert, recursing into
    /// submodels, model arrays and dictionaries, and groups. It reads the original data only and
    /// changes no cached value; it never traps.
    public func validate() -> [WrapModelIssue] {
        let collector = IssueCollector()
        withReadAccess { collectIssues(prefix: "", into: collector) }
        return collector.issues.sorted { lhs, rhs in
            switch lhs.keyPath.compare(rhs.keyPath, options: .numeric) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return lhs.description < rhs.description
            }
        }
    }

    func collectIssues(prefix: String, into issues: IssueCollector) {
        if let problem = SubclassSelection.problem(for: self) {
            let keyPath = problem.keyPath.isEmpty ? prefix : (prefix.isEmpty ? problem.keyPath : "\(prefix).\(problem.keyPath)")
            issues.add(WrapModelIssue(keyPath: keyPath, kind: problem.kind))
        }
        let slots = self.slots
        // Borrowed: the class's table and descriptors are shared by every model of the class.
        for ordinal in 0..<slots.count {
            slots.withDescriptor(ordinal) { descriptor in
                if let refused = descriptor.declarationIssue ?? slots.withTable({ $0.overlapIssue(at: ordinal) }) {
                    let keyPath = descriptor.path.isRoot ? prefix : (prefix.isEmpty ? descriptor.keyPath : "\(prefix).\(descriptor.keyPath)")
                    issues.add(WrapModelIssue(keyPath: keyPath, kind: refused))
                }
                descriptor.collectIssues(slots, ordinal, prefix: prefix, into: issues)
            }
        }
    }
}
