import Foundation
import Testing
import WrapModel

@Suite("@Property: one generic wrapper, codec inferred from the declared type")
struct PropertyWrapperTests {
    static let json = #"""
    {"id": 7, "nickname": "Kit", "tags": ["a", 2, "b"], "scores": {"x": 1, "y": "n/a", "z": null},
     "joined": "2016-11-01T21:14:33Z", "owner": {"id": 3}, "members": [{"id": 4}, 5, {"id": 6}],
     "price": 0.1, "site": "https://example.com/a?b=1", "token": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
     "big": 9223372036854775807, "huge": 18446744073709551615, "shade": "green", "level": 2,
     "tier": "Gold", "opt_in": "Yes", "total": {"amount": 12345678901234567890.12, "currency": "EUR"},
     "title": "Draft", "due": "2020-02-29"}
    """#

    @Test("Every inferred type reads its value")
    func inferredTypesRead() throws {
        let record = try #require(CodecRecord(json: Self.json))
        #expect(record.id == 7)
        #expect(record.nickname == "Kit")
        #expect(record.tags == ["a", "b"])
        #expect(record.scores == ["x": 1])
        #expect(record.joined == Date(timeIntervalSince1970: 1_478_034_873))
        #expect(record.owner?.id == 3)
        #expect(record.members.map(\.id) == [4, 6])
        #expect(record.site == URL(string: "https://example.com/a?b=1"))
        #expect(record.token == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(record.big == Int64.max)
        #expect(record.huge == UInt64.max)
        #expect(record.shade == .green)
        #expect(record.level == .high)
        #expect(record.tier == .gold)
        #expect(record.optIn == true)
        #expect(record.title == "Draft")
        #expect(record.due == Date(timeIntervalSince1970: 1_582_934_400))
    }

    @Test("Decimal reads the number's own text: 0.1 is exactly 0.1, 20 digits stay 20 digits")
    func decimalIsExact() throws {
        let record = try #require(CodecRecord(json: Self.json))
        #expect(record.price == Decimal(string: "0.1"))
        #expect(record.price.description == "0.1")
        #expect(record.total == Money(amount: Decimal(string: "12345678901234567890.12")!, currency: "EUR"))
        let fromDictionary = CodecRecord(data: ["price": 0.1], mutable: false)
        #expect(fromDictionary.price.description == "0.1")
    }

    @Test("Absent values read the type's natural default; nothing is reported for optionals")
    func defaults() throws {
        let record = try #require(CodecRecord(json: "{}"))
        #expect(record.id == 0)
        #expect(record.nickname == nil)
        #expect(record.tags == [])
        #expect(record.scores == [:])
        #expect(record.price == 0)
        #expect(record.shade == .red)
        #expect(record.tier == .basic)
        #expect(record.optIn == false)
        #expect(record.total == nil)
    }

    @Test("validate() reports what the codecs could not read")
    func validationReports() throws {
        let json = #"{"id": 1, "tags": [], "scores": {"a": "x"}, "site": 5, "level": 9, "shade": "blue", "total": {"amount": "lots"}, "price": 1, "big": 1, "huge": -1, "tier": "basic", "opt_in": true, "title": "t", "members": [], "token": "nope"}"#
        let record = try #require(CodecRecord(json: json))
        let issues = Set(record.validate().map(\.description))
        #expect(issues.contains("scores: 1 element did not convert and was dropped"))
        #expect(issues.contains("site: expected URL string, found integer"))
        #expect(issues.contains("level: unknown enum value \"9\""))
        #expect(issues.contains("shade: unknown enum value \"blue\""))
        #expect(issues.contains("total: expected money object, found object"))
        #expect(issues.contains("huge: expected integer in UInt64's range, found integer"))
        #expect(issues.contains("token: expected UUID string, found string"))
    }

    @Test("MutProperty writes through the codec, and output writes the codec's data form")
    func mutableWritesAndOutput() throws {
        let record = try #require(CodecRecord(json: #"{"title": "a"}"#, mutable: true))
        record.title = "b"
        record.due = Date(timeIntervalSince1970: 86_400)
        record.balance = Money(amount: Decimal(string: "0.30")!, currency: "USD")
        let text = try record.jsonString(options: [.sortedKeys])
        #expect(text.contains(#""balance":{"amount":0.3,"currency":"USD"}"#))
        #expect(text.contains(#""due":"1970-01-02""#))
        #expect(text.contains(#""title":"b""#))
        #expect(record.$title.hasValue())
    }

    @Test("Decimal reads exponents and numeric strings exactly; Int64 and UInt64 read numeric strings")
    func decimalAndWideIntegerForms() throws {
        let json = #"{"amounts": {"a": 1E+2, "b": -1.5e-3, "c": "0.30", "d": "x"}, "big": " 42 ", "huge": 1.8e19}"#
        let record = try #require(CodecRecord(json: json))
        #expect(record.amounts == ["a": Decimal(100), "b": Decimal(string: "-0.0015")!, "c": Decimal(string: "0.3")!])
        #expect(record.big == 42)
        #expect(record.huge == 18_000_000_000_000_000_000)
        #expect(record.validate().map(\.description).contains("amounts: 1 element did not convert and was dropped"))
    }

    @Test("A codec passed where the property is declared, and a WrapCodable type in an array")
    func explicitCodecAndCollections() throws {
        let json = #"{"paid": {"amount": 5, "currency": "EUR"}, "lines": [{"amount": 1.25, "currency": "EUR"}, {"amount": "n/a"}]}"#
        let record = try #require(CodecRecord(json: json))
        #expect(record.paid == Money(amount: 5, currency: "EUR"))
        #expect(record.lines == [Money(amount: Decimal(string: "1.25")!, currency: "EUR")])
        #expect(record.validate().map(\.description).contains("lines: 1 element did not convert and was dropped"))
    }

    @Test("Int64, UInt64 and Decimal write their exact digits")
    func exactNumbersWriteBack() throws {
        let record = try #require(CodecRecord(json: #"{"big": -9223372036854775808, "huge": 18446744073709551615, "price": 123456789012345678901234.5}"#))
        let text = try record.jsonString(options: [.sortedKeys])
        #expect(text.contains(#""big":-9223372036854775808"#))
        #expect(text.contains(#""huge":18446744073709551615"#))
        #expect(text.contains(#""price":123456789012345678901234.5"#))
    }
}
