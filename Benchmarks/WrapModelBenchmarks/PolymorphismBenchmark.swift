import Foundation
import WrapModel

/// The base of the polymorphic feed: items choose `BenchPhoto` or `BenchVideo` by `"type"`.
class BenchMedia: WrapModel, WrapPolymorphic, @unchecked Sendable {
    static var subclassSelector: WrapSubclassSelector {
        .discriminator("type", ["photo": BenchPhoto.self, "video": BenchVideo.self])
    }
    @Property("id") var id: Int
    @Property("title") var title: String
}

final class BenchPhoto: BenchMedia, @unchecked Sendable {
    @Property("width") var width: Int
}

final class BenchVideo: BenchMedia, @unchecked Sendable {
    @Property("seconds") var seconds: Double
}

/// The same shape of classes (a base and a subclass, as many properties) without selection.
class BenchPlainBase: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @Property("title") var title: String
}

final class BenchPlainMedia: BenchPlainBase, @unchecked Sendable {
    @Property("width") var width: Int
}

final class BenchPolyFeed: WrapModel, @unchecked Sendable {
    let items = WPModelArray<BenchMedia>("items")
}

final class BenchPlainFeed: WrapModel, @unchecked Sendable {
    let items = WPModelArray<BenchPlainMedia>("items")
}

/// (10) Creating a model array whose class selects a subclass per element, against the same
/// array of a subclass of the same shape that does not select (same JSON document, same class
/// depth and property counts): the cost of selection. Two feeds: photos and videos alternating
/// (two classes in one array), and photos only (selection alone).
func polymorphismScenario(budget: Budget) -> [ResultRow] {
    [polymorphismRow(budget: budget, mixed: true), polymorphismRow(budget: budget, mixed: false)]
}

private func polymorphismRow(budget: Budget, mixed: Bool) -> ResultRow {
    let count = 10_000 / budget.scale
    let items = (0..<count).map { index in
        index % 2 == 0 || !mixed
            ? #"{"id": \#(index), "type": "photo", "title": "p\#(index)", "width": \#(index % 800)}"#
            : #"{"id": \#(index), "type": "video", "title": "v\#(index)", "seconds": \#(index % 60).5}"#
    }
    let json = Data(#"{"items": [\#(items.joined(separator: ","))]}"#.utf8)
    guard let poly = BenchPolyFeed(jsonData: json, mutable: true), let plain = BenchPlainFeed(jsonData: json, mutable: true) else {
        FileHandle.standardError.write(Data("wrapmodel-bench: the polymorphism fixture does not parse\n".utf8))
        exit(1)
    }
    precondition(poly.items.value[0] is BenchPhoto && (poly.items.value[1] is BenchVideo) == mixed && plain.items.value.count == count)
    let (selecting, fixed) = Harness.compare(rounds: budget.rounds * 2, operations: count, {
        poly.clearMutations()
        consume(poly.items.value.count)
    }, {
        plain.clearMutations()
        consume(plain.items.value.count)
    })
    let feed = mixed ? "photos and videos" : "photos only"
    return ResultRow(scenario: "(10) create a model array of \(count) with class selection (\(feed)): per element", wrapModel: selecting,
                     baselineName: "same array, one class, no selection", baseline: fixed, target: "<= 1.10x")
}
