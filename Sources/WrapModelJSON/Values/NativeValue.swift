import Foundation

/// Type tests on parsed JSON values that avoid the runtime's bridging paths.
///
/// On Linux, `value is NSNull` bridges a Swift `Int` or `Dictionary` to its Foundation class just to
/// answer "no", and `value as? [String: Any]` on a scalar tries the same; both allocate. Merging
/// visits every value of every imported object, and every null check and container cast in
/// the core does the same, so these tests look at the metatype first. (A deeply nested
/// dictionary bridged by `is NSNull` even overflowed the stack.)
///
/// Public, with package members, only so that the model library's reads can inline what is
/// `@inlinable` here (members of a package type are not inlined across modules); the target is
/// no product, so nothing outside this package sees it.
public enum NativeValue {
    @inlinable @inline(__always)
    package static func isNull(_ value: Any) -> Bool {
        type(of: value) is NSNull.Type
    }

    /// The value as an object, or nil.
    @inlinable @inline(__always)
    package static func object(_ value: Any) -> [String: Any]? {
        let type = type(of: value)
        if type == [String: Any].self { return (value as! [String: Any]) }
        if isScalar(type) || type == [Any].self { return nil }
        return value as? [String: Any]
    }

    /// The value as an array, or nil.
    @inlinable @inline(__always)
    package static func array(_ value: Any) -> [Any]? {
        let type = type(of: value)
        if type == [Any].self { return (value as! [Any]) }
        if isScalar(type) || type == [String: Any].self { return nil }
        return value as? [Any]
    }

    @inlinable @inline(__always)
    static func isScalar(_ type: Any.Type) -> Bool {
        type == Int.self || type == String.self || type == Double.self || type == Bool.self || type is NSNull.Type
            || type is NSNumber.Type
    }

    /// A Foundation string, date or data object as the Swift value it bridges to (`NSString` as
    /// `String`, `NSDate` as `Date`, `NSData` as `Data`); any other value as it is. `NSNumber`s
    /// stay: their class tells booleans, integers and doubles apart.
    package static func swiftLeaf(_ value: Any) -> Any {
        let type = type(of: value)
        if type is NSString.Type { return (value as? String) ?? value }
        if type is NSDate.Type { return (value as? Date) ?? value }
        if type is NSData.Type { return (value as? Data) ?? value }
        return value
    }

    /// The value as a string, without bridging numbers.
    @inlinable @inline(__always)
    package static func string(_ value: Any) -> String? {
        let type = type(of: value)
        if type == String.self { return (value as! String) }
        if type == Int.self || type == Double.self || type == Bool.self || type is NSNumber.Type || type is NSNull.Type { return nil }
        return value as? String
    }
}
