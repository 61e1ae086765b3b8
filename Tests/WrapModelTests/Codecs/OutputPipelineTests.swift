import Foundation
import Testing
import WrapModel

@Suite("One output pipeline for jsonData and data(format:)")
struct OutputPipelineTests {
    static let json = #"{"id": 7, "extra": {"kept": 1.50}, "title": "t"}"#

    // Unsorted output of a plain dictionary may order keys differently on each call, so every
    // case either sorts keys or keeps the original order (keepUnmodeledKeys).
    @Test("jsonData(options:) is data(format: .json, options:)")
    func jsonDataIsDataFormatJSON() throws {
        let record = try #require(CodecRecord(json: Self.json, mutable: true))
        record.title = "u"
        for options: WrapOutputOptions in [[.sortedKeys], [.sortedKeys, .withNulls], .persistence, [.keepUnmodeledKeys, .sortedKeys, .withNulls]] {
            #expect(try record.jsonData(options: options) == record.data(format: .json, options: options))
        }
    }

    @Test("data(format:prettyPrinted:) stores the persistence options: unmodelled keys kept exactly")
    func persistenceDefaults() throws {
        let record = try #require(CodecRecord(json: Self.json, mutable: true))
        record.title = "u"
        let stored = try record.data(format: .json)
        #expect(stored == (try record.data(format: .json, options: .persistence)))
        #expect(String(decoding: stored, as: UTF8.self) == #"{"id":7,"extra":{"kept":1.50},"title":"u"}"#)
        let plist = try record.data(format: .xmlPlist, options: .persistence)
        let back = try CodecRecord.read(from: plist, format: .xmlPlist)
        #expect(back.title == "u")
        #expect(back.originalModelData["extra"] as? [String: Double] == ["kept": 1.5])
    }
}
