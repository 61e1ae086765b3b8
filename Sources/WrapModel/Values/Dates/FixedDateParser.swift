import Foundation

/// Hand-written parsers for the fixed `WrapDateOutputType` formats.
///
/// `DateFormatter` costs tens of microseconds per parse on Linux; these work
/// directly on the UTF-8 bytes and cost tens of nanoseconds. They are strict:
/// the whole string must match (no surrounding whitespace), numeric fields have
/// exactly the stated number of digits, and every field is range-checked, so an
/// impossible day such as 2017-02-30 is rejected rather than rolled over.
///
/// Times without an explicit offset (the date-only formats) are read as UTC.
/// Second 60 (a leap second) is rejected: `Date` cannot represent it, and
/// accepting it would mean printing a different string than was read.
enum FixedDateParser {

    /// Runs `body` over the UTF-8 bytes of `string` without copying when the
    /// string is stored contiguously (always the case for native Swift strings).
    @inline(__always)
    static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) {
            return result
        }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }

    /// Parses `bytes` in the shape of `type`, or returns nil.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, as type: WrapDateOutputType) -> Date? {
        switch type {
        case .dibs, .iso8601:
            // One grammar covers both: dibs is ISO 8601 with milliseconds and a
            // numeric offset, and each is documented to accept the other's variants.
            return parseTimestamp(bytes)
        case .secondary:
            return parseSecondary(bytes)
        case .yyyymmddSlashes:
            return parseYearFirst(bytes, separator: UInt8(ascii: "/"))
        case .yyyymmddDashes:
            return parseYearFirst(bytes, separator: UInt8(ascii: "-"))
        case .yyyymmdd:
            return parseCompact(bytes)
        case .mdySlashes:
            return parseYearLast(bytes, separator: UInt8(ascii: "/"), monthFirst: true)
        case .mdyDashes:
            return parseYearLast(bytes, separator: UInt8(ascii: "-"), monthFirst: true)
        case .dmySlashes:
            return parseYearLast(bytes, separator: UInt8(ascii: "/"), monthFirst: false)
        case .dmyDashes:
            return parseYearLast(bytes, separator: UInt8(ascii: "-"), monthFirst: false)
        }
    }

    // MARK: - Date-only formats

    /// yyyy?MM?dd, e.g. 2018/02/15 or 2018-02-15.
    private static func parseYearFirst(_ b: UnsafeBufferPointer<UInt8>, separator: UInt8) -> Date? {
        guard b.count == 10, b[4] == separator, b[7] == separator,
              let year = fourDigits(b, 0), let month = twoDigits(b, 5), let day = twoDigits(b, 8)
        else { return nil }
        return midnight(year: year, month: month, day: day)
    }

    /// yyyyMMdd, e.g. 20180215.
    private static func parseCompact(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count == 8,
              let year = fourDigits(b, 0), let month = twoDigits(b, 4), let day = twoDigits(b, 6)
        else { return nil }
        return midnight(year: year, month: month, day: day)
    }

    /// MM?dd?yyyy or dd?MM?yyyy, e.g. 05/06/2018.
    private static func parseYearLast(_ b: UnsafeBufferPointer<UInt8>, separator: UInt8, monthFirst: Bool) -> Date? {
        guard b.count == 10, b[2] == separator, b[5] == separator,
              let first = twoDigits(b, 0), let second = twoDigits(b, 3), let year = fourDigits(b, 6)
        else { return nil }
        return monthFirst
            ? midnight(year: year, month: first, day: second)
            : midnight(year: year, month: second, day: first)
    }

    /// Midnight UTC of a validated day, or nil for an impossible day.
    @inline(__always)
    static func midnight(year: Int, month: Int, day: Int) -> Date? {
        guard let civil = CivilDate(validatingYear: year, month: month, day: day) else { return nil }
        return makeDate(days: civil.daysSince1970, secondOfDay: 0)
    }

    // MARK: - Timestamps (dibs, iso8601)

    /// yyyy-MM-ddTHH:mm:ss[.fraction](Z|±HH:MM|±HHMM|±HH)
    private static func parseTimestamp(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        // 20 = "yyyy-MM-ddTHH:mm:ss" plus the shortest zone, "Z".
        guard b.count >= 20,
              b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let year = fourDigits(b, 0), let month = twoDigits(b, 5), let day = twoDigits(b, 8),
              let civil = CivilDate(validatingYear: year, month: month, day: day),
              let secondOfDay = timeOfDay(b, 11)
        else { return nil }

        var index = 19
        var fraction = 0
        var fractionDigits = 0
        if b[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < b.count, let digit = digit(b[index]) {
                // Nanoseconds are already below Double's resolution for modern
                // dates; further digits are checked but ignored.
                if fractionDigits < 9 {
                    fraction = fraction * 10 + digit
                    fractionDigits += 1
                }
                index += 1
            }
            guard index > start else { return nil }
        }
        guard let offset = zoneOffset(b, from: index, allowsNames: false) else { return nil }
        return makeDate(days: civil.daysSince1970, secondOfDay: secondOfDay - offset,
                        fraction: fraction, fractionDigits: fractionDigits)
    }

    // MARK: - secondary

    /// EEE MMM d yyyy HH:mm:ss zone, e.g. "Tue Jun 3 2008 11:05:30 GMT".
    ///
    /// Names are English and matched case-insensitively; the day may have one or
    /// two digits. The day name must be a real one but is not cross-checked
    /// against the date, as `DateFormatter` does not either: the date fields win.
    private static func parseSecondary(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        // Shortest form: "Tue Jun 3 2008 11:05:30 Z" (25 bytes).
        guard b.count >= 25, b[3] == UInt8(ascii: " "), b[7] == UInt8(ascii: " "),
              weekdayIndex(b, 0) != nil,
              let month = monthNumber(b, 4)
        else { return nil }

        // Day: one or two digits, then a space.
        guard let firstDayDigit = digit(b[8]) else { return nil }
        var day = firstDayDigit
        var index = 9
        if let secondDayDigit = digit(b[9]) {
            day = day * 10 + secondDayDigit
            index = 10
        }
        // " yyyy HH:mm:ss " then at least one byte of zone.
        guard b.count >= index + 16,
              b[index] == UInt8(ascii: " "),
              let year = fourDigits(b, index + 1),
              b[index + 5] == UInt8(ascii: " "),
              b[index + 8] == UInt8(ascii: ":"), b[index + 11] == UInt8(ascii: ":"),
              let secondOfDay = timeOfDay(b, index + 6),
              b[index + 14] == UInt8(ascii: " "),
              let civil = CivilDate(validatingYear: year, month: month, day: day),
              let offset = zoneOffset(b, from: index + 15, allowsNames: true)
        else { return nil }
        return makeDate(days: civil.daysSince1970, secondOfDay: secondOfDay - offset)
    }

    /// Lower-cased three-letter keys, packed into an integer so a name is matched
    /// with a few compares instead of building a String.
    private static let weekdayKeys: [UInt32] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map(packedKey)
    private static let monthKeys: [UInt32] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ].map(packedKey)

    private static func packedKey(_ name: String) -> UInt32 {
        name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Three bytes at `i`, lower-cased. OR-ing 0x20 maps only 'A'...'Z' onto
    /// 'a'...'z', so no non-letter can collide with a key.
    @inline(__always)
    private static func threeLetterKey(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        UInt32(b[i] | 0x20) << 16 | UInt32(b[i + 1] | 0x20) << 8 | UInt32(b[i + 2] | 0x20)
    }

    /// 0 = Sunday … 6 = Saturday.
    private static func weekdayIndex(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        weekdayKeys.firstIndex(of: threeLetterKey(b, i))
    }

    /// 1 = January … 12 = December.
    private static func monthNumber(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        monthKeys.firstIndex(of: threeLetterKey(b, i)).map { $0 + 1 }
    }

    // MARK: - Shared fields

    /// HH:mm:ss at `i` (colons at i+2 and i+5 must already be checked by the
    /// caller's layout, but are checked again here for safety) as seconds of the day.
    @inline(__always)
    private static func timeOfDay(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        guard b[i + 2] == UInt8(ascii: ":"), b[i + 5] == UInt8(ascii: ":"),
              let hour = twoDigits(b, i), hour < 24,
              let minute = twoDigits(b, i + 3), minute < 60,
              let second = twoDigits(b, i + 6), second < 60
        else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// The zone from `i` to the end of `b`, as seconds east of UTC.
    ///
    /// Always accepted: "Z", "±HH:MM", "±HHMM", "±HH". With `allowsNames`
    /// (secondary format) also "GMT", "UTC", and either followed by a numeric
    /// offset, as JavaScript's `Date.toString()` prints ("GMT-0500").
    private static func zoneOffset(_ b: UnsafeBufferPointer<UInt8>, from i: Int, allowsNames: Bool) -> Int? {
        let remaining = b.count - i
        guard remaining >= 1 else { return nil }
        if remaining == 1 { return b[i] == UInt8(ascii: "Z") ? 0 : nil }
        var start = i
        if allowsNames, remaining >= 3 {
            let key = UInt32(b[i]) << 16 | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2])
            if key == gmtKey || key == utcKey {
                if remaining == 3 { return 0 }
                start = i + 3
            }
        }
        return numericOffset(b, from: start)
    }

    private static let gmtKey = packedKey("GMT")
    private static let utcKey = packedKey("UTC")

    /// "±HH:MM", "±HHMM" or "±HH" running to the end of `b`.
    private static func numericOffset(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        let length = b.count - i
        guard length == 3 || length == 5 || length == 6 else { return nil }
        let sign: Int
        switch b[i] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        guard let hours = twoDigits(b, i + 1), hours < 24 else { return nil }
        var minutes = 0
        if length == 5 {
            guard let m = twoDigits(b, i + 3) else { return nil }
            minutes = m
        } else if length == 6 {
            guard b[i + 3] == UInt8(ascii: ":"), let m = twoDigits(b, i + 4) else { return nil }
            minutes = m
        }
        guard minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    // MARK: - Digits

    @inline(__always)
    private static func digit(_ byte: UInt8) -> Int? {
        let value = byte &- UInt8(ascii: "0")   // wraps for bytes below '0'
        return value < 10 ? Int(value) : nil
    }

    @inline(__always)
    private static func twoDigits(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        guard let high = digit(b[i]), let low = digit(b[i + 1]) else { return nil }
        return high * 10 + low
    }

    @inline(__always)
    private static func fourDigits(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        guard let high = twoDigits(b, i), let low = twoDigits(b, i + 2) else { return nil }
        return high * 100 + low
    }

    // MARK: - Building the Date

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    /// The Date for a UTC day plus seconds (which may be negative or exceed a day
    /// after applying a zone offset) and an optional decimal fraction.
    ///
    /// Built against the reference date (what `Date` stores) so only one rounding
    /// happens; `UTCDateTime` absorbs it, so a parsed ".123" prints back as ".123".
    @inline(__always)
    static func makeDate(days: Int, secondOfDay: Int, fraction: Int = 0, fractionDigits: Int = 0) -> Date {
        let whole = days * 86_400 + secondOfDay - CivilDate.unixToReferenceDateOffset
        guard fractionDigits > 0 else { return Date(timeIntervalSinceReferenceDate: Double(whole)) }
        return Date(timeIntervalSinceReferenceDate: Double(whole) + Double(fraction) / powersOfTen[fractionDigits])
    }
}
