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
}
