import Foundation

/// Hand-written formatting for the fixed `WrapDateOutputType` formats.
///
/// Output is always UTC so that a server sees the same string for the same
/// instant regardless of the device's time zone. Each string is written byte by
/// byte into a single allocation instead of going through `DateFormatter`.
enum FixedDateWriter {

    /// The string for `date` in `type`'s format, or nil when the date is not
    /// finite or lies outside years 0001–9999.
    static func string(from date: Date, as type: WrapDateOutputType) -> String? {
        guard let time = UTCDateTime(date) else { return nil }
        switch type {
        case .dibs:
            // 2017-02-05T17:03:13.000+00:00 — "+00:00" rather than "Z" keeps the
            // numeric-offset shape dibs consumers expect; the parser accepts both.
            return write(29) { out in
                putYearFirst(out, time.date, separator: UInt8(ascii: "-"))
                out[10] = UInt8(ascii: "T")
                putTime(out, 11, time)
                out[19] = UInt8(ascii: ".")
                putThreeDigits(out, 20, time.millisecond)
                putASCII(out, 23, "+00:00")
            }
        case .secondary:
            return secondary(time)
        case .iso8601:
            // 2016-11-01T21:14:33Z — whole seconds, fraction dropped (rounded down).
            return write(20) { out in
                putYearFirst(out, time.date, separator: UInt8(ascii: "-"))
                out[10] = UInt8(ascii: "T")
                putTime(out, 11, time)
                out[19] = UInt8(ascii: "Z")
            }
        case .yyyymmddSlashes:
            return write(10) { putYearFirst($0, time.date, separator: UInt8(ascii: "/")) }
        case .yyyymmddDashes:
            return write(10) { putYearFirst($0, time.date, separator: UInt8(ascii: "-")) }
        case .yyyymmdd:
            return write(8) { out in
                putFourDigits(out, 0, time.date.year)
                putTwoDigits(out, 4, time.date.month)
                putTwoDigits(out, 6, time.date.day)
            }
        case .mdySlashes:
            return write(10) { putYearLast($0, first: time.date.month, second: time.date.day, year: time.date.year, separator: UInt8(ascii: "/")) }
        case .mdyDashes:
            return write(10) { putYearLast($0, first: time.date.month, second: time.date.day, year: time.date.year, separator: UInt8(ascii: "-")) }
        case .dmySlashes:
            return write(10) { putYearLast($0, first: time.date.day, second: time.date.month, year: time.date.year, separator: UInt8(ascii: "/")) }
        case .dmyDashes:
            return write(10) { putYearLast($0, first: time.date.day, second: time.date.month, year: time.date.year, separator: UInt8(ascii: "-")) }
        }
    }

    /// "Tue Jun 3 2008 11:05:30 GMT": English names, day not zero-padded.
    private static func secondary(_ time: UTCDateTime) -> String {
        let dayDigits = time.date.day < 10 ? 1 : 2
        return write(26 + dayDigits) { out in
            putASCII(out, 0, weekdayNames[CivilDate.weekday(daysSince1970: time.days)])
            out[3] = UInt8(ascii: " ")
            putASCII(out, 4, monthNames[time.date.month - 1])
            out[7] = UInt8(ascii: " ")
            var i = 8
            if dayDigits == 2 {
                putTwoDigits(out, i, time.date.day)
                i += 2
            } else {
                out[i] = UInt8(ascii: "0") &+ UInt8(time.date.day)
                i += 1
            }
            out[i] = UInt8(ascii: " ")
            putFourDigits(out, i + 1, time.date.year)
            out[i + 5] = UInt8(ascii: " ")
            putTime(out, i + 6, time)
            putASCII(out, i + 14, " GMT")
        }
    }

    private static let weekdayNames: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames: [StaticString] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    // MARK: - Byte helpers

    /// Builds an ASCII string of exactly `count` bytes; `body` must fill them all.
    @inline(__always)
    private static func write(_ count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            body(buffer)
            return count
        }
    }

    @inline(__always)
    private static func putASCII(_ out: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ text: StaticString) {
        text.withUTF8Buffer { bytes in
            for (offset, byte) in bytes.enumerated() { out[i + offset] = byte }
        }
    }

    @inline(__always)
    private static func putTwoDigits(_ out: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ value: Int) {
        out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
        out[i + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
    }

    @inline(__always)
    private static func putThreeDigits(_ out: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ value: Int) {
        out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 100)
        putTwoDigits(out, i + 1, value % 100)
    }

    @inline(__always)
    private static func putFourDigits(_ out: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ value: Int) {
        putTwoDigits(out, i, value / 100)
        putTwoDigits(out, i + 2, value % 100)
    }

    /// yyyy?MM?dd at offset 0.
    @inline(__always)
    private static func putYearFirst(_ out: UnsafeMutableBufferPointer<UInt8>, _ date: CivilDate, separator: UInt8) {
        putFourDigits(out, 0, date.year)
        out[4] = separator
        putTwoDigits(out, 5, date.month)
        out[7] = separator
        putTwoDigits(out, 8, date.day)
    }

    /// first?second?yyyy at offset 0 (MM/dd/yyyy or dd/MM/yyyy).
    @inline(__always)
    private static func putYearLast(_ out: UnsafeMutableBufferPointer<UInt8>, first: Int, second: Int, year: Int, separator: UInt8) {
        putTwoDigits(out, 0, first)
        out[2] = separator
        putTwoDigits(out, 3, second)
        out[5] = separator
        putFourDigits(out, 6, year)
    }

    /// HH:mm:ss at `i`.
    @inline(__always)
    private static func putTime(_ out: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ time: UTCDateTime) {
        putTwoDigits(out, i, time.hour)
        out[i + 2] = UInt8(ascii: ":")
        putTwoDigits(out, i + 3, time.minute)
        out[i + 5] = UInt8(ascii: ":")
        putTwoDigits(out, i + 6, time.second)
    }
}
