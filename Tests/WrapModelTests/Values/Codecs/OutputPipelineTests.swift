import Foundation
import Testing
import WrapModel

@Suite("One output pipeline for jsonData and data(format:)")
struct OutputPipelineTests {
    static let json = #"{"id": 7, "extra": {"kept": 1.50}, "title": "t"}"#

    // Unsorted output of a plain dictionary may order keys differently on each call, so every
    // case either sorts keys or keeps the original order (keepUnmodeledKeys).
    @Test("Each option set writes its bytes, through jsonData and data(format:) alike")
    func optionSets() throws {
        let record = try #require(CodecRecord(json: Self.json, mutable: true))
        record.title = "u"
        let expected: [(WrapOutputOptions, String)] = [
            ([], #"{"id":7,"extra":{"kept":1.50},"title":"u"}"#),
            ([.declaredOnly, .sortedKeys],
             #"{"amounts":{},"big":0,"huge":0,"id":7,"lines":[],"members":[],"opt_in":"no","price":0,"#
                + #""scores":{},"shade":"red","tags":[],"tier":"basic","title":"u"}"#),
            ([.declaredOnly, .sortedKeys, .withNulls],
             #"{"amounts":{},"balance":null,"big":0,"due":null,"huge":0,"id":7,"joined":null,"level":null,"#
                + #""lines":[],"members":[],"nickname":null,"opt_in":"no","owner":null,"paid":null,"price":0,"#
                + #""scores":{},"shade":"red","site":null,"tags":[],"tier":"basic","title":"u","token":null,"total":null}"#),
            (.persistence, #"{"id":7,"extra":{"kept":1.50},"title":"u"}"#),
            ([.keepUnmodeledKeys, .sortedKeys], #"{"extra":{"kept":1.50},"id":7,"title":"u"}"#),
        ]
        for (options, json) in expected {
            #expect(String(decoding: try record.jsonData(options: options), as: UTF8.self) == json)
            #expect(String(decoding: try record.data(format: .json, options: options), as: UTF8.self) == json)
        }
    }

    @Test("data(format:prettyPrinted:) stores the persistence options: unmodelled keys kept exactly")
    func persistenceDefaults() throws {
        let record = try #require(CodecRecord(json: Self.json, mutable: true))
        record.title = "u"
        let stored = try record.data(format: .json)
        #expect(String(decoding: stored, as: UTF8.self) == #"{"id":7,"extra":{"kept":1.50},"title":"u"}"#)
        let plist = try record.data(format: .xmlPlist, options: .persistence)
        let back = try CodecRecord.read(from: plist, format: .xmlPlist)
        #expect(back.title == "u")
        #expect(back.originalModelData["extra"] as? [String: Double] == ["kept": 1.5])
    }
}
