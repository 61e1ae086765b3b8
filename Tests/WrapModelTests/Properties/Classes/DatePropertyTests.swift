import Foundation
import Testing
import WrapModel

final class Dated: WrapModel, @unchecked Sendable {
    let dibs = WPDate("dibs", dateType: .dibs)
    let secondary = WPDate("secondary", dateType: .secondary)
    let iso = WPDate("iso", dateType: .iso8601)
    let ymdSlashes = WPDate("ymd_slashes", dateType: .yyyymmddSlashes)
    let ymdDashes = WPDate("ymd_dashes", dateType: .yyyymmddDashes)
    let ymd = WPDate("ymd", dateType: .yyyymmdd)
    let mdySlashes = WPDate("mdy_slashes", dateType: .mdySlashes)
    let mdyDashes = WPDate("mdy_dashes", dateType: .mdyDashes)
    let dmySlashes = WPDate("dmy_slashes", dateType: .dmySlashes)
    let dmyDashes = WPDate("dmy_dashes", dateType: .dmyDashes)
    let iso8601 = WPDate8601("iso8601", options: nil)
    let formatted = WPDateFmt("formatted", dateFormatString: "dd.MM.yyyy HH:mm")
    let hidden = WPDate("hidden", dateType: .iso8601, serializeForOutput: false)

    var all: [WrapPropertyDate] { [dibs, secondary, iso, ymdSlashes, ymdDashes, ymd, mdySlashes, mdyDashes, dmySlashes, dmyDashes] }
}

@Suite("Date properties")
struct DatePropertyTests {
    /// 2018-02-15T00:00:00Z
    static let feb15: TimeInterval = 1_518_652_800

    /// For each type: a string in that type, its instant, and what output writes for it.
    static let cases: [(WrapDateOutputType, String, TimeInterval, String)] = [
        (.dibs, "2017-02-05T17:03:13.000-03:00", 1_486_324_993, "2017-02-05T20:03:13.000+00:00"),
        (.secondary, "Tue Jun 3 2008 11:05:30 GMT", 1_212_491_130, "Tue Jun 3 2008 11:05:30 GMT"),
        (.iso8601, "2016-11-01T21:14:33Z", 1_478_034_873, "2016-11-01T21:14:33Z"),
        (.yyyymmddSlashes, "2018/02/15", feb15, "2018/02/15"),
        (.yyyymmddDashes, "2018-02-15", feb15, "2018-02-15"),
        (.yyyymmdd, "20180215", feb15, "20180215"),
        (.mdySlashes, "02/15/2018", feb15, "02/15/2018"),
        (.mdyDashes, "02-15-2018", feb15, "02-15-2018"),
        (.dmySlashes, "15/02/2018", feb15, "15/02/2018"),
        (.dmyDashes, "15-02-2018", feb15, "15-02-2018"),
    ]

    static func property(of model: Dated, for type: WrapDateOutputType) -> WrapPropertyDate {
        model.all.first { $0.dateType == type }!
    }

    @Test("Every date type parses its own format and writes it back", arguments: cases)
    func parseAndOutput(type: WrapDateOutputType, text: String, seconds: TimeInterval, output: String) throws {
        let key = Self.property(of: Dated(), for: type).keyPath
        let model = Dated(data: [key: text], mutable: false)
        let property = Self.property(of: model, for: type)
        #expect(property.dateType == type)
        #expect(property.value == utc(seconds))
        #expect(canonical(model.currentModelData(withNulls: false)[key]) == canonical(output))
        #expect(type.string(from: utc(seconds)) == output)
        #expect(type.date(from: output, fallbackToOtherFormats: false) == utc(seconds))
    }

    @Test("Every date type writes a set date in its format", arguments: cases)
    func writeAndOutput(type: WrapDateOutputType, text: String, seconds: TimeInterval, output: String) {
        let model = Dated()
        let property = Self.property(of: model, for: type)
        property.value = utc(seconds)
        #expect(canonical(model.currentModelData(withNulls: false)[property.keyPath]) == canonical(output))
    }

    @Test("Other formats are read as a fallback; output uses the property's type", arguments: cases)
    func fallback(type: WrapDateOutputType, text: String, seconds: TimeInterval, output: String) {
        // A date-only format read from a yyyy-mm-dd string, everything else from an ISO 8601 one.
        let isDateOnly = ![WrapDateOutputType.dibs, .secondary, .iso8601].contains(type)
        let input = isDateOnly ? "2018-02-15" : "2018-02-15T00:00:00Z"
        let key = Self.property(of: Dated(), for: type).keyPath
        let model = Dated(data: [key: input], mutable: false)
        let property = Self.property(of: model, for: type)
        #expect(property.value == utc(Self.feb15))
        let expected: String = switch type {
        case .dibs: "2018-02-15T00:00:00.000+00:00"
        case .secondary: "Thu Feb 15 2018 00:00:00 GMT"
        case .iso8601: "2018-02-15T00:00:00Z"
        case .yyyymmddSlashes: "2018/02/15"
        case .yyyymmddDashes: "2018-02-15"
        case .yyyymmdd: "20180215"
        case .mdySlashes: "02/15/2018"
        case .mdyDashes: "02-15-2018"
        case .dmySlashes: "15/02/2018"
        case .dmyDashes: "15-02-2018"
        }
        #expect(canonical(model.currentModelData(withNulls: false)[key]) == canonical(expected))
    }

