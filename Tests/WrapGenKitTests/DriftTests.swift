import Foundation
import Testing
import WrapModel
@testable import WrapGenKit

/// Unmodeled keys, `wrapgen check` and the issue observer, on the golden `Venue` classes.
@Suite(.serialized) struct DriftTests {
    static let drifted = """
        {"venue": "Salle Pleyel", "PLEYEL_PLEYEL": "Paris", "capacity": 2400,
         "seats": {"1": {"row": "A", "number": "one", "price": 45, "accessible": "Y", "floor": 2}, "2": 7},
         "prices_by_zone": {"1": 45.5}, "名前": "x", "größe": 1, "character": {"name": "C", "born": 1810, "died": 1849},
         "t": {"x": 1, "y": 2}, "performers": [{"id": "12", "name": "O", "confirmed": "maybe"}, 3]}
        """

    static let expected = [
        "capacity: not read by any property",
        "character.died: not read by any property",
        "performers: 1 element did not convert and was dropped",
        "performers[0].confirmed: expected boolean, found string",
        "seats: 1 element did not convert and was dropped",
        "seats.1.floor: not read by any property",
        "seats.1.number: expected integer, found string",
    ]

    @Test func validateListsUnmodeledKeysAtEveryLevel() throws {
        let venue = try #require(Venue(json: Self.drifted))
        #expect(venue.validate(options: .unmodeledKeys).map(\.description) == Self.expected)
        #expect(venue.validate().count == 4)
        let clean = try #require(Venue(json: try Fixtures.sampleText("id_map.json")))
        #expect(clean.validate(options: .unmodeledKeys).isEmpty)
    }

    @Test func checkAgreesWithTheRuntime() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let response = folder.appendingPathComponent("venue.json")
        try Data(Self.drifted.utf8).write(to: response)
        var out = ""
        var err = ""
        let status = WrapGenCommand.run(["check", response.path, "--model-source", Fixtures.golden.path, "--name", "Venue"],
                                        standardOutput: { out += $0 }, standardError: { err += $0 })
        #expect(status == 1)
        #expect(out == (Self.expected.map { "venue.json: \($0)" } + ["7 issues in 1 response checked as Venue"]).joined(separator: "\n") + "\n")
        #expect(err.isEmpty)

        out = ""
        let clean = WrapGenCommand.run(["check", Fixtures.sample("geo.json").path, "--model-source", Fixtures.golden.path,
                                        "--name", "GeoFeature"], standardOutput: { out += $0 }, standardError: { _ in })
        #expect(clean == 0)
        #expect(out == "0 issues in 1 response checked as GeoFeature\n")
    }

    @Test(arguments: ["github.json", "tweet.json", "id_map.json", "tree.json", "catalog.json", "events_1.json", "order_1.json",
                      "order_2.json"])
    func checkOfTheSamplesMatchesValidate(_ sample: String) throws {
        let models = try declaredGoldens()
        let text = try Fixtures.sampleText(sample)
        let value = try JSONSource.parse(Data(text.utf8), file: sample)
        let (name, runtime): (String, [WrapModelIssue]) = switch sample {
        case "github.json": ("GHEvent", try GHEvent.importModels(from: text).enumerated().flatMap { index, model in
            model.validate(options: .unmodeledKeys).map { WrapModelIssue(keyPath: "[\(index)].\($0.keyPath)", kind: $0.kind) }
        })
        case "tweet.json": ("TWStatus", try #require(TWStatus(json: text)).validate(options: .unmodeledKeys))
        case "id_map.json": ("Venue", try #require(Venue(json: text)).validate(options: .unmodeledKeys))
        case "tree.json": ("TreeNode", try #require(TreeNode(json: text)).validate(options: .unmodeledKeys))
        case "catalog.json": ("Catalog", try #require(Catalog(json: text)).validate(options: .unmodeledKeys))
        case "order_1.json", "order_2.json": ("Order", try #require(Order(json: text)).validate(options: .unmodeledKeys))
        default: ("Event", try #require(Event(json: text)).validate(options: .unmodeledKeys))
        }
        #expect(ModelChecker(models: models).check(value, as: name).map(\.description) == runtime.map(\.description))
    }

    private func declaredGoldens() throws -> DeclaredModels {
        var reader = DeclarationParser()
        for file in try FileManager.default.contentsOfDirectory(atPath: Fixtures.golden.path).sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOf: Fixtures.golden.appendingPathComponent(file), encoding: .utf8)
            reader.read(text, file: file)
        }
        let models = reader.declaredModels()
        #expect(models.notes == [])
        return models
    }

    @Test func observerReportsEachFallbackOnceWhenRead() throws {
        let reports = ReportLog()
        WrapIssueObserver.register { report in
            if ["Venue", "Seat", "Performer"].contains(report.modelClass) { reports.append(report.description) }
        }
        defer { WrapIssueObserver.unregister() }
        let venue = try #require(Venue(json: Self.drifted))
        #expect(reports.lines.isEmpty, "creating a model reads nothing")
        _ = venue.performers
        _ = venue.seats.values.map(\.number)
        _ = venue.performers.map(\.confirmed)
        let again = try #require(Venue(json: Self.drifted))
        _ = again.performers.map(\.confirmed)
        #expect(reports.lines == [
            "Venue.performers: 1 element did not convert and was dropped",
            "Venue.seats: 1 element did not convert and was dropped",
            "Seat.number: expected integer, found string",
            "Performer.confirmed: expected boolean, found string",
        ])
        WrapIssueObserver.unregister()
        _ = try #require(Venue(json: Self.drifted)).seats
        #expect(reports.lines.count == 4, "nothing is reported once the handler is gone")
    }
}

/// Reports collected from whichever thread reads.
final class ReportLog: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.lock(); stored.append(line); lock.unlock() }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return stored }
}
