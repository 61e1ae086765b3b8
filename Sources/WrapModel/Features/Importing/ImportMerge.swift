import Foundation
import WrapModelJSON

/// Merging a newer object into older data.
enum ImportMerge {
    /// `new` over `old`: new values win, absent keys keep their old values, `null` removes the
    /// key, and objects present on both sides merge recursively. Arrays are replaced.
    static func merged(_ new: [String: Any], into old: [String: Any]) -> [String: Any] {
        var result = old
        for (key, value) in new {
            if NativeValue.isNull(value) {
                result.removeValue(forKey: key)
            } else if let child = NativeValue.object(value), let oldChild = result[key].flatMap(NativeValue.object) {
                result[key] = merged(child, into: oldChild)
            } else {
                result[key] = value
            }
        }
        return result
    }
}
