import Foundation

/// Names JSON value types the way error messages and validation report them.
enum JSONTypeName {
    static func of(_ value: Any) -> String {
        if let number = NumberReading.foundationNumber(value) {
            return NumberReading.isBoolean(number) ? "boolean" : (NumberReading.isFloatingPoint(number) ? "number" : "integer")
        }
        switch value {
        case is String, is NSString: return "string"
        case is Bool: return "boolean"
        case is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16, is UInt32, is UInt64: return "integer"
        case is Double, is Float: return "number"
        case is [String: Any], is NSDictionary: return "object"
        case is [Any], is NSArray: return "array"
        case is NSNull: return "null"
        case is Date: return "date"
        default: return String(describing: type(of: value))
        }
    }
}
