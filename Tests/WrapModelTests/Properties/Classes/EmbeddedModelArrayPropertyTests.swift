import Foundation
import Testing
import WrapModel

final class Feed: WrapModel, @unchecked Sendable {
    let edges = WPEmbModelArray<Item>("data.edges", embedPath: "node.item")
    let optionalEdges = WPOptEmbModelArray<Item>("more", embedPath: "wrap")
    let unembedded = WPEmbModelArray<Item>("plain")
    let hidden = WPEmbModelArray<Item>("hidden", embedPath: "x", serializeForOutput: false)
}

@Suite("WrapPropertyArrayOfEmbeddedModel and its optional")
struct EmbeddedModelArrayPropertyTests {
    static let json = #"""
    {"data": {"edges": [{"node": {"item": {"id": 1, "name": "one"}, "cursor": "c1"}}, {"node": {}}, {"node": {"item": {"id": 2}}}, 5]},
     "more": [{"wrap": {"id": 3}}],
     "plain": [{"id": 4}],
     "hidden": [{"x": {"id": 8}}]}
    """#

    @Test("Each element's model is read at the embed path; elements without one are dropped")
    func reads() throws {
        let feed = try #require(Feed(json: Self.json))
        #expect(feed.edges.value.map { $0.id.value } == [1, 2])
        #expect(feed.edges.value.map { $0.name.value } == ["one", ""])
        #expect(canonical(feed.edges.value[0].originalModelData) == canonical(["id": 1, "name": "one"]))
        #expect(feed.optionalEdges.value?.map { $0.id.value } == [3])
        #expect(feed.unembedded.value.map { $0.id.value } == [4])
        #expect(feed.hidden.value.map { $0.id.value } == [8])
        #expect(feed.edges.value.allSatisfy { $0.lock === feed.lock })
    }

    @Test("Absent, null and wrong types read the default", arguments: ["{}", #"{"data": {"edges": null}, "more": null}"#,
                                                                      #"{"data": {"edges": {"node": {}}}, "more": 1}"#])
    func defaults(json: String) throws {
        let feed = try #require(Feed(json: json))
        #expect(feed.edges.value.isEmpty)
        #expect(feed.optionalEdges.value == nil)
    }

    @Test("Output re-embeds each model at the embed path")
    func output() throws {
        let feed = try #require(Feed(json: Self.json, mutable: true))
        feed.edges.value[1].name.value = "two"
        #expect(canonical(feed.currentModelData(withNulls: false)) == canonical([
            "data": ["edges": [["node": ["item": ["id": 1, "name": "one"]]], ["node": ["item": ["id": 2, "name": "two"]]]]],
            "more": [["wrap": ["id": 3, "name": ""]]],
            "plain": [["id": 4, "name": ""]],
            "hidden": [["x": ["id": 8, "name": ""]]],
        ]))
        feed.optionalEdges.value = nil
        feed.edges.value.removeFirst()
        #expect(canonical(feed.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "data": ["edges": [["node": ["item": ["id": 2, "name": "two"]]]]],
            "more": NSNull(),
            "plain": [["id": 4, "name": ""]],
        ]))
    }

    @Test("Output reads back through the same embed path")
    func roundTrip() throws {
        let feed = try #require(Feed(json: Self.json))
        let reread = Feed(data: feed.currentModelData(withNulls: false), mutable: false)
        #expect(reread.edges.value.map { $0.id.value } == [1, 2])
        #expect(reread.optionalEdges.value?.map { $0.id.value } == [3])
        #expect(reread == feed)
    }
}
