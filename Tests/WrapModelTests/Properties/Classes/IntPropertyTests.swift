import Foundation
import Testing
import WrapModel

final class Ints: WrapModel, @unchecked Sendable {
    let plain = WPInt("plain")
    let withDefault = WPInt("with_default", defaultValue: -1)
    let optional = WPOptInt("optional")
    let hidden = WPInt("hidden", serializeForOutput: false)
}

@Suite("WrapPropertyInt and WrapPropertyOptionalInt")
struct IntPropertyTests {
    @Test("Present integers read as they are")
    func present() throws {
        let ints = try #require(Ints(json: #"{"plain": 12, "with_default": -7, "optional": 0, "hidden": 3}"#))
        #expect(ints.plain.value == 12)
        #expect(ints.withDefault.value == -7)
        #expect(ints.optional.value == 0)
        #expect(ints.hidden.value == 3)
    }

    @Test("Absent and null read the default")
    func absentAndNull() throws {
        for json in ["{}", #"{"plain": null, "with_default": null, "optional": null}"#] {
            let ints = try #require(Ints(json: json))
            #expect(ints.plain.value == 0)
            #expect(ints.withDefault.value == -1)
            #expect(ints.optional.value == nil)
        }
    }

    @Test("Wrong types read the default", arguments: [#"true"#, #""abc""#, #"[1]"#, #"{"n": 1}"#, #""""#, #""12abc""#])
    func wrongType(jsonValue: String) throws {
        let json = #"{"plain": \#(jsonValue), "with_default": \#(jsonValue), "optional": \#(jsonValue)}"#
        let ints = try #require(Ints(json: json))
        #expect(ints.plain.value == 0)
        #expect(ints.withDefault.value == -1)
        #expect(ints.optional.value == nil)
    }

    @Test("Doubles round half away from zero", arguments: [
        (2.5, 3), (-2.5, -3), (2.4, 2), (2.6, 3), (-2.6, -3), (0.5, 1), (-0.4, 0), (1e15 + 0.5, 1_000_000_000_000_001),
    ] as [(Double, Int)])
    func doublesRound(input: Double, expected: Int) {
        let ints = Ints(data: ["plain": input, "optional": input], mutable: false)
        #expect(ints.plain.value == expected)
        #expect(ints.optional.value == expected)
    }

    @Test("Doubles in JSON text round too")
    func doublesFromJSON() throws {
        let ints = try #require(Ints(json: #"{"plain": 2.5, "with_default": -2.5, "optional": 99.99}"#))
        #expect(ints.plain.value == 3)
        #expect(ints.withDefault.value == -3)
        #expect(ints.optional.value == 100)
    }

    @Test("Numeric strings convert", arguments: [("42", 42), ("-17", -17), ("0", 0), ("2.5", 3), ("-2.5", -3), ("1e3", 1000)] as [(String, Int)])
    func numericStrings(input: String, expected: Int) {
        let ints = Ints(data: ["plain": input, "optional": input], mutable: false)
        #expect(ints.plain.value == expected)
        #expect(ints.optional.value == expected)
    }

    @Test("Out-of-range and non-finite numbers read the default, never crash", arguments: [
        1e300, -1e300, Double.nan, Double.infinity, -Double.infinity, 9.3e18, -9.3e18,
    ])
    func outOfRange(input: Double) {
        let ints = Ints(data: ["plain": input, "with_default": input, "optional": input], mutable: false)
        #expect(ints.plain.value == 0)
        #expect(ints.withDefault.value == -1)
        #expect(ints.optional.value == nil)
    }

    @Test("Out-of-range numbers in JSON text and strings read the default")
    func outOfRangeJSON() throws {
        let ints = try #require(Ints(json: #"{"plain": 1e300, "with_default": -1e300, "optional": "1e300"}"#))
        #expect(ints.plain.value == 0)
        #expect(ints.withDefault.value == -1)
        #expect(ints.optional.value == nil)
        let strings = Ints(data: ["plain": "NaN", "with_default": "-1e300", "optional": "inf"], mutable: false)
        #expect(strings.plain.value == 0)
        #expect(strings.withDefault.value == -1)
        #expect(strings.optional.value == nil)
    }

    @Test("validate() names the range an out-of-range number missed")
    func outOfRangeIssues() throws {
        let ints = try #require(Ints(json: #"{"plain": 1e300, "with_default": 9223372036854775808, "optional": "x"}"#))
        let issues = ints.validate().sorted { $0.keyPath < $1.keyPath }
        #expect(issues == [
            WrapModelIssue(keyPath: "hidden", kind: .missing),
            WrapModelIssue(keyPath: "optional", kind: .wrongType(expected: "integer", found: "string")),
            WrapModelIssue(keyPath: "plain", kind: .wrongType(expected: "integer in Int's range", found: "number")),
            WrapModelIssue(keyPath: "with_default", kind: .wrongType(expected: "integer in Int's range", found: "integer")),
        ])
    }

