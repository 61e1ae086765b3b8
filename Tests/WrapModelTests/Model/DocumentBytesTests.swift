import Foundation
import Testing
@testable import WrapModel
@testable import WrapModelJSON

/// Models keep the `Data` they are created from instead of copying it; these pin down that this
/// changes nothing a caller can see.
@Suite("Document bytes kept from the caller's Data")
struct DocumentBytesTests {
    final class Item: WrapModel, @unchecked Sendable {
        @StrProperty("name") var name
        @MutIntProperty("count") var count
    }

    // Compact, as lossless output writes it (it keeps tokens as they came, not whitespace).
    static let text = #"{"name":"caf\u00e9","count":1.0e1,"extra":[1,2]}"#

    @Test("a slice whose indices do not start at 0 is read and posted back exactly")
    func sliceOfLargerBuffer() throws {
        let envelope = Data(("HTTP-ish header\r\n\r\n" + Self.text + "trailing bytes").utf8)
        let start = envelope.firstIndex(of: UInt8(ascii: "{"))!
        let body = envelope[start..<(start + Self.text.utf8.count)]
        #expect(body.startIndex == 19)
        let item = try #require(Item(jsonData: body))
        #expect(item.name == "café")
        #expect(item.count == 10)
        #expect(try item.jsonString(options: [.keepUnmodeledKeys]) == Self.text)
        let document = try JSONDocument(data: body)
        #expect(document.data.startIndex == 0)
        #expect(document.data == Data(Self.text.utf8))
    }

    @Test("changing the caller's Data afterwards changes nothing in the model")
    func callerMutationIsNotSeen() throws {
        var body = Data(Self.text.utf8)
        let item = try #require(Item(jsonData: body, mutable: true))
        body.replaceSubrange(0..<body.count, with: Data(#"{"name": "other", "count": 2}"#.utf8))
        #expect(item.name == "café")
        #expect(item.count == 10)
        #expect(try item.jsonString(options: [.keepUnmodeledKeys]) == Self.text)
        item.count = 3
        #expect(try item.jsonString(options: [.keepUnmodeledKeys])
            == #"{"name":"caf\u00e9","count":3,"extra":[1,2]}"#)
    }

    @Test("writing into the caller's large Data in place afterwards changes nothing in the model")
    func callerInPlaceMutationIsNotSeen() throws {
        // Documents from 256 bytes up are read through a pointer into the caller's buffer: an
        // in-place write to the caller's copy must go to a buffer of its own (copy-on-write).
        for padding in [200, 212, 213, 214, 4_000] { // 243, 255, 256, 257 and 4,043 bytes
            let text = #"{"name":"caf\u00e9","count":1.0e1,"pad":""# + String(repeating: "p", count: padding) + #""}"#
            var body = Data(text.utf8)
            let item = try #require(Item(jsonData: body, mutable: true))
            body.withUnsafeMutableBytes { raw in
                for i in raw.indices { raw[i] = UInt8(ascii: " ") }
            }
            body[0] = UInt8(ascii: "[")
            #expect(item.name == "café", "\(text.utf8.count) bytes")
            #expect(item.count == 10)
            #expect(try item.jsonString(options: [.keepUnmodeledKeys]) == text)
        }
    }

    @Test("small inline Data and large Data are read the same way")
    func smallAndLargeData() throws {
        let small = Data(#"{"count":7}"#.utf8) // short enough to be stored inline in the Data value
        #expect(try #require(Item(jsonData: small)).count == 7)
        let names = (0..<5_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let large = Data("{\(names),\"name\":\"last\"}".utf8)
        let item = try #require(Item(jsonData: large))
        #expect(item.name == "last")
        #expect(try item.jsonData(options: [.keepUnmodeledKeys]) == large)
    }

    @Test("importing from a slice reads the slice's objects")
    func importFromSlice() throws {
        let envelope = Data(("xx[" + Self.text + "]").utf8)
        let models = try Item.importModels(from: envelope[2...])
        #expect(models.map(\.name) == ["café"])
    }
}
