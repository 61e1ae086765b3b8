import Foundation
import Testing
@testable import WrapGenKit

/// Paths of the checked-in samples and golden files, found from this file's location so the
/// golden comparison reads the very files the test build compiles.
enum Fixtures {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let resources = testsFolder.appendingPathComponent("Resources")
    static let samples = resources.appendingPathComponent("Samples")
    static let golden = testsFolder.appendingPathComponent("Golden")
    static let library = resources.appendingPathComponent("Library.xcdatamodeld")

    static func sample(_ name: String) -> URL { samples.appendingPathComponent(name) }

    static func sampleText(_ name: String) throws -> String {
        try String(contentsOf: sample(name), encoding: .utf8)
    }

    /// A fresh empty temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("wrapgen-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// One golden file and how it is generated.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    enum Input: Sendable {
        case json([String], rootName: String)
        /// A data model path under Resources.
        case dataModel(String)
    }

    let file: String
    let input: Input
    let options: WrapGenOptions

    var testDescription: String { file }

    static let all: [GoldenCase] = [
        GoldenCase(file: "NestedCustomer.swift", input: .json(["nested_customer.json"], rootName: "NestedCustomer"),
                   options: WrapGenOptions(style: .wrappers)),
        GoldenCase(file: "Profile.swift", input: .json(["profile_a.json", "profile_b.json"], rootName: "Profile"),
                   options: WrapGenOptions(style: .wrappers, mutable: true)),
        GoldenCase(file: "Event.swift", input: .json(["events_1.json", "events_2.json"], rootName: "Event"),
                   options: WrapGenOptions(style: .classic)),
        GoldenCase(file: "Catalog.swift", input: .json(["catalog.json"], rootName: "Catalog"), options: WrapGenOptions(style: .wrappers)),
        GoldenCase(file: "Awkward.swift", input: .json(["awkward.json"], rootName: "Awkward"),
                   options: WrapGenOptions(style: .wrappers, mutable: true)),
        GoldenCase(file: "Library.swift", input: .dataModel("Library.xcdatamodeld"), options: WrapGenOptions(style: .wrappers, mutable: true)),
        GoldenCase(file: "Zoo.swift", input: .dataModel("Zoo.xcdatamodel/contents"), options: WrapGenOptions(style: .wrappers, mutable: true)),
        GoldenCase(file: "Aquarium.swift", input: .dataModel("Aquarium.xcdatamodel.contents"),
                   options: WrapGenOptions(style: .classic)),
        GoldenCase(file: "Deck.swift", input: .dataModel("Deck.xcdatamodel"), options: WrapGenOptions(style: .wrappers)),
        GoldenCase(file: "Venue.swift", input: .json(["id_map.json"], rootName: "Venue"), options: WrapGenOptions(style: .wrappers)),
        GoldenCase(file: "GeoFeature.swift", input: .json(["geo.json"], rootName: "Feature"),
                   options: WrapGenOptions(style: .classic, enums: true, prefix: "Geo")),
        GoldenCase(file: "TreeNode.swift", input: .json(["tree.json"], rootName: "Node"),
                   options: WrapGenOptions(style: .wrappers, mutable: true, prefix: "Tree")),
        GoldenCase(file: "GHEvent.swift", input: .json(["github.json"], rootName: "Event"),
                   options: WrapGenOptions(style: .wrappers, prefix: "GH")),
        GoldenCase(file: "TWStatus.swift", input: .json(["tweet.json"], rootName: "Status"),
                   options: WrapGenOptions(style: .wrappers, prefix: "TW")),
        GoldenCase(file: "PropAwkward.swift", input: .json(["awkward.json"], rootName: "Awkward"),
                   options: WrapGenOptions(style: .property, mutable: true, prefix: "Prop")),
        GoldenCase(file: "PropGeoFeature.swift", input: .json(["geo.json"], rootName: "Feature"),
                   options: WrapGenOptions(style: .property, enums: true, prefix: "PropGeo")),
        GoldenCase(file: "PropStatus.swift", input: .json(["tweet.json"], rootName: "Status"),
                   options: WrapGenOptions(style: .property, prefix: "Prop")),
        GoldenCase(file: "Order.swift", input: .json(["order_1.json", "order_2.json"], rootName: "Order"),
                   options: WrapGenOptions(style: .wrappers)),
        GoldenCase(file: "PropOrder.swift", input: .json(["order_1.json", "order_2.json"], rootName: "Order"),
                   options: WrapGenOptions(style: .property, mutable: true, prefix: "Prop")),
        GoldenCase(file: "ClassicOrder.swift", input: .json(["order_1.json", "order_2.json"], rootName: "Order"),
                   options: WrapGenOptions(style: .classic, prefix: "Classic")),
        GoldenCase(file: "Kennel.swift", input: .dataModel("Kennel.xcdatamodel"), options: WrapGenOptions(style: .property)),
    ]

    func generate() throws -> WrapGenOutput {
        switch input {
        case let .json(samples, rootName):
            return try WrapGen.generate(jsonFiles: samples.map(Fixtures.sample), rootName: rootName, options: options)
        case .dataModel(let path):
            return try WrapGen.generate(dataModel: Fixtures.resources.appendingPathComponent(path), options: options)
        }
    }
}
