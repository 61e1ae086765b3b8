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
        switch value {
        case let decimal as Decimal: return decimal.isNaN ? nil : decimal.description
        case let int as Int: return String(int)
        case let double as Double: return finiteText(double)
        case let float as Float: return finiteText(Double(float.description) ?? Double(float))
        case let int as Int64: return String(int)
        case let uint as UInt64: return String(uint)
        default: return nil
        }
    }

    private static func finiteText(_ double: Double) -> String? {
        double.isFinite ? double.description : nil
    }
}
