import Foundation
import Testing
import WrapModel

/// A Codable envelope holding media through the polymorphic wrapper.
struct PolyEnvelope: Codable {
    @PolymorphicModel var featured: PolyMedia
    var items: [PolymorphicModel<PolyMedia>]
}

@Suite("Polymorphic models: mixed collections round-trip")
struct PolymorphicRoundTripTests {
    private func feed() throws -> [PolyMedia] { try PolyMedia.importModels(from: polyFeedJSON) }

    private func checkFeed(_ models: [PolyMedia]) {
        #expect(classNames(models) == ["PolyPhoto", "PolyVideo", "PolyMedia"])
        #expect((models[0] as? PolyPhoto)?.width == 640)
        #expect((models[1] as? PolyVideo)?.seconds == 12.5)
        #expect((models[1] as? PolyVideo)?.notes.value == "keep")
        #expect(models.map(\.title) == ["Sunset", "Waves", "Rain"])
        #expect(canonical(models[2].originalModelData["type"]) == canonical("audio"))
    }

    @Test("JSON, XML and binary property lists", arguments: [WrapDataFormat.json, .xmlPlist, .binaryPlist])
    func persistenceFormats(format: WrapDataFormat) throws {
        let models = try feed()
        checkFeed(try [PolyMedia].read(from: try models.data(format: format)))
        let dictionary = ["p": models[0], "v": models[1]]
        let back = try [String: PolyMedia].read(from: try dictionary.data(format: format))
        #expect(back["p"] is PolyPhoto)
        #expect(back["v"] is PolyVideo)
    }

    @Test("Keyed archive of an array keeps each element's class")
    func keyedArchive() throws {
        let models = try feed()
        let data = try NSKeyedArchiver.archivedData(withRootObject: models as NSArray, requiringSecureCoding: true)
        let back = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, PolyMedia.self, PolyPhoto.self, PolyVideo.self], from: data)
        checkFeed(try #require(back as? [PolyMedia]))
    }

    @Test("Codable through PolymorphicModel")
    func codable() throws {
        let models = try feed()
        let envelope = PolyEnvelope(featured: models[1], items: models.map { PolymorphicModel(wrappedValue: $0) })
        let data = try JSONEncoder().encode(envelope)
        let back = try JSONDecoder().decode(PolyEnvelope.self, from: data)
        #expect((back.featured as? PolyVideo)?.seconds == 12.5)
        checkFeed(back.items.map(\.wrappedValue))
        // A property list decoder too.
        let plistBack = try PropertyListDecoder().decode(PolyEnvelope.self, from: try PropertyListEncoder().encode(envelope))
        checkFeed(plistBack.items.map(\.wrappedValue))
    }

    @Test("A feed model's arrays round-trip through its own persistence")
    func containerRoundTrip() throws {
        let container = try #require(PolyFeed(json: #"{"items": \#(polyFeedJSON)}"#, mutable: true))
        (container.items.value[0] as? PolyPhoto)?.$width.value = 1024
        for format in [WrapDataFormat.json, .xmlPlist, .binaryPlist] {
            let back = try PolyFeed.read(from: try container.data(format: format))
            checkFeedAfterEdit(back.items.value)
        }
    }

    private func checkFeedAfterEdit(_ models: [PolyMedia]) {
        #expect(classNames(models) == ["PolyPhoto", "PolyVideo", "PolyMedia"])
        #expect((models[0] as? PolyPhoto)?.width == 1024)
        #expect((models[1] as? PolyVideo)?.notes.value == "keep")
    }
}
