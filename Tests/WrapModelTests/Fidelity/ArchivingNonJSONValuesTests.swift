import Foundation
import Testing
import WrapModel

final class RangeModel: WrapModel, @unchecked Sendable {
    @FloatProperty("f") var float
    @MutDoubleProperty("d") var double
    @IntProperty("i") var int
}

@Suite("Numbers out of range and values without a JSON form")
struct ArchivingNonJSONValuesTests {
    @Test("a double too large for Float reads the default and is reported")
    func floatOutOfRange() throws {
        let model = try RangeModel(parsing: #"{"f": 1e308, "d": 1, "i": 1e300}"#)
        #expect(model.float == 0)
        #expect(model.int == 0)
        #expect(model.validate().map(\.description) == [
            "f: expected number in Float's range, found number",
            "i: expected integer in Int's range, found number",
        ])
        // The parsed document always writes back: lossless output copies the unwritten 1e308 as
        // it came, and the declared form writes the default; no infinity reaches the writer.
        #expect(try model.jsonString(options: [.keepUnmodeledKeys]) == #"{"f":1e308,"d":1,"i":1e300}"#)
        let output = try WrapJSON.parse(model.jsonData(options: .declaredOnly)) as? [String: Any]
        #expect(output?["f"] as? Double == 0)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: model, requiringSecureCoding: true)
        #expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: RangeModel.self, from: archive)?.float == 0)
    }

    @Test("a Float in range keeps its value")
    func floatInRange() throws {
        let model = try RangeModel(parsing: #"{"f": 3.4e38}"#)
        #expect(model.float == 3.4e38)
        #expect(model.validate().isEmpty || model.validate().allSatisfy { $0.kind == .missing })
    }

    @Test("archiving a model holding a NaN or infinity neither traps nor loses the value")
    func archiveNonFinite() throws {
        let model = RangeModel(data: ["d": Double.nan, "x": -Double.infinity, "s": "kept"], mutable: true)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: model, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: RangeModel.self, from: archive))
        #expect(back.isMutable)
        #expect(back.double.isNaN)
        let data = back.originalModelData
        #expect(data["x"] as? Double == -Double.infinity)
        #expect(data["s"] as? String == "kept")
    }

    @Test("archiving a written infinity round-trips it")
    func archiveWrittenInfinity() throws {
        let model = try RangeModel(parsing: #"{"d": 2}"#, mutable: true)
        model.double = .infinity
        let archive = try NSKeyedArchiver.archivedData(withRootObject: model, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: RangeModel.self, from: archive))
        #expect(back.double == .infinity)
    }

    @Test("a value with no archivable form is left out; the rest archives")
    func archiveUnarchivable() throws {
        struct Opaque {}
        let model = RangeModel(data: ["d": 1.5, "odd": Opaque(), "nested": ["n": Double.nan, "k": 1] as [String: Any]], mutable: false)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: model, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: RangeModel.self, from: archive))
        #expect(back.double == 1.5)
        #expect(back.originalModelData["odd"] == nil)
        let nested = try #require(back.originalModelData["nested"] as? [String: Any])
        #expect((nested["n"] as? Double)?.isNaN == true)
        #expect(nested["k"] as? Int == 1)
    }
}
