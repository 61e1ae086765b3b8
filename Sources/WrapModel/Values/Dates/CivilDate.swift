import Foundation

/// A calendar day in the proleptic Gregorian calendar, plus the arithmetic that
/// maps it to and from a count of days since 1970-01-01.
///
/// The fixed date formats are parsed on a hot path, so this avoids `Calendar` and
/// `DateComponents` (which allocate and take locks) and does the conversion with
/// a handful of integer operations. The Gregorian rules are applied to every
/// year, including years before 1582 ("proleptic"), which is what ISO 8601 and
/// `Calendar(identifier: .gregorian)` with a UTC time zone do for modern dates.
struct CivilDate: Hashable, Sendable {
    var year: Int
    var month: Int
    var day: Int

    /// Smallest year the fixed formats read or write (they all use four digits).
    static let minimumYear = 1
    /// Largest year the fixed formats read or write.
    static let maximumYear = 9999

    /// Seconds between 1970-01-01T00:00:00Z and 2001-01-01T00:00:00Z, the
    /// reference date `Date` stores its value against.
    static let unixToReferenceDateOffset = 978_307_200

    /// Days since 1970-01-01 of 0001-01-01, the first day the fixed formats can express.
    static let minimumDayNumber = CivilDate(year: minimumYear, month: 1, day: 1).daysSince1970
    /// Days since 1970-01-01 of 9999-12-31, the last day the fixed formats can express.
    static let maximumDayNumber = CivilDate(year: maximumYear, month: 12, day: 31).daysSince1970

    /// Whether `year` has a 29 February in the Gregorian calendar.
    @inline(__always)
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Number of days in `month` (1–12) of `year`; 0 for an invalid month.
    @inline(__always)
    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Creates a validated day, or nil when the month or day is out of range
    /// (for example 30 February) or the year has more than four digits.
    @inline(__always)
    init?(validatingYear year: Int, month: Int, day: Int) {
        guard year >= CivilDate.minimumYear, year <= CivilDate.maximumYear,
              month >= 1, month <= 12,
              day >= 1, day <= CivilDate.daysInMonth(month, year: year)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (negative before it).
    ///
    /// The year is shifted to start in March so that the leap day is the last day
    /// of the shifted year; then every month length follows the fixed 153-days-per-
    /// 5-months pattern and whole 400-year eras (146 097 days) can be counted with
    /// plain integer division.
    var daysSince1970: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400                       // 0...399
        let monthFromMarch = month > 2 ? month - 3 : month + 9        // 0...11
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1      // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        // 719 468 is the number of days from 0000-03-01 to 1970-01-01.
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day that is `days` days after 1970-01-01; the inverse of `daysSince1970`.
    init(daysSince1970 days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097                                  // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153                          // 0...11
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// Day of the week for a day number, 0 = Sunday … 6 = Saturday.
    @inline(__always)
    static func weekday(daysSince1970 days: Int) -> Int {
        // 1970-01-01 was a Thursday (index 4).
        let index = (days + 4) % 7
        return index >= 0 ? index : index + 7
    }
}
