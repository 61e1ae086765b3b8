import Foundation

/// Reads numbers and booleans from the values a dictionary may hold: Swift natives from the
/// package's own JSON reader, `NSNumber`s from `JSONSerialization`, and numeric strings.
///
/// `NSNumber`s are recognised by their metatype before any `as?` cast: on Linux `x as? Int` on an
/// `NSNumber` goes through bridging (~300 ns), and a native `Int` casts *to* `NSNumber`, so the
/// obvious order of casts is both slow and wrong.
enum NumberReading {
    @inline(__always)
    static func foundationNumber(_ value: Any) -> NSNumber? {
        guard type(of: value) is NSNumber.Type else { return nil }
        return unsafeDowncast(value as AnyObject, to: NSNumber.self)
    }

    /// True for the `NSNumber`s Foundation uses for JSON `true` and `false`.
    static func isBoolean(_ number: NSNumber) -> Bool {
        number.objCType.pointee == UInt8(ascii: "c") || number.objCType.pointee == UInt8(ascii: "B")
    }

    static func isFloatingPoint(_ number: NSNumber) -> Bool {
        let code = number.objCType.pointee
        return code == UInt8(ascii: "d") || code == UInt8(ascii: "f")
    }

    /// An `Int`: integers as they are, finite doubles in range rounded, numeric strings parsed.
    /// Booleans, non-finite and out-of-range numbers give nil.
    static func int(_ value: Any) -> Int? {
        if let number = foundationNumber(value) {
            if isBoolean(number) { return nil }
            return isFloatingPoint(number) ? int(fromDouble: number.doubleValue) : number.intValue
        }
        switch value {
        case let int as Int: return int
        case let double as Double: return int(fromDouble: double)
        case let string as String: return int(fromString: string)
        case let float as Float: return int(fromDouble: Double(float))
        case let int64 as Int64: return Int(exactly: int64)
        case let int32 as Int32: return Int(int32)
        case let uint as UInt: return Int(exactly: uint)
        default: return nil
        }
    }

    static func int(fromDouble double: Double) -> Int? {
        let rounded = double.rounded()
        // Double(Int.max) is 2^63, one past the largest Int, hence `<`.
        guard rounded.isFinite, rounded >= Double(Int.min), rounded < Double(Int.max) else { return nil }
        return Int(rounded)
    }

    static func int(fromString string: String) -> Int? {
        let trimmed = string.trimmingCharacters(in: .whitespaces)
        if let int = Int(trimmed) { return int }
        guard let double = Double(trimmed) else { return nil }
        return int(fromDouble: double)
    }

    /// A `Double` from any number or numeric string; booleans give nil.
    static func double(_ value: Any) -> Double? {
        if let number = foundationNumber(value) {
            return isBoolean(number) ? nil : number.doubleValue
        }
        switch value {
        case let double as Double: return double
        case let int as Int: return Double(int)
        case let string as String: return Double(string.trimmingCharacters(in: .whitespaces))
        case let float as Float: return Double(float)
        case let int64 as Int64: return Double(int64)
        default: return nil
        }
    }

    /// A `Bool`: booleans, numbers (non-zero is true), and strings by their first character
    /// (t, T, y, Y or 1 is true; f, F, n, N or 0 is false). Any other string gives nil.
    static func bool(_ value: Any) -> Bool? {
        if let number = foundationNumber(value) {
            return isBoolean(number) ? number.boolValue : number.doubleValue != 0
        }
        switch value {
        case let bool as Bool: return bool
        case let int as Int: return int != 0
        case let double as Double: return double != 0
        case let string as String:
            switch string.utf8.first {
            case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "1"): return true
            case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "0"): return false
            default: return nil
            }
        default: return nil
        }
    }

    /// A `Double` written back so that it prints as the `Float`'s own shortest decimal form.
    static func outputDouble(_ float: Float) -> Double {
        Double(float.description) ?? Double(float)
    }
}
