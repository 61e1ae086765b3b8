import Foundation
import Testing
import WrapModel

final class NicknamedAddress: WrapModel, @unchecked Sendable {
    @MutOptStrProperty("line2") var line2
}

final class Nicknamed: WrapModel, @unchecked Sendable {
    @MutStrProperty("name") var name
    @MutOptStrProperty("nickname") var nickname
    @MutModelProperty("address") var address: NicknamedAddress?
}

@Suite("A member removed stays absent")
struct AbsentMemberRoundTripTests {
    /// `x` holds a null the data came with: that one stays.
    static let input = #"{"name":"Ada","nickname":"Addy","address":{"line2":"Flat 3","city":"London"},"x":null}"#
    static let stored = #"{"address":{"city":"London"},"name":"Ada","x":null}"#

    private func edited() throws -> Nicknamed {
        let model = try Nicknamed(parsing: Self.input, mutable: true)
        model.nickname = nil
        model.address?.line2 = nil
        return model
    }

    private func sorted(_ data: [String: Any]) throws -> String {
        String(decoding: try WrapJSON.data(from: data, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("an optional set to nil is absent, not null, after a keyed archive round trip, and saving it writes no null")
    func keyedArchive() throws {
        var model = try edited()
        for _ in 0..<2 {
            model = try #require(try archiveRoundTrip(model))
            #expect(try sorted(model.originalModelData) == Self.stored)
            #expect(String(decoding: try model.data(format: .json, options: [.persistence, .sortedKeys]), as: UTF8.self) == Self.stored)
            #expect(model.nickname == nil)
            #expect(model.address?.line2 == nil)
        }
    }

    @Test("an optional set to nil stays absent through Codable round trips")
    func codable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var encoded = try encoder.encode(edited())
        #expect(String(decoding: encoded, as: UTF8.self) == Self.stored)
        let decoded = try JSONDecoder().decode(Nicknamed.self, from: encoded)
        #expect(try sorted(decoded.originalModelData) == Self.stored)
        encoded = try encoder.encode(decoded)
        #expect(String(decoding: encoded, as: UTF8.self) == Self.stored)
    }

    @Test("an optional set to nil stays absent through persistence round trips")
    func persistence() throws {
        var bytes = try edited().data(format: .json)
        var expected = Self.stored
        for format in [WrapDataFormat.json, .xmlPlist, .binaryPlist, .json] {
            let model = try Nicknamed.read(from: bytes, mutable: true)
            #expect(try sorted(model.originalModelData) == expected)
            #expect(model.nickname == nil)
            bytes = try model.data(format: format)
            // Property lists have no null: the data's own null is dropped with its key.
            if format != .json { expected = #"{"address":{"city":"London"},"name":"Ada"}"# }
        }
    }
}
