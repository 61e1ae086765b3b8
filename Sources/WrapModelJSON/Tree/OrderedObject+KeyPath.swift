import Foundation
import WrapModelJSON

/// Writes and removes values at key paths of a lossless output tree, and turns such a tree into
/// plain Swift values for callers that want a `[String: Any]`.
enum LosslessPath {
    /// Sets `value` at a property's key path (most are one key, which needs no splitting).
    static func set(_ value: Any, at path: KeyPathComponents, in object: inout OrderedObject) {
        if path.isDotted { set(value, at: path.components[...], in: &object) } else { object.set(value, forKey: path.keyPath) }
    }

    /// Removes the value at a property's key path, if any.
    static func remove(at path: KeyPathComponents, in object: inout OrderedObject) {
        if path.isDotted { remove(at: path.components[...], in: &object) } else { object.removeValue(forKey: path.keyPath) }
    }

    /// Sets `value` at `path`, creating objects on the way (a non-object in the way is replaced).
    static func set(_ value: Any, at path: ArraySlice<String>, in object: inout OrderedObject) {
        guard let first = path.first else { return }
        if path.count == 1 {
            object.set(value, forKey: first)
            return
        }
        var child = OrderedObject(reaching: object.take(first))
        set(value, at: path.dropFirst(), in: &child)
        object.set(child, forKey: first)
    }

    /// Removes the value at `path`, if any; parent objects stay.
    static func remove(at path: ArraySlice<String>, in object: inout OrderedObject) {
        guard let first = path.first else { return }
        if path.count == 1 {
            object.removeValue(forKey: first)
            return
        }
        guard let current = object[first], isObject(current) else { return }
        var child = OrderedObject(reaching: object.take(first))
        remove(at: path.dropFirst(), in: &child)
        object.set(child, forKey: first)
    }

    /// True when `value` is a JSON object in any of the tree's forms.
    static func isObject(_ value: Any) -> Bool {
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
    static func plain(_ value: Any, depth: Int = 0) -> Any {
        guard depth <= NestingLimit.maxDepth else { return value }
        switch value {
        case let verbatim as VerbatimJSON:
            return verbatim.node.materialize()
        case let object as OrderedObject:
            var dictionary: [String: Any] = [:]
            dictionary.reserveCapacity(object.count)
            for (key, member) in object.members { dictionary[key] = plain(member, depth: depth + 1) }
            return dictionary
        case let dictionary as [String: Any]:
            return dictionary.mapValues { plain($0, depth: depth + 1) }
        case let array as [Any]:
            return array.map { plain($0, depth: depth + 1) }
        default:
            return value
        }
    }
}
