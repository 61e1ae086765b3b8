import Foundation

/// Names JSON value types the way error messages and validation report them.
package enum JSONTypeName {
    package static func of(_ value: Any) -> String {
        if let number = NumberReading.foundationNumber(value) {
            if NumberReading.isBoolean(number) { return "boolean" }
            // JSONSerialization reads integers at Int's edges as NSDecimalNumber ("d"): the text tells.
            if type(of: number) is NSDecimalNumber.Type, Int(number.stringValue) != nil || UInt64(number.stringValue) != nil {
                return "integer"
            }
            return NumberReading.isFloatingPoint(number) ? "number" : "integer"
        }
        // Exact types first: `is NSString` or `is NSDictionary` would bridge Swift values on Linux.
        let type = Swift.type(of: value)
        if type == String.self { return "string" }
        if type == Int.self { return "integer" }
        if type == Double.self || type == Float.self { return "number" }
        if type == Bool.self { return "boolean" }
        if type is NSNull.Type { return "null" }
        if NativeValue.object(value) != nil { return "object" }
        if NativeValue.array(value) != nil { return "array" }
        if NumberReading.int(value) != nil { return "integer" }
        if type == Date.self { return "date" }
        if NativeValue.string(value) != nil { return "string" }
        return String(describing: type)
    }
}