    @Test("Integers beyond Int's range in JSON text read the default", arguments: [
        "9223372036854775808", "18446744073709551615", "-9223372036854775809", "123456789012345678901234567890",
    ])
    func hugeIntegerLiterals(literal: String) throws {
        let ints = try #require(Ints(json: #"{"plain": \#(literal), "with_default": \#(literal), "optional": \#(literal)}"#))
        #expect(ints.plain.value == 0)
        #expect(ints.withDefault.value == -1)
        #expect(ints.optional.value == nil)
    }

    @Test("Native unsigned and 64-bit values beyond Int's range read the default")
    func hugeNativeIntegers() {
        let ints = Ints(data: ["plain": UInt.max, "with_default": UInt64.max, "optional": NSNumber(value: UInt64.max)], mutable: false)
        #expect(ints.plain.value == 0)
        #expect(ints.withDefault.value == -1)
        #expect(ints.optional.value == nil)
    }

    @Test("Int.max and Int.min survive")
    func extremes() {
        let ints = Ints(data: ["plain": Int.max, "optional": Int.min], mutable: false)
        #expect(ints.plain.value == Int.max)
        #expect(ints.optional.value == Int.min)
    }

    @Test("Output with and without nulls, for output or not")
    func output() throws {
        let ints = try #require(Ints(json: #"{"plain": 2.5, "hidden": 4}"#, mutable: true))
        #expect(canonical(ints.currentModelData(withNulls: false)) ==
                canonical(["plain": 3, "with_default": -1, "hidden": 4]))
        #expect(canonical(ints.currentModelData(withNulls: true)) ==
                canonical(["plain": 3, "with_default": -1, "hidden": 4, "optional": NSNull()]))
        #expect(canonical(ints.currentModelData(withNulls: false, forOutput: true)) ==
                canonical(["plain": 3, "with_default": -1]))
        #expect(canonical(ints.currentModelData(withNulls: true, forOutput: true)) ==
                canonical(["plain": 3, "with_default": -1, "optional": NSNull()]))
        ints.optional.value = 5
        ints.plain.value = -8
        ints.hidden.value = 1
        #expect(canonical(ints.currentModelData(withNulls: false)) ==
                canonical(["plain": -8, "with_default": -1, "hidden": 1, "optional": 5]))
        #expect(canonical(ints.currentModelData(withNulls: false, forOutput: true)) ==
                canonical(["plain": -8, "with_default": -1, "optional": 5]))
    }

    @Test("A read value is cached: a miss is not re-converted, a write replaces it")
    func caching() {
        let ints = Ints(data: ["optional": "x"], mutable: true)
        #expect(ints.optional.value == nil)
        #expect(ints.optional.value == nil)
        ints.optional.value = 4
        #expect(ints.optional.value == 4)
        ints.optional.value = nil
        #expect(ints.optional.value == nil)
        #expect(canonical(ints.currentModelData(withNulls: true)["optional"]) == "null")
    }
}
