import Foundation
import Testing
import WrapModel

final class Codes: WrapModel, @unchecked Sendable {
    let code = WPIntStr("code")
    let codeDefault = WPIntStr("code_default", defaultValue: 100)
    let optional = WPOptIntStr("optional")
    let hidden = WPIntStr("hidden", serializeForOutput: false)
}

@Suite("WrapPropertyIntFromString and WrapPropertyOptionalIntFromString")
struct IntFromStringPropertyTests {
    @Test("Numbers or numeric strings in")
    func reads() throws {
        let codes = try #require(Codes(json: #"{"code": "02139", "code_default": 7, "optional": "-12"}"#))
        #expect(codes.code.value == 2139)
        #expect(codes.codeDefault.value == 7)
        #expect(codes.optional.value == -12)
        let rounded = Codes(data: ["code": 2.5, "optional": "2.5"], mutable: false)
        #expect(rounded.code.value == 3)
        #expect(rounded.optional.value == 3)
    }

    @Test("Absent, null and wrong types read the default", arguments: ["{}", #"{"code": null, "code_default": null, "optional": null}"#,
                                                                      #"{"code": "abc", "code_default": true, "optional": [1]}"#,
                                                                      #"{"code": 1e300, "code_default": "1e300", "optional": {}}"#])
    func defaults(json: String) throws {
        let codes = try #require(Codes(json: json))
        #expect(codes.code.value == 0)
        #expect(codes.codeDefault.value == 100)
        #expect(codes.optional.value == nil)
    }

    @Test("Output writes strings; with nulls, for output or not")
    func output() throws {
        let codes = try #require(Codes(json: #"{"code": 42, "optional": "0007", "hidden": 5}"#, mutable: true))
        #expect(canonical(codes.currentModelData(withNulls: false)) ==
                canonical(["code": "42", "code_default": "100", "optional": "7", "hidden": "5"]))
        #expect(canonical(codes.currentModelData(withNulls: false, forOutput: true)) ==
                canonical(["code": "42", "code_default": "100", "optional": "7"]))
        codes.optional.value = nil
        codes.code.value = -3
        #expect(canonical(codes.currentModelData(withNulls: true, forOutput: true)) ==
                canonical(["code": "-3", "code_default": "100", "optional": NSNull()]))
        #expect(canonical(codes.currentModelData(withNulls: false, forOutput: true)) ==
                canonical(["code": "-3", "code_default": "100"]))
    }
}
