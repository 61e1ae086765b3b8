import Foundation
import Testing
import WrapModel

final class Paint: WrapModel, @unchecked Sendable {
    let shade = WPEnum<Shade>("shade", defaultEnum: .unknown)
    let trim = WPEnum<Shade>("trim", defaultEnum: .blue)
    let optional = WPOptEnum<Shade>("optional")
    let explicit = WrapPropertyEnum<Shade>("explicit", defaultEnum: .green, conversionDict: ["R": .red, "G": .green])
    let explicitOptional = WrapPropertyOptionalEnum<Shade>("explicit_optional", conversionDict: ["B": .blue])
    let unknownable = WrapPropertyUnknownEnum<Shade>("unknownable", unknown: .unknown)
    let hidden = WPEnum<Shade>("hidden", defaultEnum: .red, serializeForOutput: false)
}

@Suite("Enum properties")
struct EnumPropertyTests {
    @Test("WrapConvertibleEnum: conversionDict(), stringValue()")
    func convertibleEnum() {
        #expect(Shade.conversionDict()["green"] == .green)
        #expect(Shade.red.stringValue() == "crimson")
        #expect(Shade.green.stringValue() == "green")
        #expect(Shade.unknown.stringValue() == nil)
        #expect(Shade.stringValue(from: .blue) == "blue")
    }

    @Test("Strings convert through the conversion dictionary")
    func reads() throws {
        let paint = try #require(Paint(json: #"{"shade": "green", "trim": "crimson", "optional": "blue", "explicit": "R", "explicit_optional": "B", "unknownable": "red"}"#))
        #expect(paint.shade.value == .green)
        #expect(paint.trim.value == .red)
        #expect(paint.optional.value == .blue)
        #expect(paint.explicit.value == .red)
        #expect(paint.explicitOptional.value == .blue)
        #expect(paint.unknownable.value == .red)
    }

    @Test("Unknown strings, absent, null and wrong types read the default", arguments: [
        "{}", #"{"shade": null, "trim": null, "optional": null, "explicit": null, "unknownable": null}"#,
        #"{"shade": "purple", "trim": "purple", "optional": "purple", "explicit": "red", "unknownable": "purple"}"#,
        #"{"shade": true, "trim": [], "optional": {}, "explicit": 9.5, "unknownable": "" }"#,
    ])
    func defaults(json: String) throws {
        let paint = try #require(Paint(json: json))
        #expect(paint.shade.value == .unknown)
        #expect(paint.trim.value == .blue)
        #expect(paint.optional.value == nil)
        #expect(paint.explicit.value == .green)
        #expect(paint.unknownable.value == .unknown)
    }

    @Test("asString() is the current value's string")
    func asString() throws {
        let paint = try #require(Paint(json: #"{"shade": "green", "trim": "red"}"#, mutable: true))
        #expect(paint.shade.asString() == "green")
        #expect(paint.trim.asString() == "crimson")
        #expect(paint.optional.asString() == nil)
        #expect(paint.explicit.asString() == "G")
        paint.optional.value = .blue
        #expect(paint.optional.asString() == "blue")
        paint.shade.value = .red
        #expect(paint.shade.asString() == "crimson")
    }

    @Test("Output writes strings; unknown is never written; with nulls, for output or not")
    func output() throws {
        let paint = try #require(Paint(json: #"{"shade": "blue", "hidden": "green"}"#, mutable: true))
        #expect(canonical(paint.currentModelData(withNulls: false)) == canonical([
            "shade": "blue", "trim": "blue", "explicit": "G", "hidden": "green",
        ]))
        #expect(canonical(paint.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "shade": "blue", "trim": "blue", "explicit": "G", "optional": NSNull(), "explicit_optional": NSNull(), "unknownable": NSNull(),
        ]))
        paint.unknownable.value = .green
        paint.optional.value = .red
        #expect(canonical(paint.currentModelData(withNulls: false, forOutput: true)) == canonical([
            "shade": "blue", "trim": "blue", "explicit": "G", "optional": "crimson", "unknownable": "green",
        ]))
        paint.unknownable.value = .unknown
        #expect(paint.currentModelData(withNulls: false)["unknownable"] == nil)
        #expect(!paint.unknownable.hasValue())
        #expect(paint.unknownable.unknown == .unknown)
    }

    @Test("Output reads back to the same values")
    func roundTrip() {
        let paint = Paint(data: [:], mutable: true)
        paint.shade.value = .red
        paint.trim.value = .green
        paint.optional.value = .blue
        let reread = Paint(data: paint.currentModelData(withNulls: false), mutable: false)
        #expect(reread.shade.value == .red)
        #expect(reread.trim.value == .green)
        #expect(reread.optional.value == .blue)
    }
}
