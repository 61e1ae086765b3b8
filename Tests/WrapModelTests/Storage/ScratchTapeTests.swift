import Foundation
import Testing
@testable import WrapModel

/// Documents of 100 KB and more are indexed in a shared, reused buffer (`JSONScratchTape`); what
/// is kept and what is read must not depend on who used the buffer before.
@Suite("Large documents and the shared tape buffer")
struct ScratchTapeTests {
    final class Entry: WrapModel, @unchecked Sendable {
        @IntProperty("id") var id
        @StrProperty("name") var name
    }

    final class Feed: WrapModel, @unchecked Sendable {
        @ModelArrayProperty("entries") var entries: [Entry]
    }

    /// A feed of `count` entries tagged with `tag`; about 60 bytes an entry.
    static func feed(_ count: Int, tag: String, pretty: Bool = false) -> Data {
        let gap = pretty ? "\n    " : ""
        let entries = (0..<count).map { #"{\#(gap)"id": \#($0),\#(gap)"name": "\#(tag)-\#($0)",\#(gap)"flags": [true, null]}"# }
        return Data(#"{"entries": [\#(entries.joined(separator: ","))], "tag": "\#(tag)"}"#.utf8)
    }

    @Test("large documents read the same as through JSONSerialization, one after another")
    func sequentialLargeDocuments() throws {
        for (count, tag) in [(3_000, "a"), (6_000, "b"), (2_000, "c"), (4_000, "d")] {
            let data = Self.feed(count, tag: tag, pretty: count == 6_000)
            #expect(data.count > 100_000)
            let parsed = try #require(try WrapJSON.parse(data) as? [String: Any])
            let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(NSDictionary(dictionary: parsed).isEqual(to: reference))
            let feed = try #require(Feed(jsonData: data))
            #expect(feed.entries.count == count)
            #expect(feed.entries.last?.name == "\(tag)-\(count - 1)")
            let postBack = try #require(try JSONSerialization.jsonObject(with: feed.jsonData(options: [.keepUnmodeledKeys])) as? [String: Any])
            #expect(NSDictionary(dictionary: postBack).isEqual(to: reference))
        }
    }

    @Test("a large document that fails to parse leaves the buffer usable")
    func errorThenSuccess() throws {
        var broken = Self.feed(5_000, tag: "x")
        broken[broken.count - 2] = UInt8(ascii: ",") // `"x",}`: a trailing comma strict parsing refuses
        #expect(throws: WrapModelError.self) { try WrapJSON.parse(broken) }
        #expect(throws: WrapModelError.self) { try Feed(parsing: broken) }
        let good = Self.feed(5_000, tag: "y")
        let feed = try #require(Feed(jsonData: good))
        #expect(feed.entries[4_999].id == 4_999)
        #expect((try WrapJSON.parse(good) as? [String: Any])?["tag"] as? String == "y")
    }

    @Test("a document whose tape outgrows the first guess")
    func tapeGrowsPastTheGuess() throws {
        // One value per two bytes: the first guess (a word per six bytes) is three times too small.
        let values = String(repeating: "1,", count: 150_000) + "1"
        let data = Data("[\(values)]".utf8)
        let parsed = try #require(try WrapJSON.parse(data) as? [Int])
        #expect(parsed.count == 150_001)
        #expect(parsed.allSatisfy { $0 == 1 })
        let again = try #require(try WrapJSON.parse(Self.feed(3_000, tag: "z")) as? [String: Any])
        #expect((again["entries"] as? [Any])?.count == 3_000)
    }

    @Test("two threads indexing large documents at once each get their own tape")
    func concurrentLargeDocuments() async throws {
        let documents = (0..<2).map { Self.feed(4_000 + 1_000 * $0, tag: "t\($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, data) in documents.enumerated() {
                group.addTask {
                    for round in 0..<4 {
                        let feed = try #require(Feed(jsonData: data))
                        #expect(feed.entries.count == 4_000 + 1_000 * index)
                        #expect(feed.entries[round * 100].name == "t\(index)-\(round * 100)")
                        let parsed = try #require(try WrapJSON.parse(data) as? [String: Any])
                        #expect(parsed["tag"] as? String == "t\(index)")
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
