import Foundation

/// Reads and writes dates with a custom `DateFormatter` pattern such as "dd.MM.yyyy HH:mm".
///
/// ```swift
/// let codec = FormattedDateCodec(format: "dd.MM.yyyy")
/// codec.string(from: Date(timeIntervalSince1970: 0))   // "01.01.1970"
/// ```
///
/// The formatter uses the en_US_POSIX locale, the Gregorian calendar and UTC, so
/// results do not depend on the device's settings. This is the slow path (tens of
/// microseconds per call): prefer a `WrapDateOutputType` when one fits.
struct FormattedDateCodec: Sendable {
    private let formatter: LockedFormatter<DateFormatter>

    /// Creates a codec for `format`, reusing the process-wide formatter for that
    /// pattern if one exists (a `DateFormatter` costs over 100 µs to create).
    init(format: String) {
        formatter = FormattedDateCodec.sharedFormatter(for: format)
    }

    /// The date in `string`, or nil when it does not match the pattern.
    func date(from string: String) -> Date? {
        formatter.withFormatter { $0.date(from: string) }
    }

    /// `date` formatted with the pattern, in UTC.
    func string(from date: Date) -> String {
        formatter.withFormatter { $0.string(from: date) }
    }

    /// Formatters by pattern, kept for the life of the process. Patterns come from
    /// property declarations, so the cache holds a handful of entries.
    private static let formatters = Locked<[String: LockedFormatter<DateFormatter>]>([:])

    private static func sharedFormatter(for format: String) -> LockedFormatter<DateFormatter> {
        formatters.withLock { cache in
            if let existing = cache[format] { return existing }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = .gmt
            formatter.dateFormat = format
            let locked = LockedFormatter(formatter)
            cache[format] = locked
            return locked
        }
    }
}
