import Foundation
import Testing
import WrapModel

final class Flags: WrapModel, @unchecked Sendable {
    let boolean = WPBool("boolean")
    let yesNo = WPBool("yes_no", boolType: .yesNo)
    let yn = WPBool("yn", boolType: .ynString)
    let tf = WPBool("tf", boolType: .tfString)
    let numeric = WPBool("numeric", boolType: .numeric)
    let defaultTrue = WPBool("default_true", defaultValue: true)
    let hidden = WPBool("hidden", serializeForOutput: false)
}

@Suite("WrapPropertyBool")
struct BoolPropertyTests {
    @Test("Booleans read as they are")
    func booleans() throws {
        let flags = try #require(Flags(json: #"{"boolean": true, "yes_no": false, "default_true": false}"#))
        #expect(flags.boolean.value == true)
        #expect(flags.yesNo.value == false)
        #expect(flags.defaultTrue.value == false)
    }

    @Test("Numbers: non-zero is true", arguments: [(1, true), (0, false), (-3, true), (0.0, false), (0.5, true), (2.0, true)] as [(Double, Bool)])
    func numbers(number: Double, expected: Bool) throws {
        let flags = try #require(Flags(json: #"{"boolean": \#(number), "default_true": \#(number)}"#))
        #expect(flags.boolean.value == expected)
        #expect(flags.defaultTrue.value == expected)
        let native = Flags(data: ["numeric": number], mutable: false)
        #expect(native.numeric.value == expected)
    }

    @Test("Native integers: non-zero is true")
    func nativeIntegers() {
        let flags = Flags(data: ["boolean": 2, "yes_no": 0, "yn": -1], mutable: false)
        #expect(flags.boolean.value == true)
        #expect(flags.yesNo.value == false)
        #expect(flags.yn.value == true)
    }

    @Test("Strings: true by first character t/T/y/Y/1", arguments: [
        ("true", true), ("True", true), ("t", true), ("T", true), ("yes", true), ("Yes", true), ("y", true), ("Y", true),
        ("1", true), ("10", true), ("false", false), ("F", false), ("no", false), ("N", false), ("0", false),
    ] as [(String, Bool)])
    func strings(string: String, expected: Bool) {
        let flags = Flags(data: ["boolean": string, "default_true": string], mutable: false)
        #expect(flags.boolean.value == expected)
        #expect(flags.defaultTrue.value == expected)
    }

    @Test("Absent, null and wrong types read the default", arguments: ["{}", #"{"boolean": null, "default_true": null}"#,
                                                                      #"{"boolean": "maybe", "default_true": "maybe"}"#,
                                                                      #"{"boolean": [true], "default_true": {"a": true}}"#,
                                                                      #"{"boolean": "", "default_true": ""}"#])
    func defaults(json: String) throws {
        let flags = try #require(Flags(json: json))
        #expect(flags.boolean.value == false)
        #expect(flags.defaultTrue.value == true)
    }

    @Test("isTrueString")
    func isTrueString() {
        #expect(WrapPropertyBool.isTrueString("yes"))
        #expect(WrapPropertyBool.isTrueString("1"))
        #expect(!WrapPropertyBool.isTrueString("no"))
        #expect(!WrapPropertyBool.isTrueString("maybe"))
        #expect(!WrapPropertyBool.isTrueString(nil))
    }

    @Test("The five output types write true and false as documented")
    func outputTypes() {
        let trueFlags = Flags(data: ["boolean": true, "yes_no": true, "yn": true, "tf": true, "numeric": true, "hidden": true], mutable: false)
        #expect(canonical(trueFlags.currentModelData(withNulls: false)) == canonical([
            "boolean": true, "yes_no": "yes", "yn": "Y", "tf": "T", "numeric": 1, "default_true": true, "hidden": true,
        ]))
        let falseFlags = Flags(data: [:], mutable: true)
        falseFlags.defaultTrue.value = false
        #expect(canonical(falseFlags.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "boolean": false, "yes_no": "no", "yn": "N", "tf": "F", "numeric": 0, "default_true": false,
        ]))
        #expect(WrapPropertyBoolOutputType.allCases == [.boolean, .yesNo, .ynString, .tfString, .numeric])
    }

    @Test("Each output type reads back its own output")
    func roundTrip() throws {
        let flags = Flags(data: [:], mutable: true)
        for property in [flags.boolean, flags.yesNo, flags.yn, flags.tf, flags.numeric] { property.value = true }
        let data = flags.currentModelData(withNulls: false)
        let reread = Flags(data: data, mutable: false)
        #expect([reread.boolean, reread.yesNo, reread.yn, reread.tf, reread.numeric].map(\.value) == [true, true, true, true, true])
        for property in [flags.boolean, flags.yesNo, flags.yn, flags.tf, flags.numeric] { property.value = false }
        let rereadFalse = Flags(data: flags.currentModelData(withNulls: false), mutable: false)
        #expect([rereadFalse.boolean, rereadFalse.yesNo, rereadFalse.yn, rereadFalse.tf, rereadFalse.numeric].map(\.value) ==
                [false, false, false, false, false])
    }
}
