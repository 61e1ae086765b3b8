import Foundation

/// Values at key paths of an output tree — ordered objects, verbatim parts of a parsed document
/// and plain values, as lossless output builds it — and the tree as plain Swift values for
/// callers that want a `[String: Any]`.
extension OrderedObject {
    /// Sets `value` at `path`, creating objects on the way (a non-object in the way is replaced).
    package mutating func setValue(_ value: Any, atPath path: ArraySlice<String>) {
        guard let first = path.first else { return }
        if path.count == 1 {
            set(value, forKey: first)
            return
        }
        var child = OrderedObject(reaching: take(first))
        child.setValue(value, atPath: path.dropFirst())
        set(child, forKey: first)
    }

    /// Removes the value at `path`, if any; parent objects stay.
    package mutating func removeValue(atPath path: ArraySlice<String>) {
        guard let first = path.first else { return }
        if path.count == 1 {
            removeValue(forKey: first)
            return
        }
        guard let current = self[first], Self.isObject(current) else { return }
        var child = OrderedObject(reaching: take(first))
        child.removeValue(atPath: path.dropFirst())
        set(child, forKey: first)
    }

    /// True when `value` is a JSON object in any of the tree's forms.
    package static func isObject(_ value: Any) -> Bool {
        switch value {
        case is OrderedObject: return true
        case let verbatim as VerbatimJSON: return verbatim.node.kind == .object
        default: return NativeValue.object(value) != nil
        }
    }

    /// `value` with every verbatim part converted and every ordered object made a dictionary.
    ///
    /// Output trees hold verbatim parts and ordered objects only at the levels models write, never
    /// inside original data, so the walk stops at the nesting limit: data given as a dictionary
    /// may nest deeper than any stack.
    package static func plainValue(_ value: Any, depth: Int = 0) -> Any {
        guard depth <= NestingLimit.maxDepth else { return value }
        switch value {
        case let verbatim as VerbatimJSON:
            return verbatim.node.materialize()
        case let object as OrderedObject:
            var dictionary: [String: Any] = [:]
            dictionary.reserveCapacity(object.count)
            for (key, member) in object.members { dictionary[key] = plainValue(member, depth: depth + 1) }
            return dictionary
        case let dictionary as [String: Any]:
            return dictionary.mapValues { plainValue($0, depth: depth + 1) }
        case let array as [Any]:
            return array.map { plainValue($0, depth: depth + 1) }
        default:
            return value
        }
    }
}
