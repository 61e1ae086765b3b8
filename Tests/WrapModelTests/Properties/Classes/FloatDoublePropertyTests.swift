import Foundation
import Testing
import WrapModel

final class Reals: WrapModel, @unchecked Sendable {
    let float = WPFloat("float")
    let floatDefault = WPFloat("float_default", defaultValue: 1.5)
    let double = WPDouble("double")
    let doubleDefault = WPDouble("double_default", defaultValue: -0.25)
    let optionalDouble = WrapPropertyOptionalDouble("optional_double")
    let hidden = WPDouble("hidden", serializeForOutput: false)
}

@Suite("WrapPropertyFloat and WrapPropertyDouble")
struct FloatDoublePropertyTests {
    @Test("Present numbers read, integers included")
    func present() throws {
        let reals = try #require(Reals(json: #"{"float": 0.1, "float_default": 3, "double": 2.75, "double_default": 7, "optional_double": 1e-3}"#))
        #expect(reals.float.value == Float(0.1))
        #expect(reals.floatDefault.value == 3)
        #expect(reals.double.value == 2.75)
        #expect(reals.doubleDefault.value == 7)
        #expect(reals.optionalDouble.value == 0.001)
    }

    @Test("Numeric strings convert")
    func strings() {
        let reals = Reals(data: ["float": "2.5", "double": "-3.125", "optional_double": "1e2"], mutable: false)
        #expect(reals.float.value == 2.5)
        #expect(reals.double.value == -3.125)
        #expect(reals.optionalDouble.value == 100)
    }

    @Test("Absent, null and wrong types read the default", arguments: ["{}", #"{"float": null, "float_default": null, "double": null, "double_default": null, "optional_double": null}"#,
                                                                      #"{"float": "x", "float_default": true, "double": [1], "double_default": {}, "optional_double": false}"#])
    func defaults(json: String) throws {
        let reals = try #require(Reals(json: json))
        #expect(reals.float.value == 0)
        #expect(reals.floatDefault.value == 1.5)
        #expect(reals.double.value == 0)
        #expect(reals.doubleDefault.value == -0.25)
        #expect(reals.optionalDouble.value == nil)
    }

    @Test("Float writes back a Double of its shortest decimal form")
    func floatWritesDouble() throws {
        let reals = try #require(Reals(json: #"{"float": 0.1}"#, mutable: true))
        let output = reals.currentModelData(withNulls: false)
        #expect(canonical(output["float"]) == "d:0.1")
        #expect(output["float"] is Double)
        #expect(canonical(output["float_default"]) == "d:1.5")
        reals.float.value = 3.3
        #expect(canonical(reals.currentModelData(withNulls: false)["float"]) == "d:3.3")
        reals.float.value = 2
        #expect(canonical(reals.currentModelData(withNulls: false)["float"]) == "d:2.0")
    }

    @Test("Output with and without nulls, for output or not")
    func output() throws {
        let reals = try #require(Reals(json: #"{"double": 2, "hidden": 9.5}"#, mutable: true))
        #expect(canonical(reals.currentModelData(withNulls: false)) == canonical([
            "float": 0.0, "float_default": 1.5, "double": 2.0, "double_default": -0.25, "hidden": 9.5,
        ]))
        #expect(canonical(reals.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "float": 0.0, "float_default": 1.5, "double": 2.0, "double_default": -0.25, "optional_double": NSNull(),
        ]))
        reals.optionalDouble.value = 0.5
        reals.double.value = -1
        #expect(canonical(reals.currentModelData(withNulls: false, forOutput: true)) == canonical([
            "float": 0.0, "float_default": 1.5, "double": -1.0, "double_default": -0.25, "optional_double": 0.5,
        ]))
    }
}
