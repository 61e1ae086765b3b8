import Foundation

/// The fixed string formats a date property can be read from and written to.
///
/// ```swift
/// let date = WrapDateOutputType.iso8601.date(from: "2016-11-01T21:14:33Z",
///                                            fallbackToOtherFormats: true)
/// WrapDateOutputType.yyyymmddDashes.string(from: date)   // "2016-11-01"
/// ```
///
/// Every format is read and written in UTC. This is deliberate: the device's time
/// zone must not change what is sent to a server, and a date-only value such as
/// "2018-02-15" must not shift to the previous day on a device west of Greenwich.
/// Strings that carry an offset (`dibs`, `secondary`, `iso8601`) are converted to
/// the same instant in UTC. Years 0001–9999 of the proleptic Gregorian calendar
/// are supported; `string(from:)` returns nil outside that range.
///
/// Parsing is strict: the entire string must match, numeric fields have the exact
/// number of digits shown, impossible days (30 February) are rejected, and
/// second 60 (a leap second, which `Date` cannot represent) is rejected.
///
/// The order of the cases is the order in which formats are tried when
/// `date(from:fallbackToOtherFormats:)` falls back. It matters for ambiguous
/// strings: "05/06/2018" is 5 June when read as `dmySlashes`, but 6 May from any
/// other type with fallback, because `mdySlashes` comes first in the order.
public enum WrapDateOutputType: String, CaseIterable, Sendable {
    /// `2017-02-05T17:03:13.000+00:00`: milliseconds (rounded down) and a numeric
    /// offset, always written as "+00:00". Reads "Z", ±HH:MM, ±HHMM or ±HH, and any
    /// number of fraction digits including none.
    case dibs
    /// `Tue Jun 3 2008 11:05:30 GMT`: English day and month names, day not
    /// zero-padded, always written as GMT. Reads GMT, UTC, Z, ±HHMM, ±HH:MM and
    /// "GMT-0500"; day and month names are matched case-insensitively, zone
    /// names only in upper case.
    case secondary
    /// `2016-11-01T21:14:33Z`: whole seconds (fraction rounded down), written with
    /// "Z". Reads fractional seconds and numeric offsets as well.
    case iso8601
    /// `2018/02/15`, midnight UTC.
    case yyyymmddSlashes
    /// `2018-02-15`, midnight UTC.
    case yyyymmddDashes
    /// `20180215`, midnight UTC.
    case yyyymmdd
    /// `05/06/2018` (month first), midnight UTC.
    case mdySlashes
    /// `05-06-2018` (month first), midnight UTC.
    case mdyDashes
    /// `28/02/2017` (day first), midnight UTC.
    case dmySlashes
    /// `28-02-2017` (day first), midnight UTC.
    case dmyDashes

    /// Formats `date` in this format, in UTC.
    ///
    /// ```swift
    /// WrapDateOutputType.mdySlashes.string(from: Date(timeIntervalSince1970: 0))   // "01/01/1970"
    /// ```
    ///
    /// Returns nil when `date` is nil, not finite, or outside years 0001–9999.
    /// - Parameter date: The date to format, or nil.
    public func string(from date: Date?) -> String? {
        guard let date else { return nil }
        return FixedDateWriter.string(from: date, as: self)
    }

    /// Parses `string` in this format and, if that fails and
    /// `fallbackToOtherFormats` is true, in every other format in `allCases` order.
    ///
    /// ```swift
    /// WrapDateOutputType.iso8601.date(from: "2018-02-15", fallbackToOtherFormats: true)
    /// // 2018-02-15 00:00:00 UTC, read as yyyymmddDashes
    /// ```
    ///
    /// Returns nil when no tried format matches exactly.
    /// - Parameters:
    ///   - string: The text to parse.
    ///   - fallbackToOtherFormats: Whether to try the other formats when this one does not match.
    public func date(from string: String, fallbackToOtherFormats: Bool) -> Date? {
        FixedDateParser.withUTF8(string) { bytes in
            if let date = FixedDateParser.parse(bytes, as: self) { return date }
            guard fallbackToOtherFormats else { return nil }
            for type in WrapDateOutputType.allCases where type != self {
                if let date = FixedDateParser.parse(bytes, as: type) { return date }
            }
            return nil
        }
    }

    /// Reads a JSON number such as `20180215` as a yyyymmdd date at midnight UTC.
    ///
    /// ```swift
    /// WrapDateOutputType.date(fromNumber: 20180215)   // 2018-02-15 00:00:00 UTC
    /// ```
    ///
    /// Returns nil unless the number lies in 19000101...99991231 and names a real
    /// day, so timestamps and other integers are not misread as dates.
    /// - Parameter number: The number, as the JSON holds it.
    public static func date(fromNumber number: Int) -> Date? {
        guard number >= 1900_01_01, number <= 9999_12_31 else { return nil }
        return FixedDateParser.midnight(year: number / 10_000,
                                        month: number / 100 % 100,
                                        day: number % 100)
    }
}
