import Foundation

extension NumberReading {
    /// The exact decimal of an `NSDecimalNumber` (what `JSONSerialization` reads a number with more
    /// digits than a `Double` keeps as, and integers at `Int`'s edges); nil for every other number.
    @inline(__always)
    package static func decimal(of number: NSNumber) -> Decimal? {
        (number as? NSDecimalNumber)?.decimalValue
    }

    /// The `Double` of a number that is not a boolean; for an `NSDecimalNumber`, the `Double`
    /// nearest its exact digits.
    ///
    /// Linux Foundation's `doubleValue` of an `NSDecimalNumber` is computed digit by digit and can
    /// be a few units in the last place off (`-65.61361699999998` gives `-65.61361699999996`),
    /// whereas Swift's `Double(String)` rounds correctly. Parsing the decimal's own text gives the
    /// `Double` the package's JSON reader gives for the same literal, so a model made from a
    /// `JSONSerialization` dictionary reads and writes the same doubles as one parsed from bytes.
    package static func doubleValue(_ number: NSNumber) -> Double {
        guard let decimal = decimal(of: number) else { return number.doubleValue }
        return nearestDouble(decimal)
    }

    /// The `Double` nearest `decimal`'s exact value; NaN for NaN. (A `Decimal` is at most about
    /// 3.4e165 in magnitude and at least 1e-128 apart from zero, well inside `Double`'s range, so
    /// only its digits beyond the seventeenth are rounded away.)
    package static func nearestDouble(_ decimal: Decimal) -> Double {
        guard !decimal.isNaN, let double = Double(decimal.description) else { return .nan }
        return double
    }
}
