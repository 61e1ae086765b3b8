import Foundation
import Testing
import WrapModel

final class Generics: WrapModel, @unchecked Sendable {
    let text = WP<String>("text", defaultValue: "none")
    let list = WP<[String]>("list", defaultValue: [])
    let optionalInt = WPOpt<Int>("optional_int")
    let optionalDouble = WPOpt<Double>("optional_double")
    let optionalBool = WPOpt<Bool>("optional_bool")
    let optionalList = WPOpt<[Int]>("optional_list")
    let converted: WP<String> = {
        let property = WP<String>("converted", defaultValue: "")
        property.toModelConverter = { raw in (raw as? String)?.uppercased() ?? "?" }
        property.fromModelConverter = { value in value.lowercased() }
        return property
    }()
    let hidden = WP<String>("hidden", defaultValue: "", serializeForOutput: false)
}

@Suite("WrapProperty<T> and WrapPropertyOptional<T>")
struct GenericPropertyTests {
    @Test("Values of the declared type read as they are")
    func reads() throws {
        let generics = try #require(Generics(json: #"{"text": "t", "list": ["a", "b"], "optional_int": 4, "optional_double": 0.5, "optional_bool": false, "optional_list": [1, 2]}"#))
        #expect(generics.text.value == "t")
        #expect(generics.list.value == ["a", "b"])
        #expect(generics.optionalInt.value == 4)
        #expect(generics.optionalDouble.value == 0.5)
        #expect(generics.optionalBool.value == false)
        #expect(generics.optionalList.value == [1, 2])
    }

    @Test("Int, Double and Bool optionals convert as their named properties do")
    func naturalConversions() {
        let generics = Generics(data: ["optional_int": "2.5", "optional_double": "7", "optional_bool": "Yes"], mutable: false)
        #expect(generics.optionalInt.value == 3)
        #expect(generics.optionalDouble.value == 7)
        #expect(generics.optionalBool.value == true)
    }

    @Test("Absent, null and wrong types read the default", arguments: ["{}",
        #"{"text": null, "list": null, "optional_int": null, "optional_double": null, "optional_bool": null, "optional_list": null}"#,
        #"{"text": 1, "list": "a", "optional_int": "x", "optional_double": [], "optional_bool": "maybe", "optional_list": {}}"#])
    func defaults(json: String) throws {
        let generics = try #require(Generics(json: json))
        #expect(generics.text.value == "none")
        #expect(generics.list.value == [])
        #expect(generics.optionalInt.value == nil)
        #expect(generics.optionalDouble.value == nil)
        #expect(generics.optionalBool.value == nil)
        #expect(generics.optionalList.value == nil)
    }

    @Test("toModelConverter and fromModelConverter replace the built-in conversion")
    func converters() throws {
        let generics = try #require(Generics(json: #"{"converted": "MiXed"}"#, mutable: true))
        #expect(generics.converted.value == "MIXED")
        #expect(canonical(generics.currentModelData(withNulls: false)["converted"]) == "s:mixed")
        generics.converted.value = "NEW"
        #expect(canonical(generics.currentModelData(withNulls: false)["converted"]) == "s:new")
        let wrongType = try #require(Generics(json: #"{"converted": 5}"#))
        #expect(wrongType.converted.value == "?")
        let absent = try #require(Generics(json: "{}"))
        #expect(absent.converted.value == "")
    }

    @Test("Output with and without nulls, for output or not")
    func output() throws {
        let generics = try #require(Generics(json: #"{"text": "t", "optional_int": 4, "hidden": "h"}"#, mutable: true))
        #expect(canonical(generics.currentModelData(withNulls: false)) ==
                canonical(["text": "t", "list": [String](), "optional_int": 4, "converted": "", "hidden": "h"] as [String: Any]))
        #expect(canonical(generics.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "text": "t", "list": [String](), "optional_int": 4, "converted": "",
            "optional_double": NSNull(), "optional_bool": NSNull(), "optional_list": NSNull(),
        ] as [String: Any]))
        generics.optionalInt.value = nil
        generics.optionalBool.value = true
        generics.list.value = ["z"]
        #expect(canonical(generics.currentModelData(withNulls: false, forOutput: true)) ==
                canonical(["text": "t", "list": ["z"], "optional_bool": true, "converted": ""] as [String: Any]))
    }
}
