import Foundation
import WrapModelJSON

/// An integer as an `NSNumber?`, written as an `Int` (or as the number, when unsigned beyond `Int`).
///
/// One rounding rule both ways: a stored non-integer reads as the `Int` nearest it, halves away
/// from zero (`3.6` → 4, `-2.5` → -3), and an assigned non-integral `NSNumber` is written as that
/// same `Int`, so output read back gives what a read of the assigned value's data would.
struct NumberIntCodec: WrapValueCodec {
    var expectedDescription: String { "integer" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> NSNumber?? {
        if let int = NumberReading.int(stored.raw.any) { return .some(NSNumber(value: int)) }
        NumericText.reportOutOfRange(stored, expected: "integer in Int's range", context: context)
        return nil
    }

    /// Integers as they are; other numbers as reads round them; a boolean as 1 or 0 (as 1.3.7's
    /// `intValue` wrote it). A number no `Int` holds (beyond its range, NaN, infinite) is written
    /// as it is, never as a wrapped or clamped `Int`: reading it back reports it out of range.
    func encode(_ value: NSNumber?, context: WrapEncodingContext) -> Any? {
        guard let number = value else { return nil }
        if NumberReading.isBoolean(number) { return number.intValue }
        guard NumberReading.isFloatingPoint(number) else { return NumberReading.integerOutput(number) }
        return NumberReading.int(number) ?? number
    }

    func isNoValue(_ value: NSNumber?) -> Bool { value == nil }
}
