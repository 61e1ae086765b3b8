import Foundation

/// Reads numbers and booleans from the values a dictionary may hold: Swift natives from the
/// package's own JSON reader, `NSNumber`s from `JSONSerialization`, and numeric strings.
///
/// `NSNumber`s are recognised by their metatype before any `as?` cast: on Linux `x as? Int` on an
/// `NSNumber` goes through bridging (~300 ns), and a native `Int` casts *to* `NSNumber`, so the
/// obvious order of casts is both slow and wrong.
///
/// The other Foundation objects a dictionary from `JSONSerialization`, `PropertyListSerialization`
/// or `UserDefaults` holds on Apple platforms read as the Swift values they stand for: an
/// `NSString` as its `String` (so `"42"` is a numeric string whatever its class), and a Swift
/// `Decimal` as the `NSDecimalNumber` it bridges to. They are tested after every Swift type, so
/// values from the package's own reader pay nothing for them (see ``foundationForm(_:_:)``).
package enum NumberReading {
    @inline(__always)
    package static func foundationNumber(_ value: Any) -> NSNumber? {
        guard type(of: value) is NSNumber.Type else { return nil }
        // Unchecked cast is safe: the metatype check above proved it is an NSNumber.
        return unsafeDowncast(value as AnyObject, to: NSNumber.self)
    }

    /// True for the `NSNumber`s Foundation uses for JSON `true` and `false`.
    package static func isBoolean(_ number: NSNumber) -> Bool {
        number.objCType.pointee == UInt8(ascii: "c") || number.objCType.pointee == UInt8(ascii: "B")
    }

    package static func isFloatingPoint(_ number: NSNumber) -> Bool {
        let code = number.objCType.pointee
        return code == UInt8(ascii: "d") || code == UInt8(ascii: "f")
    }

    /// An `Int`: integers as they are, finite doubles in range rounded, numeric strings parsed.
    /// Booleans, non-finite and out-of-range numbers give nil.
    ///
    /// Native values are matched by their exact type: on Linux `x as? Int` also succeeds for other
    /// numeric types by bridging through `NSNumber`, truncating `UInt64.max` to -1.
    package static func int(_ value: Any) -> Int? {
        if let number = foundationNumber(value) {
            if isBoolean(number) { return nil }
            if isFloatingPoint(number) {
                // JSONSerialization reads -9223372036854775808 as an NSDecimalNumber: its text is exact.
                if type(of: number) is NSDecimalNumber.Type, let exact = Int(number.stringValue) { return exact }
                return int(fromDouble: doubleValue(number))
            }
            // An unsigned value above Int.max reports a negative int64Value; decimal text is exact.
            return number.objCType.pointee == UInt8(ascii: "Q") ? Int(exactly: number.uint64Value) : number.intValue
        }
        let type = Swift.type(of: value)
        if type == Int.self { return (value as! Int) }
        if type == Double.self { return int(fromDouble: value as! Double) }
        if type == String.self { return int(fromString: value as! String) }
        if type == Float.self { return int(fromDouble: Double(value as! Float)) }
        if type == Int64.self { return Int(exactly: value as! Int64) }
        if type == UInt64.self { return Int(exactly: value as! UInt64) }
        if type == UInt.self { return Int(exactly: value as! UInt) }
        if type == Int32.self { return Int(value as! Int32) }
        if type == UInt32.self { return Int(value as! UInt32) }
        if type == Int16.self { return Int(value as! Int16) }
        if type == UInt16.self { return Int(value as! UInt16) }
        if type == Int8.self { return Int(value as! Int8) }
        if type == UInt8.self { return Int(value as! UInt8) }
        return foundationForm(value, type).flatMap(int)
    }

    static func int(fromDouble double: Double) -> Int? {
        let rounded = double.rounded()
        // ±2^63 are out of range: Double(Int.max) is 2^63, one past the largest Int, and -2^63 is
        // also what -9223372036854775809 rounds to, so a Double there cannot be trusted as Int.min.
        guard rounded.isFinite, rounded > Double(Int.min), rounded < Double(Int.max) else { return nil }
        return Int(rounded)
    }

    static func int(fromString string: String) -> Int? {
        let trimmed = string.trimmingCharacters(in: .whitespaces)
        if let int = Int(trimmed) { return int }
        guard let double = Double(trimmed) else { return nil }
        return int(fromDouble: double)
    }

    /// A `Double` from any number or numeric string; booleans give nil.
    package static func double(_ value: Any) -> Double? {
        if let number = foundationNumber(value) {
            return isBoolean(number) ? nil : doubleValue(number)
        }
        let type = Swift.type(of: value)
        if type == Double.self { return (value as! Double) }
        if type == Int.self { return Double(value as! Int) }
        if type == String.self { return Double((value as! String).trimmingCharacters(in: .whitespaces)) }
        if type == Float.self { return Double(value as! Float) }
        if type == Bool.self { return nil }
        if let form = foundationForm(value, type) { return double(form) }
        return int(value).map(Double.init)
    }

    /// What a value that no Swift type test matched stands for, in a form the readers above take:
    /// an `NSString`'s text as a `String`, a `Decimal` as its `NSDecimalNumber`. Nil for anything
    /// else. `type` is the value's dynamic type, which the caller already has.
    ///
    /// The tests are on the metatype: `value as? String` on a Swift number bridges it on Linux.
    @inline(__always)
    package static func foundationForm(_ value: Any, _ type: Any.Type) -> Any? {
        if type is NSString.Type { return value as? String }
        if type == Decimal.self { return NSDecimalNumber(decimal: value as! Decimal) }
        return nil
    }

    /// True for an `NSNumber` holding an unsigned value above `Int.max` (`JSONSerialization`
    /// reads 9223372036854775808 through 18446744073709551615 so), whose `intValue` wraps.
    package static func isLargeUnsigned(_ number: NSNumber) -> Bool {
        number.objCType.pointee == UInt8(ascii: "Q") && number.uint64Value > UInt64(Int.max)
    }

    /// An integer `NSNumber` as the value output writes: an `Int`, or the number itself when it is
    /// a large unsigned one (the writers read its `UInt64` value).
    package static func integerOutput(_ number: NSNumber) -> Any {
        isLargeUnsigned(number) ? number : number.intValue
    }

    /// A `Float` from any number or numeric string whose value `Float` can hold (rounded to the
    /// nearest `Float`); nil for booleans and for finite values beyond `Float`'s range.
    package static func float(_ value: Any) -> Float? {
        guard let double = double(value) else { return nil }
        let float = Float(double)
        return float.isFinite || !double.isFinite ? float : nil
    }

    /// A `Bool`: booleans, numbers (non-zero is true), and strings by their first character
    /// (t, T, y, Y or 1 is true; f, F, n, N or 0 is false). Any other string gives nil.
    package static func bool(_ value: Any) -> Bool? {
        if let number = foundationNumber(value) {
            return isBoolean(number) ? number.boolValue : number.doubleValue != 0
        }
        let type = Swift.type(of: value)
        if type == Bool.self { return (value as! Bool) }
        if type == Int.self { return (value as! Int) != 0 }
        if type == Double.self { return (value as! Double) != 0 }
        switch value {
        case let string as String:
            switch string.utf8.first {
            case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "1"): return true
            case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "0"): return false
            default: return nil
            }
        default: return foundationForm(value, type).flatMap(bool)
        }
    }

    /// A `Double` written back so that it prints as the `Float`'s own shortest decimal form.
    package static func outputDouble(_ float: Float) -> Double {
        Double(float.description) ?? Double(float)
    }
}