    @Test("A number from 19000101 to 99991231 reads as yyyymmdd", arguments: cases)
    func numericInput(type: WrapDateOutputType, text: String, seconds: TimeInterval, output: String) throws {
        let key = Self.property(of: Dated(), for: type).keyPath
        let model = try #require(Dated(json: #"{"\#(key)": 20180215, "iso8601": 20180215, "formatted": 20180215}"#))
        #expect(Self.property(of: model, for: type).value == utc(Self.feb15))
        #expect(model.iso8601.value == utc(Self.feb15))
        #expect(model.formatted.value == utc(Self.feb15))
    }

    @Test("Numbers outside the yyyymmdd range, invalid strings, wrong types, absent and null read nil", arguments: [
        #"18991231"#, #"100000000"#, #"20180230"#, #"1518652800"#, #""2018-02-30""#, #""not a date""#, #""""#,
        #"true"#, #"[20180215]"#, #"{"d": 1}"#, #"null"#,
    ])
    func invalid(jsonValue: String) throws {
        let keys = Dated().all.map(\.keyPath) + ["iso8601", "formatted"]
        let members = keys.map { #""\#($0)": \#(jsonValue)"# }.joined(separator: ", ")
        let model = try #require(Dated(json: "{\(members)}"))
        for property in model.all { #expect(property.value == nil, "\(property.keyPath)") }
        #expect(model.iso8601.value == nil)
        #expect(model.formatted.value == nil)
        let empty = Dated()
        for property in empty.all { #expect(property.value == nil) }
    }

    @Test("WrapPropertyDateISO8601 with nil options reads and writes internet date-time in UTC")
    func iso8601NilOptions() throws {
        let model = try #require(Dated(json: #"{"iso8601": "2016-11-01T23:14:33+02:00"}"#, mutable: true))
        #expect(model.iso8601.value == utc(1_478_034_873))
        #expect(canonical(model.currentModelData(withNulls: false)["iso8601"]) == "s:2016-11-01T21:14:33Z")
        model.iso8601.value = utc(0)
        #expect(canonical(model.currentModelData(withNulls: false)["iso8601"]) == "s:1970-01-01T00:00:00Z")
        let dateOnly = try #require(Dated(json: #"{"iso8601": "2016-11-01"}"#))
        #expect(dateOnly.iso8601.value == nil)
    }

    @Test("WrapPropertyDateISO8601 with options honours them")
    func iso8601Options() {
        final class DayOnly: WrapModel, @unchecked Sendable {
            let day = WPDate8601("day", options: [.withFullDate])
        }
        let model = DayOnly(data: ["day": "2016-11-01"], mutable: true)
        #expect(model.day.value == utc(1_477_958_400))
        #expect(canonical(model.currentModelData(withNulls: false)["day"]) == "s:2016-11-01")
    }

    @Test("WrapPropertyDateFormatted reads and writes its pattern in UTC")
    func formatted() throws {
        let model = try #require(Dated(json: #"{"formatted": "01.11.2016 21:14"}"#, mutable: true))
        #expect(model.formatted.value == utc(1_478_034_840))
        #expect(canonical(model.currentModelData(withNulls: false)["formatted"]) == "s:01.11.2016 21:14")
        model.formatted.value = utc(1_518_652_800 + 3_600 * 13 + 60 * 5)
        #expect(canonical(model.currentModelData(withNulls: false)["formatted"]) == "s:15.02.2018 13:05")
        let other = try #require(Dated(json: #"{"formatted": "2016-11-01T21:14:33Z"}"#))
        #expect(other.formatted.value == nil)
    }

    @Test("Output with and without nulls, for output or not")
    func output() throws {
        let model = try #require(Dated(json: #"{"iso": "2016-11-01T21:14:33Z", "hidden": "2018-02-15", "ymd": 20180215}"#, mutable: true))
        #expect(canonical(model.currentModelData(withNulls: false)) == canonical([
            "iso": "2016-11-01T21:14:33Z", "hidden": "2018-02-15T00:00:00Z", "ymd": "20180215",
        ]))
        let keys = ["dibs", "secondary", "ymd_slashes", "ymd_dashes", "mdy_slashes", "mdy_dashes", "dmy_slashes", "dmy_dashes", "iso8601", "formatted"]
        var expected: [String: Any] = ["iso": "2016-11-01T21:14:33Z", "ymd": "20180215"]
        for key in keys { expected[key] = NSNull() }
        #expect(canonical(model.currentModelData(withNulls: true, forOutput: true)) == canonical(expected))
        model.iso.value = nil
        #expect(canonical(model.currentModelData(withNulls: false, forOutput: true)) == canonical(["ymd": "20180215"]))
    }

    @Test("The ten output types are tried in the documented order")
    func order() {
        #expect(WrapDateOutputType.allCases == [.dibs, .secondary, .iso8601, .yyyymmddSlashes, .yyyymmddDashes, .yyyymmdd,
                                                 .mdySlashes, .mdyDashes, .dmySlashes, .dmyDashes])
        #expect(WrapPropertyDate.DateOutputType.self == WrapDateOutputType.self)
        // Ambiguous day/month: month first for every type but the dmy ones.
        let model = Dated(data: ["iso": "05/06/2018", "dmy_slashes": "05/06/2018"], mutable: false)
        #expect(model.iso.value == utc(1_525_564_800))
        #expect(model.dmySlashes.value == utc(1_528_156_800))
    }
}
