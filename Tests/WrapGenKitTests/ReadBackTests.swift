import Foundation
import Testing
import WrapModel

/// The generated classes read their samples back as `JSONSerialization` reads them: output of
/// every golden model equals the sample (numbers compared by value; a null equals an absent key).
@Suite struct ReadBackTests {
    @Test func idKeyedMapsArraysAndUnicodeNames() throws {
        let text = try Fixtures.sampleText("id_map.json")
        let venue = try #require(Venue(json: text))
        #expect(venue.seats.keys.sorted() == ["138586341", "138586345", "138586349"])
        #expect(venue.seats["138586345"]?.price == 45)
        #expect(venue.seats["138586341"]?.accessible == true)
        #expect(venue.performers.map(\.id) == [1024, 2048])
        #expect(venue.performers.map(\.confirmed) == [true, false])
        #expect(venue.名前 == "プレイエル")
        #expect(venue.größe == 2400)
        #expect(venue.pleyelPleyel == "Paris 8e")
        try expectSameData(venue.currentModelData(withNulls: false), text)
    }

    @Test func arrayRootsAndNestedNumbers() throws {
        let text = try Fixtures.sampleText("geo.json")
        let features = try GeoFeature.importModels(from: text)
        #expect(features.count == 4)
        #expect(features[0].geometry.value?.coordinates.value == [[[2.29, 48.85], [2, 49], [2.3, 48.86], [2.29, 48.85]]])
        #expect(features[1].grid.value == [[5], [6, 7]])
        #expect(features.map(\.status.value) == [.open, .closed, .open, .closed])
        #expect(features.map(\.open.value) == [true, false, true, false])
        #expect(features.map(\.id.value) == [7, 8, 9, 10])
        let original = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
        for (feature, element) in zip(features, original) {
            #expect(Same.data(feature.currentModelData(withNulls: false), element))
        }
    }

    @Test func nestedNumbersHeldAsDecimalsReadTheNearestDoubles() throws {
        let json = #"{"coordinates": [[[339430301.000000000000000000001, -65.613616999999977], [2, 0.5]]]}"#
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let expected: [[[Double]]] = [[[339430301, -65.61361699999998], [2, 0.5]]]
        #expect(GeoGeometry(data: object, mutable: false).coordinates.value == expected)
        #expect(try GeoGeometry(parsing: json).coordinates.value == expected)
    }

    @Test func sameShapesShareOneClass() throws {
        let text = try Fixtures.sampleText("tree.json")
        let tree = try #require(TreeNode(json: text))
        let left: TreeChild? = tree.left
        #expect(left?.weight == 1)
        #expect(tree.children.map(\.name) == ["d", "e"])
        #expect(tree.extra?.name == "c")
        try expectSameData(tree.currentModelData(withNulls: false), text)
    }

    @Test func publicSamples() throws {
        let github = try Fixtures.sampleText("github.json")
        let events = try GHEvent.importModels(from: github)
        let original = try #require(try JSONSerialization.jsonObject(with: Data(github.utf8)) as? [Any])
        #expect(events.count == original.count)
        for (event, element) in zip(events, original) {
            #expect(Same.data(event.currentModelData(withNulls: false), element))
        }
        let tweet = try Fixtures.sampleText("tweet.json")
        try expectSameData(try #require(TWStatus(json: tweet)).currentModelData(withNulls: false), tweet)
    }

    @Test func propertyStyleReadsAndWritesAsTheNamedWrappers() throws {
        let geo = try Fixtures.sampleText("geo.json")
        let features = try PropGeoFeature.importModels(from: geo)
        #expect(features.map(\.status) == [.open, .closed, .open, .closed])
        #expect(features.map(\.open) == [true, false, true, false])
        #expect(features.map(\.id) == [7, 8, 9, 10])
        #expect(features[1].grid == [[5], [6, 7]])
        let named = try GeoFeature.importModels(from: geo)
        for (generic, classic) in zip(features, named) {
            #expect(Same.data(generic.currentModelData(withNulls: false), classic.currentModelData(withNulls: false)))
        }
        let tweet = try Fixtures.sampleText("tweet.json")
        let status = try #require(PropStatus(json: tweet))
        try expectSameData(status.currentModelData(withNulls: false), tweet)
        let awkward = try #require(PropAwkward(json: try Fixtures.sampleText("awkward.json"), mutable: true))
        let before = awkward.currentModelData(withNulls: false)
        awkward.userID = 99
        #expect(awkward.currentModelData(withNulls: false)["user ID"] as? Int == 99)
        #expect(Same.data(try #require(Awkward(json: try Fixtures.sampleText("awkward.json"))).currentModelData(withNulls: false), before))
    }

    private func expectSameData(_ output: [String: Any], _ text: String) throws {
        let original = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(Same.data(output, original))
    }
}

/// Structural comparison of `JSONSerialization`-shaped values.
enum Same {
    static func data(_ a: Any?, _ b: Any?) -> Bool {
        let a = a is NSNull ? nil : a
        let b = b is NSNull ? nil : b
        switch (a, b) {
        case (nil, nil): return true
        case let (x as [String: Any], y as [String: Any]):
            return Set(x.keys).union(y.keys).allSatisfy { data(x[$0], y[$0]) }
        case let (x as [Any], y as [Any]):
            return x.count == y.count && zip(x, y).allSatisfy { data($0, $1) }
        case let (x as String, y as String): return x == y
        default:
            guard let x = number(a), let y = number(b) else { return false }
            return x == y
        }
    }

    /// Booleans as 1 and 0: `JSONSerialization` on Linux gives `NSNumber`s for them.
    private static func number(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let bool = value as? Bool { return bool ? 1 : 0 }
        if let int = value as? Int { return Double(int) }
        return value as? Double
    }
}
