import Foundation
import WrapModelJSON

/// Compares and hashes JSON-shaped values by content.
///
/// `NSDictionary.isEqual(to:)` is unreliable on Linux for bridged Swift values, and data may mix
/// Swift natives with `NSNumber`s, so numbers compare by numeric value (integers exactly) and
/// booleans only with booleans.
enum StructuralEquality {
    /// Values nested deeper than ``NestingLimit/maxDepth`` compare unequal rather than overflow the stack.
    static func isEqual(_ lhs: Any, _ rhs: Any, depth: Int = 0) -> Bool {
        guard depth <= NestingLimit.maxDepth else { return false }
        if NativeValue.isNull(lhs) || NativeValue.isNull(rhs) { return NativeValue.isNull(lhs) && NativeValue.isNull(rhs) }
        if let left = NativeValue.string(lhs), let right = NativeValue.string(rhs) { return left == right }
        switch (lhs, rhs) {
        case let (left as [String: Any], right as [String: Any]):
            guard left.count == right.count else { return false }
            for (key, value) in left {
                guard let other = right[key], isEqual(value, other, depth: depth + 1) else { return false }
            }
            return true
        case let (left as [Any], right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { isEqual($0, $1, depth: depth + 1) }
        case let (left as Date, right as Date):
            return left == right
        default:
            break
        }
        switch (Scalar(lhs), Scalar(rhs)) {
        case let (.bool(left), .bool(right)): return left == right
        case let (.int(left), .int(right)): return left == right
        case let (.int(left), .double(right)), let (.double(right), .int(left)): return Double(left) == right
        case let (.unsigned(left), .unsigned(right)): return left == right
        case let (.unsigned(left), .double(right)), let (.double(right), .unsigned(left)): return Double(left) == right
        case let (.double(left), .double(right)): return left == right
        default:
            if let left = lhs as? AnyHashable, let right = rhs as? AnyHashable { return left == right }
            return false
        }
    }

    /// Hashes down to ``NestingLimit/maxDepth`` levels, which keeps equal values' hashes equal.
    static func hash(_ value: Any, into hasher: inout Hasher, depth: Int = 0) {
        guard depth <= NestingLimit.maxDepth else { return }
        if NativeValue.isNull(value) { return hasher.combine(0 as UInt8) }
        if let string = NativeValue.string(value) { return hasher.combine(string) }
        switch value {
        case let dictionary as [String: Any]:
            hasher.combine(dictionary.count)
            for key in dictionary.keys.sorted() {
                hasher.combine(key)
                hash(dictionary[key]!, into: &hasher, depth: depth + 1)
            }
        case let array as [Any]:
            hasher.combine(array.count)
            for element in array { hash(element, into: &hasher, depth: depth + 1) }
        default:
            switch Scalar(value) {
            case .bool(let bool): hasher.combine(bool)
            case .int(let int): hasher.combine(Double(int))
            case .unsigned(let unsigned): hasher.combine(Double(unsigned))
            case .double(let double): hasher.combine(double)
            case .other: hashOther(value, into: &hasher)
            }
        }
    }

    /// A value that is no JSON scalar, by what `isEqual` compares of it: a date (`Date` or
    /// `NSDate`) by its instant, data (`Data` or `NSData`) by its bytes, anything else by its type.
    private static func hashOther(_ value: Any, into hasher: inout Hasher) {
        let type = type(of: value)
        if type == Date.self || type is NSDate.Type, let date = value as? Date {
            hasher.combine(date.timeIntervalSinceReferenceDate)
        } else if type == Data.self || type is NSData.Type, let data = value as? Data {
            hasher.combine(data)
        } else {
            hasher.combine(String(describing: type))
        }
    }

    private enum Scalar {
        /// `unsigned` holds only integers above `Int.max`, so it never equals an `int`.
        case bool(Bool), int(Int), unsigned(UInt64), double(Double), other

        init(_ value: Any) {
            if let number = NumberReading.foundationNumber(value) {
                if NumberReading.isBoolean(number) { self = .bool(number.boolValue) }
                else if let decimal = NumberReading.decimal(of: number) { self.init(decimal) }
                else if NumberReading.isFloatingPoint(number) { self = .double(number.doubleValue) }
                else if NumberReading.isLargeUnsigned(number) { self = .unsigned(number.uint64Value) }
                else { self = .int(number.intValue) }
                return
            }
            switch value {
            case let bool as Bool: self = .bool(bool)
            case let int as Int: self = .int(int)
            case let unsigned as UInt64: self = unsigned > UInt64(Int.max) ? .unsigned(unsigned) : .int(Int(unsigned))
            case let double as Double: self = .double(double)
            case let float as Float: self = .double(Double(float))
            default:
                // A Decimal compares as the NSDecimalNumber it bridges to (`Decimal` in data comes
                // from a written `Decimal` property; JSONSerialization gives NSDecimalNumber).
                if type(of: value) == Decimal.self { self.init(value as! Decimal) } else { self = .other }
            }
        }

        /// An `NSDecimalNumber` (what `JSONSerialization` reads a long literal or an integer at
        /// `Int64`'s edges as) by its exact digits: an integral one that fits `Int` or `UInt64` as
        /// that integer, any other as the `Double` nearest its digits — the values the same literal
        /// reads as from bytes or from a stored copy. Its own `doubleValue` is not correctly rounded
        /// on Linux (`338937284.000000000000000000001` gives `338937284.0000001`).
        private init(_ decimal: Decimal) {
            let text = decimal.description
            if let int = Int(text) { self = .int(int) }
            else if let unsigned = UInt64(text) { self = .unsigned(unsigned) }
            else { self = .double(NumberReading.nearestDouble(decimal)) }
        }
    }
}
