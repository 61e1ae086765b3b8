import Foundation
import Testing

/// How a tree of Swift values is given to a model as Foundation objects: the forms a dictionary
/// from `JSONSerialization`, `PropertyListSerialization` or `UserDefaults` has on Apple platforms,
/// built here on any platform (a Swift `[String: Any]` keeps its values' Foundation classes).
enum FoundationShape: String, CaseIterable, CustomTestStringConvertible {
    /// `NSString`, `NSNumber`, `NSDecimalNumber`, `NSNull`, `NSDate` and `NSData` leaves in Swift
    /// arrays and dictionaries.
    case leaves
    /// Those leaves in `NSArray` and `NSDictionary` containers, inside a Swift top-level dictionary.
    case containers
    /// Foundation and Swift containers alternating level by level (the top level's values are
    /// Foundation containers, theirs Swift ones, and so on).
    case mixed

    var testDescription: String { rawValue }
}

/// The Foundation twin of `object`: each leaf as the Foundation object that stands for it, and
/// containers below the top level as `shape` says.
func foundationTwin(_ object: [String: Any], _ shape: FoundationShape) -> [String: Any] {
    object.mapValues { foundationTwin(of: $0, shape, depth: 1) }
}

/// The Foundation twin of one value at `depth` (the top level's values are at depth 1).
func foundationTwin(of value: Any, _ shape: FoundationShape, depth: Int = 1) -> Any {
    let type = type(of: value)
    let foundationContainer = shape == .containers || (shape == .mixed && depth % 2 == 1)
    if type == [String: Any].self {
        let members = (value as! [String: Any]).mapValues { foundationTwin(of: $0, shape, depth: depth + 1) }
        return foundationContainer ? NSDictionary(dictionary: members) : members
    }
    if type == [Any].self {
        let elements = (value as! [Any]).map { foundationTwin(of: $0, shape, depth: depth + 1) }
        return foundationContainer ? NSArray(array: elements) : elements
    }
    if type == String.self { return NSString(string: value as! String) }
    if type == Int.self { return NSNumber(value: value as! Int) }
    if type == Double.self { return NSNumber(value: value as! Double) }
    if type == Float.self { return NSNumber(value: value as! Float) }
    if type == Bool.self { return NSNumber(value: value as! Bool) }
    if type == Int64.self { return NSNumber(value: value as! Int64) }
    if type == UInt64.self { return NSNumber(value: value as! UInt64) }
    if type == Decimal.self { return NSDecimalNumber(decimal: value as! Decimal) }
    if type == Date.self { return NSDate(timeIntervalSinceReferenceDate: (value as! Date).timeIntervalSinceReferenceDate) }
    if type == Data.self { return NSData(data: value as! Data) }
    if type is NSNull.Type { return NSNull() }
    preconditionFailure("no Foundation twin for \(type)")
}

/// The classes of the values in `value` by name (`NSString`, `Swift.Int`): of the leaves in its
/// Swift arrays and dictionaries, and of each `NSArray` or `NSDictionary` itself (what those hold
/// is not looked into: on Linux, reading an element bridges it to a Swift value). A test's proof
/// that its twin holds what it says.
func foundationClasses(in value: Any) -> Set<String> {
    let type = type(of: value)
    var found: Set<String> = []
    if type == [String: Any].self {
        for member in (value as! [String: Any]).values { found.formUnion(foundationClasses(in: member)) }
    } else if type == [Any].self {
        for element in value as! [Any] { found.formUnion(foundationClasses(in: element)) }
    } else if type is NSDictionary.Type {
        found.insert("NSDictionary")
    } else if type is NSArray.Type {
        found.insert("NSArray")
    } else if type is NSDecimalNumber.Type {
        found.insert("NSDecimalNumber")
    } else if type is NSNumber.Type {
        found.insert("NSNumber")
    } else if type is NSString.Type {
        found.insert("NSString")
    } else if type is NSDate.Type {
        found.insert("NSDate")
    } else if type is NSData.Type {
        found.insert("NSData")
    } else if type is NSNull.Type {
        found.insert("NSNull")
    } else {
        found.insert("Swift.\(type)")
    }
    return found
}
