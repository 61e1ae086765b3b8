import Foundation
import Testing
import WrapModel

final class Lists: WrapModel, @unchecked Sendable {
    let ints = WPIntArray("ints")
    let optionalInts = WPOptIntArray("optional_ints")
    let floats = WPFloatArray("floats")
    let optionalFloats = WPOptFloatArray("optional_floats")
    let doubles = WPDoubleArray("doubles")
    let optionalDoubles = WPOptDoubleArray("optional_doubles")
    let strings = WPStrArray("strings")
    let optionalStrings = WPOptStrArray("optional_strings")
    let dicts = WPDictArray("dicts")
    let optionalDicts = WPOptDictArray("optional_dicts")
    let intsWithDefault = WrapPropertyIntArray("ints_with_default", defaultValue: [7])
    let hidden = WPStrArray("hidden", serializeForOutput: false)
}

@Suite("Arrays of values")
struct ArrayPropertyTests {
    static let json = #"""
    {"ints": [1, 2.5, -2.5, "4", "x", null, true, 1e300, [1]],
     "optional_ints": [],
     "floats": [0.5, "1.25", 3, "y", false],
     "optional_floats": [0.1],
     "doubles": [0.25, "2", -1, {}],
     "optional_doubles": ["3.5"],
     "strings": ["a", 1, "b", null],
     "optional_strings": ["only"],
     "dicts": [{"k": 1}, 2, {"j": "v"}],
     "optional_dicts": [{}],
     "hidden": ["h"]}
    """#

    @Test("Elements convert one by one; unconvertible elements are dropped")
    func reads() throws {
        let lists = try #require(Lists(json: Self.json))
        #expect(lists.ints.value == [1, 3, -3, 4])
        #expect(lists.optionalInts.value == [])
        #expect(lists.floats.value == [0.5, 1.25, 3])
        #expect(lists.optionalFloats.value == [Float(0.1)])
        #expect(lists.doubles.value == [0.25, 2, -1])
        #expect(lists.optionalDoubles.value == [3.5])
        #expect(lists.strings.value == ["a", "b"])
        #expect(lists.optionalStrings.value == ["only"])
        #expect(canonical(lists.dicts.value) == canonical([["k": 1], ["j": "v"]]))
        #expect(canonical(lists.optionalDicts.value) == canonical([[String: Any]()]))
        #expect(lists.intsWithDefault.value == [7])
        #expect(lists.hidden.value == ["h"])
    }

    @Test("Absent, null and wrong types read the default", arguments: ["{}",
        #"{"ints": null, "optional_ints": null, "floats": null, "optional_floats": null, "doubles": null, "optional_doubles": null, "strings": null, "optional_strings": null, "dicts": null, "optional_dicts": null, "ints_with_default": null}"#,
        #"{"ints": 1, "optional_ints": "1", "floats": {}, "optional_floats": 2.5, "doubles": "d", "optional_doubles": true, "strings": "s", "optional_strings": {"a": "b"}, "dicts": {}, "optional_dicts": 0, "ints_with_default": "7"}"#])
    func defaults(json: String) throws {
        let lists = try #require(Lists(json: json))
        #expect(lists.ints.value == [])
        #expect(lists.optionalInts.value == nil)
        #expect(lists.floats.value == [])
        #expect(lists.optionalFloats.value == nil)
        #expect(lists.doubles.value == [])
        #expect(lists.optionalDoubles.value == nil)
        #expect(lists.strings.value == [])
        #expect(lists.optionalStrings.value == nil)
        #expect(lists.dicts.value.isEmpty)
        #expect(lists.optionalDicts.value == nil)
        #expect(lists.intsWithDefault.value == [7])
    }

    @Test("Native Swift arrays convert element-wise as well")
    func nativeArrays() {
        let lists = Lists(data: ["ints": [1.4, "2", 3] as [Any], "floats": [1, 2.5] as [Any], "strings": ["s", 2] as [Any]], mutable: false)
        #expect(lists.ints.value == [1, 2, 3])
        #expect(lists.floats.value == [1, 2.5])
        #expect(lists.strings.value == ["s"])
    }

    @Test("Output writes converted elements (Float arrays as [Float], as 1.3.7 does); with nulls, for output or not")
    func output() throws {
        let lists = try #require(Lists(json: Self.json, mutable: true))
        #expect(canonical(lists.currentModelData(withNulls: false)) == canonical([
            "ints": [1, 3, -3, 4], "optional_ints": [Any](), "floats": [0.5, 1.25, 3.0] as [Float], "optional_floats": [0.1] as [Float],
            "doubles": [0.25, 2.0, -1.0], "optional_doubles": [3.5], "strings": ["a", "b"], "optional_strings": ["only"],
            "dicts": [["k": 1], ["j": "v"]], "optional_dicts": [[String: Any]()], "ints_with_default": [7], "hidden": ["h"],
        ]))
        lists.optionalInts.value = nil
        lists.optionalFloats.value = nil
        lists.optionalDoubles.value = nil
        lists.optionalStrings.value = nil
        lists.optionalDicts.value = nil
        lists.ints.value.append(10)
        lists.floats.value = [0.1, 0.2]
        #expect(canonical(lists.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "ints": [1, 3, -3, 4, 10], "optional_ints": NSNull(), "floats": [0.1, 0.2] as [Float], "optional_floats": NSNull(),
            "doubles": [0.25, 2.0, -1.0], "optional_doubles": NSNull(), "strings": ["a", "b"], "optional_strings": NSNull(),
            "dicts": [["k": 1], ["j": "v"]], "optional_dicts": NSNull(), "ints_with_default": [7],
        ]))
        #expect(canonical(lists.currentModelData(withNulls: false, forOutput: true)) == canonical([
            "ints": [1, 3, -3, 4, 10], "floats": [0.1, 0.2] as [Float], "doubles": [0.25, 2.0, -1.0], "strings": ["a", "b"],
            "dicts": [["k": 1], ["j": "v"]], "ints_with_default": [7],
        ]))
    }
}
