import Foundation
import Testing
@testable import WrapModel

@Suite("CivilDate calendar arithmetic")
struct CivilDateTests {

    @Test("Known day numbers")
    func knownDays() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).daysSince1970 == 0)
        #expect(CivilDate(year: 1969, month: 12, day: 31).daysSince1970 == -1)
        #expect(CivilDate(year: 2000, month: 3, day: 1).daysSince1970 == 11_017)
        #expect(CivilDate(year: 2024, month: 2, day: 29).daysSince1970 == 19_782)
        #expect(CivilDate(year: 1, month: 1, day: 1).daysSince1970 == -719_162)
        #expect(CivilDate(year: 9999, month: 12, day: 31).daysSince1970 == 2_932_896)
        #expect(CivilDate(daysSince1970: 19_782) == CivilDate(year: 2024, month: 2, day: 29))
    }

    @Test("Day numbers are consecutive and invertible over 0001–9999")
    func consecutive() {
        var expected = CivilDate.minimumDayNumber
        for year in CivilDate.minimumYear...CivilDate.maximumYear {
            for month in 1...12 {
                for day in 1...CivilDate.daysInMonth(month, year: year) {
                    let civil = CivilDate(year: year, month: month, day: day)
                    guard civil.daysSince1970 == expected, CivilDate(daysSince1970: expected) == civil else {
                        Issue.record("mismatch at \(year)-\(month)-\(day)")
                        return
                    }
                    expected += 1
                }
            }
        }
        #expect(expected - 1 == CivilDate.maximumDayNumber)
    }

    @Test("Agrees with Foundation's Gregorian calendar")
    func matchesCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        for days in stride(from: -80_000, through: 120_000, by: 37) {
            let date = Date(timeIntervalSince1970: TimeInterval(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let civil = CivilDate(daysSince1970: days)
            #expect(parts.year == civil.year && parts.month == civil.month && parts.day == civil.day, "\(days)")
            #expect(parts.weekday.map { $0 - 1 } == CivilDate.weekday(daysSince1970: days), "\(days)")
        }
    }

    @Test("Leap years and validation")
    func leapYears() {
        #expect(CivilDate.isLeapYear(2000))
        #expect(CivilDate.isLeapYear(2024))
        #expect(!CivilDate.isLeapYear(1900))
        #expect(!CivilDate.isLeapYear(2023))
        #expect(CivilDate(validatingYear: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(validatingYear: 2023, month: 2, day: 29) == nil)
        #expect(CivilDate(validatingYear: 2018, month: 4, day: 31) == nil)
        #expect(CivilDate(validatingYear: 2018, month: 13, day: 1) == nil)
        #expect(CivilDate(validatingYear: 0, month: 1, day: 1) == nil)
        #expect(CivilDate(validatingYear: 10_000, month: 1, day: 1) == nil)
    }
}
