import Foundation

/// Names JSON value types the way error messages and validation report them.
package enum JSONTypeName {
    package static func of(_ value: Any) -> String {
        if let number = NumberReading.foundationNumber(value) {
            if NumberReading.isBoolean(number) { return "boolean" }
            // JSONSerialization reads integers at Int's edges as NSDecimalNumber ("d"): the text tells.
            if type(of: number) is NSDecimalNumber.Type { return decimalName(number.stringValue) }
            return NumberReading.isFloatingPoint(number) ? "number" : "integer"
        }
        // Exact types first: `is NSString` or `is NSDictionary` would bridge Swift values on Linux.
        let type = Swift.type(of: value)
        if type == String.self { return "string" }
        if type == Int.self { return "integer" }
        if type == Double.self || type == Float.self { return "number" }
        if type == Bool.self { return "boolean" }
        if type is NSNull.Type { return "null" }
        // Foundation's classes as the Swift types they stand for (an NSDate is `__NSTaggedDate` on
        // Apple platforms); a numeric NSString is still a string.
        if type is NSString.Type { return "string" }
        if type == Date.self || type is NSDate.Type { return "date" }
        if type == Data.self || type is NSData.Type { return "data" }
        if type == Decimal.self { return decimalName((value as! Decimal).description) }
        if NativeValue.object(value) != nil { return "object" }
        if NativeValue.array(value) != nil { return "array" }
        if NumberReading.int(value) != nil { return "integer" }
        if NativeValue.string(value) != nil { return "string" }
        return String(describing: type)
    }

    /// A decimal number by its exact text: an integer when it is one `Int` or `UInt64` holds.
    private static func decimalName(_ text: String) -> String {
        Int(text) != nil || UInt64(text) != nil ? "integer" : "number"
    }
}
