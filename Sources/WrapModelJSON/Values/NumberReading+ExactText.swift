import Foundation

extension NumberReading {
    /// The exact decimal text of a Foundation or Swift number (not a boolean): integers in full,
    /// doubles in their shortest round-tripping form, `Decimal`s as they are. Nil otherwise.
    package static func exactText(_ value: Any) -> String? {
        if let number = foundationNumber(value) {
            if isBoolean(number) { return nil }
            // JSONSerialization keeps some literals as NSDecimalNumber: its own text is the exact one.
            if type(of: number) is NSDecimalNumber.Type { return number.stringValue }
            if isFloatingPoint(number) { return finiteText(number.doubleValue) }
            return number.objCType.pointee == UInt8(ascii: "Q") ? String(number.uint64Value) : String(number.int64Value)
        }
        // By exact type: an `as?` cast would bridge a Foundation object (or another number) to say no.
        let type = Swift.type(of: value)
        if type == Int.self { return String(value as! Int) }
        if type == Double.self { return finiteText(value as! Double) }
        if type == Decimal.self {
            let decimal = value as! Decimal
            return decimal.isNaN ? nil : decimal.description
        }
        if type == Float.self {
            let float = value as! Float
            return finiteText(Double(float.description) ?? Double(float))
        }
        if type == Int64.self { return String(value as! Int64) }
        if type == UInt64.self { return String(value as! UInt64) }
        return nil
    }

    private static func finiteText(_ double: Double) -> String? {
        double.isFinite ? double.description : nil
    }
}
