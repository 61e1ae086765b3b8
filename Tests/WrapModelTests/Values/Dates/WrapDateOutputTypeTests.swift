import Foundation
import Testing
@testable import WrapModel

@Suite("WrapDateOutputType parsing and formatting")
struct WrapDateOutputTypeTests {

    // MARK: - Examples

    static let examples: [(WrapDateOutputType, String, TimeInterval)] = [
        (.dibs, "2017-02-05T17:03:13.000-03:00", 1_486_324_993),
        (.secondary, "Tue Jun 3 2008 11:05:30 GMT", 1_212_491_130),
        (.iso8601, "2016-11-01T21:14:33Z", 1_478_034_873),
        (.yyyymmddSlashes, "2018/02/15", 1_518_652_800),
        (.yyyymmddDashes, "2018-02-15", 1_518_652_800),
        (.yyyymmdd, "20180215", 1_518_652_800),
        (.mdySlashes, "05/06/2018", 1_525_564_800),
        (.mdyDashes, "05-06-2018", 1_525_564_800),
        (.dmySlashes, "28/02/2017", 1_488_240_000),
        (.dmyDashes, "28-02-2017", 1_488_240_000),
    ]

    @Test("Each example parses to the exact epoch seconds", arguments: examples)
    func parsesExample(type: WrapDateOutputType, string: String, epoch: TimeInterval) {
        #expect(type.date(from: string, fallbackToOtherFormats: false)?.timeIntervalSince1970 == epoch)
        #expect(type.date(from: string, fallbackToOtherFormats: true)?.timeIntervalSince1970 == epoch)
    }

