import Foundation
import Testing
import WrapModel

final class Texts: WrapModel, @unchecked Sendable {
    let text = WPStr("text")
    let textDefault = WPStr("text_default", defaultValue: "n/a")
    let optional = WPOptStr("optional")
    let generic = WPOpt<String>("generic")
    let hidden = WPStr("hidden", serializeForOutput: false)
}

@Suite("WrapPropertyString and WrapPropertyOptional<String>")
struct StringPropertyTests {
    @Test("Present strings read as they are")
    func present() throws {
        let texts = try #require(Texts(json: #"{"text": "héllo", "text_default": "", "optional": "x", "generic": "g"}"#))
        #expect(texts.text.value == "héllo")
        #expect(texts.textDefault.value == "")
        #expect(texts.optional.value == "x")
        #expect(texts.generic.value == "g")
    }

    @Test("Absent, null and wrong types read the default", arguments: ["{}", #"{"text": null, "text_default": null, "optional": null, "generic": null}"#,
                                                                      #"{"text": 5, "text_default": true, "optional": [], "generic": {"a": "b"}}"#])
    func defaults(json: String) throws {
        let texts = try #require(Texts(json: json))
        #expect(texts.text.value == "")
        #expect(texts.textDefault.value == "n/a")
        #expect(texts.optional.value == nil)
        #expect(texts.generic.value == nil)
    }

    @Test("Output with and without nulls, for output or not")
    func output() throws {
        let texts = try #require(Texts(json: #"{"text": "a", "optional": "b", "hidden": "h"}"#, mutable: true))
        #expect(canonical(texts.currentModelData(withNulls: false)) ==
                canonical(["text": "a", "text_default": "n/a", "optional": "b", "hidden": "h"]))
        #expect(canonical(texts.currentModelData(withNulls: true, forOutput: true)) ==
                canonical(["text": "a", "text_default": "n/a", "optional": "b", "generic": NSNull()]))
        texts.optional.value = nil
        texts.generic.value = "set"
        texts.text.value = ""
        #expect(canonical(texts.currentModelData(withNulls: false, forOutput: true)) ==
                canonical(["text": "", "text_default": "n/a", "generic": "set"]))
        #expect(canonical(texts.currentModelData(withNulls: true, forOutput: false)) ==
                canonical(["text": "", "text_default": "n/a", "generic": "set", "optional": NSNull(), "hidden": "h"]))
    }
}
