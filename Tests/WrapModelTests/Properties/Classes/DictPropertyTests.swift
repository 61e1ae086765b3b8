import Foundation
import Testing
import WrapModel

final class Bags: WrapModel, @unchecked Sendable {
    let dict = WPDict("dict")
    let optional = WPOptDict("optional")
    let hidden = WPDict("hidden", serializeForOutput: false)
}

@Suite("WrapPropertyDict and WrapPropertyOptional<[String: Any]>")
struct DictPropertyTests {
    @Test("Present objects read untouched")
    func present() throws {
        let bags = try #require(Bags(json: #"{"dict": {"a": 1, "b": {"c": [true, "x"]}}, "optional": {}}"#))
        #expect(canonical(bags.dict.value) == canonical(["a": 1, "b": ["c": [true, "x"]]]))
        #expect(canonical(bags.optional.value) == canonical([String: Any]()))
    }

    @Test("Absent, null and wrong types read the default", arguments: ["{}", #"{"dict": null, "optional": null}"#,
                                                                      #"{"dict": [1, 2], "optional": "text"}"#, #"{"dict": 3, "optional": true}"#])
    func defaults(json: String) throws {
        let bags = try #require(Bags(json: json))
        #expect(bags.dict.value.isEmpty)
        #expect(bags.optional.value == nil)
    }

    @Test("Output with and without nulls, for output or not")
    func output() throws {
        let bags = try #require(Bags(json: #"{"dict": {"k": "v"}, "hidden": {"h": 1}}"#, mutable: true))
        #expect(canonical(bags.currentModelData(withNulls: false)) ==
                canonical(["dict": ["k": "v"], "hidden": ["h": 1]]))
        #expect(canonical(bags.currentModelData(withNulls: true, forOutput: true)) ==
                canonical(["dict": ["k": "v"], "optional": NSNull()]))
        bags.optional.value = ["n": 2.5]
        bags.dict.value = [:]
        #expect(canonical(bags.currentModelData(withNulls: false, forOutput: true)) ==
                canonical(["dict": [String: Any](), "optional": ["n": 2.5]]))
    }
}