    @Test("Examples cover every case, in CaseIterable order")
    func examplesCoverAllCases() {
        #expect(Self.examples.map(\.0) == WrapDateOutputType.allCases)
        #expect(WrapDateOutputType.allCases.map(\.rawValue) == [
            "dibs", "secondary", "iso8601", "yyyymmddSlashes", "yyyymmddDashes",
            "yyyymmdd", "mdySlashes", "mdyDashes", "dmySlashes", "dmyDashes",
        ])
    }

    // MARK: - dibs and iso8601 input variants

    @Test("dibs accepts Z, ±HH:MM, ±HHMM, ±HH and missing or longer fractions", arguments: [
        ("2017-02-05T17:03:13.000-03:00", 1_486_324_993.0),
        ("2017-02-05T20:03:13.000Z", 1_486_324_993),
        ("2017-02-05T20:03:13.000+00:00", 1_486_324_993),
        ("2017-02-05T17:03:13-0300", 1_486_324_993),
        ("2017-02-05T17:03:13-03", 1_486_324_993),
        ("2017-02-06T01:33:13+05:30", 1_486_324_993),
        ("2017-02-05T20:03:13Z", 1_486_324_993),
        ("2017-02-05T20:03:13.5Z", 1_486_324_993.5),
        ("2017-02-05T20:03:13.250000000000Z", 1_486_324_993.25),
        ("2017-02-06T00:03:13.000+04:00", 1_486_324_993),
    ])
    func dibsVariants(string: String, epoch: TimeInterval) {
        #expect(WrapDateOutputType.dibs.date(from: string, fallbackToOtherFormats: false)?.timeIntervalSince1970 == epoch)
        #expect(WrapDateOutputType.iso8601.date(from: string, fallbackToOtherFormats: false)?.timeIntervalSince1970 == epoch)
    }

    @Test("dibs keeps milliseconds and prints them back exactly")
    func dibsMilliseconds() throws {
        let date = try #require(WrapDateOutputType.dibs.date(from: "2017-02-05T17:03:13.123-03:00", fallbackToOtherFormats: false))
        #expect(date == Date(timeIntervalSinceReferenceDate: 1_486_324_993 - 978_307_200 + 0.123))
        #expect(WrapDateOutputType.dibs.string(from: date) == "2017-02-05T20:03:13.123+00:00")
        #expect(WrapDateOutputType.iso8601.string(from: date) == "2017-02-05T20:03:13Z")
    }

    @Test("dibs rounds milliseconds down, also before 1970")
    func dibsRoundsDown() {
        #expect(WrapDateOutputType.dibs.string(from: Date(timeIntervalSince1970: 1.9999)) == "1970-01-01T00:00:01.999+00:00")
        #expect(WrapDateOutputType.dibs.string(from: Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500+00:00")
        #expect(WrapDateOutputType.dibs.string(from: Date(timeIntervalSince1970: -0.0001)) == "1969-12-31T23:59:59.999+00:00")
        #expect(WrapDateOutputType.iso8601.string(from: Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
        #expect(WrapDateOutputType.iso8601.string(from: Date(timeIntervalSince1970: 59.999)) == "1970-01-01T00:00:59Z")
        // Double noise just below a boundary is not "rounded down" into the previous millisecond.
        #expect(WrapDateOutputType.dibs.string(from: Date(timeIntervalSince1970: 1_700_000_000.018)) == "2023-11-14T22:13:20.018+00:00")
        #expect(WrapDateOutputType.dibs.string(from: Date(timeIntervalSince1970: -2_144_383_199.982)) == "1902-01-18T18:00:00.018+00:00")
        #expect(WrapDateOutputType.iso8601.string(from: Date(timeIntervalSince1970: 1_699_999_999.9999999)) == "2023-11-14T22:13:20Z")
    }

    @Test("secondary accepts GMT, UTC, Z, numeric offsets, padded days and any letter case", arguments: [
        ("Tue Jun 3 2008 11:05:30 GMT", 1_212_491_130.0),
        ("Tue Jun 03 2008 11:05:30 GMT", 1_212_491_130),
        ("Tue Jun 3 2008 11:05:30 UTC", 1_212_491_130),
        ("Tue Jun 3 2008 11:05:30 Z", 1_212_491_130),
        ("Tue Jun 3 2008 06:05:30 -0500", 1_212_491_130),
        ("Tue Jun 3 2008 06:05:30 GMT-0500", 1_212_491_130),
        ("Tue Jun 3 2008 13:05:30 +02:00", 1_212_491_130),
        ("TUE JUN 3 2008 11:05:30 GMT", 1_212_491_130),
        ("tue jun 3 2008 11:05:30 GMT", 1_212_491_130),
    ])
    func secondaryVariants(string: String, epoch: TimeInterval) {
        #expect(WrapDateOutputType.secondary.date(from: string, fallbackToOtherFormats: false)?.timeIntervalSince1970 == epoch)
    }

    // MARK: - Output

    @Test("Output strings are exact, in UTC")
    func outputStrings() {
        // 2008-06-03T11:05:30.123Z
        let june = Date(timeIntervalSinceReferenceDate: 1_212_491_130 - 978_307_200 + 0.123)
        let expected: [WrapDateOutputType: String] = [
            .dibs: "2008-06-03T11:05:30.123+00:00",
            .secondary: "Tue Jun 3 2008 11:05:30 GMT",
            .iso8601: "2008-06-03T11:05:30Z",
            .yyyymmddSlashes: "2008/06/03",
            .yyyymmddDashes: "2008-06-03",
            .yyyymmdd: "20080603",
            .mdySlashes: "06/03/2008",
            .mdyDashes: "06-03-2008",
            .dmySlashes: "03/06/2008",
            .dmyDashes: "03-06-2008",
        ]
        for type in WrapDateOutputType.allCases {
            #expect(type.string(from: june) == expected[type], "\(type)")
        }
        let december = Date(timeIntervalSince1970: 253_402_300_799)   // 9999-12-31T23:59:59Z
        #expect(WrapDateOutputType.secondary.string(from: december) == "Fri Dec 31 9999 23:59:59 GMT")
        #expect(WrapDateOutputType.dibs.string(from: december) == "9999-12-31T23:59:59.000+00:00")
        #expect(WrapDateOutputType.dmyDashes.string(from: Date(timeIntervalSince1970: 0)) == "01-01-1970")
    }

    @Test("Output is nil for nil, non-finite and out-of-range dates", arguments: WrapDateOutputType.allCases)
    func outputNil(type: WrapDateOutputType) {
        #expect(type.string(from: nil) == nil)
        #expect(type.string(from: Date(timeIntervalSinceReferenceDate: .nan)) == nil)
        #expect(type.string(from: Date(timeIntervalSinceReferenceDate: .infinity)) == nil)
        #expect(type.string(from: Date(timeIntervalSince1970: 253_402_300_800)) == nil)      // 10000-01-01
        #expect(type.string(from: Date(timeIntervalSince1970: -62_135_596_801)) == nil)      // 0000-12-31T23:59:59
        #expect(type.string(from: Date(timeIntervalSince1970: -62_135_596_800)) != nil)      // 0001-01-01
        #expect(type.string(from: Date(timeIntervalSinceReferenceDate: 1e300)) == nil)
    }

    // MARK: - Fallback

    /// A date whose day (15) cannot be a month, so no format is ambiguous.
    static let unambiguous = Date(timeIntervalSinceReferenceDate: 1_518_693_930 - 978_307_200 + 0.5)   // 2018-02-15T11:25:30.5Z

    /// What a format keeps of `unambiguous`.
    static func expectedRead(of type: WrapDateOutputType) -> TimeInterval {
        switch type {
        case .dibs: return 1_518_693_930.5
        case .secondary, .iso8601: return 1_518_693_930
        default: return 1_518_652_800
        }
    }

    @Test("Fallback reads every other format, without fallback only its own grammar", arguments: WrapDateOutputType.allCases)
    func fallback(from source: WrapDateOutputType) throws {
        for target in WrapDateOutputType.allCases {
            let string = try #require(target.string(from: Self.unambiguous))
            let withFallback = source.date(from: string, fallbackToOtherFormats: true)
            #expect(withFallback?.timeIntervalSince1970 == Self.expectedRead(of: target), "\(source) <- \(target) \(string)")

            // dibs and iso8601 share one grammar, so each reads the other without fallback.
            let sharesGrammar = source == target || Set([source, target]) == [.dibs, .iso8601]
            let strict = source.date(from: string, fallbackToOtherFormats: false)
            if sharesGrammar {
                #expect(strict?.timeIntervalSince1970 == Self.expectedRead(of: target), "\(source) <- \(target)")
            } else {
                #expect(strict == nil, "\(source) must not read \(target) \(string)")
            }
        }
    }

    @Test("Ambiguous day/month follows the try order")
    func ambiguityOrder() {
        let may6: TimeInterval = 1_525_564_800
        let june5: TimeInterval = 1_528_156_800
        #expect(WrapDateOutputType.mdySlashes.date(from: "05/06/2018", fallbackToOtherFormats: true)?.timeIntervalSince1970 == may6)
        #expect(WrapDateOutputType.dmySlashes.date(from: "05/06/2018", fallbackToOtherFormats: true)?.timeIntervalSince1970 == june5)
        #expect(WrapDateOutputType.dmySlashes.date(from: "05/06/2018", fallbackToOtherFormats: false)?.timeIntervalSince1970 == june5)
        #expect(WrapDateOutputType.dmyDashes.date(from: "05-06-2018", fallbackToOtherFormats: false)?.timeIntervalSince1970 == june5)
        // Falling back from anywhere else reaches the month-first formats first.
        for type in WrapDateOutputType.allCases where type != .dmySlashes {
            #expect(type.date(from: "05/06/2018", fallbackToOtherFormats: true)?.timeIntervalSince1970 == may6, "\(type)")
        }
        for type in WrapDateOutputType.allCases where type != .dmyDashes {
            #expect(type.date(from: "05-06-2018", fallbackToOtherFormats: true)?.timeIntervalSince1970 == may6, "\(type)")
        }
        // Only valid as day-first: month-first fails, fallback finds dmy.
        #expect(WrapDateOutputType.mdySlashes.date(from: "28/02/2017", fallbackToOtherFormats: true)?.timeIntervalSince1970 == 1_488_240_000)
        #expect(WrapDateOutputType.mdySlashes.date(from: "28/02/2017", fallbackToOtherFormats: false) == nil)
    }

    // MARK: - Numbers

    @Test("Numbers read as yyyymmdd", arguments: [
        (20_180_215, 1_518_652_800.0 as TimeInterval?),
        (19_000_101, -2_208_988_800),
        (99_991_231, 253_402_214_400),
        (20_240_229, 1_709_164_800),
        (18_991_231, nil),
        (100_000_000, nil),
        (20_181_301, nil),
        (20_180_230, nil),
        (20_230_229, nil),
        (20_180_200, nil),
        (20_180_001, nil),
        (0, nil),
        (-20_180_215, nil),
        (1_518_652_800, nil),
    ])
    func numbers(number: Int, epoch: TimeInterval?) {
        #expect(WrapDateOutputType.date(fromNumber: number)?.timeIntervalSince1970 == epoch)
    }

    // MARK: - Invalid input

    @Test("Invalid strings are nil for every type, even with fallback", arguments: [
        "", "abc", "2018-02-30", "2018-2-5", "2018-02-5", " 2018-02-15", "2018-02-15 ", "2018-02-15\n",
        "2018-13-01", "2018-00-10", "2018-01-00", "0000-01-01", "00/00/0000", "1900-02-29", "2100-02-29",
        "2017/02/29", "20170229", "02/29/2017", "29-02-2017", "31/04/2018",
        "2018-02-15T24:00:00Z", "2018-02-15T23:60:00Z", "2018-02-15T23:59:60Z", "2018-02-15T10:00:00",
        "2018-02-15T10:00:00.Z", "2018-02-15T10:00:00+25:00", "2018-02-15T10:00:00+02:60", "2018-02-15T10:00:00+2",
        "2018-02-15T10:00:00 Z", "2018-02-15t10:00:00Z", "2018-02-15 10:00:00Z", "2018-02-15T10:00:00GMT",
        "2018-02-15T10:00:00.123+02:00x", "+018-02-15", "2018-02-15T10:00:00ZZ",
        "Tue Foo 3 2008 11:05:30 GMT", "Tue Jun 31 2008 11:05:30 GMT", "Xyz Jun 3 2008 11:05:30 GMT",
        "Tue Jun 3 2008 11:05:30", "Tue Jun 3 2008 11:05:30 PST", "Tue Jun 3 2008 11:5:30 GMT",
        "Tue Jun 003 2008 11:05:30 GMT", "Tue Jun 3 08 11:05:30 GMT", "Tue Jun 3 2008 11:05:30 gmt",
        "2018\u{0662}02-15", "２０１８-02-15", "2018-02-15é",
    ])
    func invalid(string: String) {
        for type in WrapDateOutputType.allCases {
            #expect(type.date(from: string, fallbackToOtherFormats: true) == nil, "\(type) read \(string)")
        }
    }

    // MARK: - Round trip

    /// Deterministic dates across 0001–9999 plus the edges the brief calls out.
    static let roundTripDates: [Date] = {
        var dates: [Date] = [
            "1900-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z", "2000-01-01T00:00:00.000Z",
            "2000-02-29T12:34:56.789Z", "2024-02-29T23:59:59.999Z", "9999-12-31T23:59:59.999Z",
            "0001-01-01T00:00:00.000Z", "1969-12-31T23:59:59.001Z", "2001-01-01T00:00:00.001Z",
            "2000-12-31T23:59:59.999Z", "1600-02-29T01:02:03.004Z", "1899-12-31T23:59:59.500Z",
        ].map { WrapDateOutputType.dibs.date(from: $0, fallbackToOtherFormats: false)! }
        // Plain Dates, not produced by the parser, with arbitrary sub-millisecond parts.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let low = -62_135_596_800.0 - 978_307_200, high = 253_402_300_799.0 - 978_307_200
        for _ in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            dates.append(Date(timeIntervalSinceReferenceDate: low + unit * (high - low)))
        }
        return dates
    }()

    @Test("Every output parses back to the same string and instant", arguments: WrapDateOutputType.allCases)
    func roundTrip(type: WrapDateOutputType) throws {
        for date in Self.roundTripDates {
            let string = try #require(type.string(from: date), "\(date.timeIntervalSinceReferenceDate)")
            let parsed = try #require(type.date(from: string, fallbackToOtherFormats: false), "\(string)")
            #expect(type.string(from: parsed) == string)
            // The parsed instant is the original truncated to the format's precision.
            let truncation = parsed.timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate
            let precision: TimeInterval = switch type {
            case .dibs: 0.001
            case .secondary, .iso8601: 1
            default: 86_400
            }
            #expect(truncation <= 2e-4 && truncation > -precision, "\(type) \(string)")
        }
    }

    @Test("Output matches DateFormatter in UTC for whole-millisecond dates", arguments: WrapDateOutputType.allCases)
    func matchesDateFormatter(type: WrapDateOutputType) {
        let pattern = switch type {
        case .dibs: "yyyy-MM-dd'T'HH:mm:ss.SSSxxxxx"
        case .secondary: "EEE MMM d yyyy HH:mm:ss 'GMT'"
        case .iso8601: "yyyy-MM-dd'T'HH:mm:ss'Z'"
        case .yyyymmddSlashes: "yyyy/MM/dd"
        case .yyyymmddDashes: "yyyy-MM-dd"
        case .yyyymmdd: "yyyyMMdd"
        case .mdySlashes: "MM/dd/yyyy"
        case .mdyDashes: "MM-dd-yyyy"
        case .dmySlashes: "dd/MM/yyyy"
        case .dmyDashes: "dd-MM-yyyy"
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = .gmt
        formatter.dateFormat = pattern
        // Every 997 hours + 1 ms from 1900 to 2100: covers all weekdays, months and leap days.
        var epochMillis: Int64 = -2_208_988_800_000
        while epochMillis < 4_102_444_800_000 {
            let date = Date(timeIntervalSince1970: TimeInterval(epochMillis) / 1000)
            #expect(type.string(from: date) == formatter.string(from: date), "\(epochMillis)")
            epochMillis += 997 * 3_600_000 + 1
        }
    }
}
