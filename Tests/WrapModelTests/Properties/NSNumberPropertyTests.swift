import Foundation
import Testing
import WrapModel

final class Numbers: WrapModel, @unchecked Sendable {
    let int = WPNumInt("int")
    let float = WPNumFloat("float")
    let hidden = WPNumInt("hidden", serializeForOutput: false)
}

@Suite("WrapPropertyNSNumberInt and WrapPropertyNSNumberFloat")
struct NSNumberPropertyTests {
    @Test("Present numbers and numeric strings read as NSNumber")
    func present() throws {
        let numbers = try #require(Numbers(json: #"{"int": 42, "float": 2.5}"#))
        #expect(numbers.int.value?.intValue == 42)
        #expect(numbers.float.value?.doubleValue == 2.5)
        let converted = Numbers(data: ["int": 3.6, "float": "0.125"], mutable: false)
        #expect(converted.int.value?.intValue == 4)
        #expect(converted.float.value?.doubleValue == 0.125)
        let fromString = Numbers(data: ["int": "-9", "float": 7], mutable: false)
        #expect(fromString.int.value?.intValue == -9)
        #expect(fromString.float.value?.doubleValue == 7)
    }

    @Test("Absent, null and wrong types read nil", arguments: ["{}", #"{"int": null, "float": null}"#,
                                                              #"{"int": "x", "float": true}"#, #"{"int": [1], "float": {"a": 1}}"#, #"{"int": 1e300}"#])
    func defaults(json: String) throws {
        let numbers = try #require(Numbers(json: json))
        #expect(numbers.int.value == nil)
        #expect(numbers.float.value == nil)
    }

    @Test("Output writes an Int and a Double; with nulls, for output or not")
    func output() throws {
        let numbers = try #require(Numbers(json: #"{"int": 4.4, "float": 3, "hidden": 1}"#, mutable: true))
        #expect(canonical(numbers.currentModelData(withNulls: false)) == canonical(["int": 4, "float": 3.0, "hidden": 1] as [String: Any]))
        #expect(canonical(numbers.currentModelData(withNulls: false, forOutput: true)) == canonical(["int": 4, "float": 3.0] as [String: Any]))
        numbers.int.value = nil
        numbers.float.value = NSNumber(value: 1.25)
        #expect(canonical(numbers.currentModelData(withNulls: true, forOutput: true)) == canonical(["int": NSNull(), "float": 1.25]))
        #expect(canonical(numbers.currentModelData(withNulls: false, forOutput: true)) == canonical(["float": 1.25]))
        numbers.int.value = NSNumber(value: 12)
        #expect(numbers.int.value?.intValue == 12)
        #expect(canonical(numbers.currentModelData(withNulls: false)["int"]) == "i:12")
    }

    @Test("A non-integral number is written as a read of it rounds it, so output reads back as the stored value does",
          arguments: [(3.6, 4), (-3.6, -4), (2.5, 3), (-2.5, -3), (0.4, 0), (1e15 + 0.5, 1_000_000_000_000_001)])
    func nonIntegralWritesRoundAsReads(written: Double, expected: Int) throws {
        let stored = Numbers(data: ["int": written], mutable: false)
        #expect(stored.int.value?.intValue == expected)
        let numbers = Numbers(data: [:], mutable: true)
        numbers.int.value = NSNumber(value: written)
        #expect(canonical(numbers.currentModelData(withNulls: false)["int"]) == "i:\(expected)")
        let output = try numbers.jsonData()
        #expect(String(decoding: output, as: UTF8.self) == #"{"int":\#(expected)}"#)
        let readBack = try Numbers(parsing: output)
        #expect(readBack.int.value?.intValue == stored.int.value?.intValue)
    }

    @Test("An NSDecimalNumber is written as a read of it rounds it; a number no Int holds is written as it is")
    func decimalAndOutOfRangeWrites() throws {
        let numbers = Numbers(data: [:], mutable: true)
        numbers.int.value = NSDecimalNumber(string: "2.5000000000000000001")
        #expect(String(decoding: try numbers.jsonData(), as: UTF8.self) == #"{"int":3}"#)
        numbers.int.value = NSDecimalNumber(string: "-9223372036854775808")
        #expect(String(decoding: try numbers.jsonData(), as: UTF8.self) == #"{"int":-9223372036854775808}"#)
        numbers.int.value = NSNumber(value: 1e300)
        #expect(String(decoding: try numbers.jsonData(), as: UTF8.self) == #"{"int":1e+300}"#)
        let issues = try Numbers(parsing: try numbers.jsonData()).validate().map(\.description)
        #expect(issues == ["int: expected integer in Int's range, found number"])
        numbers.int.value = NSNumber(value: true)
        #expect(String(decoding: try numbers.jsonData(), as: UTF8.self) == #"{"int":1}"#)
    }
}
