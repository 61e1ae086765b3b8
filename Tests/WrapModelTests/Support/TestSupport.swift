import Foundation
import WrapModel

// Helpers shared by the runtime and property-wrapper suites.

/// Parses a JSON object literal written inline in a test. Traps on malformed fixtures.
func jsonObject(_ text: String) -> [String: Any] {
    let object = try! JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
    return object as! [String: Any]
}

/// A type-exact, order-independent rendering of a JSON-shaped value, so tests can compare whole
/// dictionaries with `==` and see a readable difference when they fail.
///
/// Integers render as `i:`, floating-point numbers as `d:`, booleans as `b:`, strings as `s:`,
/// `NSNull` as `null`; `NSNumber`s render by their stored kind, so an `NSNumber` integer and a
/// Swift `Int` of the same value render alike, while `1` and `1.0` do not.
func canonical(_ value: Any?) -> String {
    guard let value else { return "nil" }
    if type(of: value) is NSNumber.Type {
        let number = value as! NSNumber
        // JSONSerialization reads integers at Int's edges as NSDecimalNumber ("d"); the text is exact.
        if number is NSDecimalNumber, let int = Int(number.stringValue) { return "i:\(int)" }
        if UInt8(bitPattern: number.objCType.pointee) == UInt8(ascii: "Q") { return "i:\(number.uint64Value)" }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"): return "b:\(number.boolValue)"
        case UInt8(ascii: "d"), UInt8(ascii: "f"): return "d:\(number.doubleValue)"
        default: return "i:\(number.int64Value)"
        }
    }
    switch value {
    case let dictionary as [String: Any]:
        let members = dictionary.keys.sorted().map { "\($0)=\(canonical(dictionary[$0]!))" }
        return "{" + members.joined(separator: ",") + "}"
    case let array as [Any]:
        return "[" + array.map { canonical($0) }.joined(separator: ",") + "]"
    case is NSNull:
        return "null"
    default:
        break
    }
    if let bool = value as? Bool, type(of: value) == Bool.self { return "b:\(bool)" }
    if let int = value as? Int, type(of: value) == Int.self { return "i:\(int)" }
    if let double = value as? Double, type(of: value) == Double.self { return "d:\(double)" }
    if let float = value as? Float, type(of: value) == Float.self { return "f:\(float)" }
    if let string = value as? String { return "s:\(string)" }
    if let date = value as? Date { return "date:\(date.timeIntervalSince1970)" }
    return "other(\(type(of: value)):\(value))"
}

/// The instant `seconds` after 1970-01-01T00:00:00Z.
func utc(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

/// Archives `model` with a secure keyed archiver and reads it back as `M`.
func archiveRoundTrip<M: WrapModel>(_ model: M) throws -> M? {
    let archiver = NSKeyedArchiver(requiringSecureCoding: true)
    archiver.encode(model, forKey: NSKeyedArchiveRootObjectKey)
    archiver.finishEncoding()
    return try NSKeyedUnarchiver.unarchivedObject(ofClass: M.self, from: archiver.encodedData)
}
