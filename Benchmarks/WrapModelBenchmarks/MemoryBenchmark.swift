import Foundation
import WrapModel
import MallocStatistics

/// Bytes the process has allocated with `malloc` and not freed, or nil where this platform
/// gives no such figure.
func allocatedBytes() -> Int? {
    let bytes = wrapmodel_allocated_bytes()
    return bytes < 0 ? nil : Int(bytes)
}

extension Scenarios {
    /// Bytes retained per twitter.json document by each way of holding it, measured over many
    /// documents kept alive at once (so allocator noise averages out), against the document's size.
    func memory() -> [ResultRow] {
        guard allocatedBytes() != nil else {
            FileHandle.standardError.write(Data("wrapmodel-bench: memory rows skipped: no malloc statistics on this platform\n".utf8))
            return []
        }
        let documents = max(4, 40 / budget.scale)
        let twitter = self.twitter
        let decoder = JSONDecoder()
        let statuses = (try? decoder.decode(CodableTimeline.self, from: twitter))?.statuses.count ?? 1

        /// Bytes retained per document by what `make` returns, kept alive `documents` times.
        func retained(_ make: () -> Any?) -> Double {
            var kept: [Any?] = []
            kept.reserveCapacity(documents)
            let before = allocatedBytes()!
            for _ in 0..<documents { kept.append(make()) }
            let after = allocatedBytes()!
            consume(kept.count)
            return Double(after - before) / Double(documents)
        }

        // Each document arrives in its own buffer, as each response body does: models keep the
        // buffer they are given (so it counts once per model), the others drop it after parsing.
        func received() -> Data {
            twitter.withUnsafeBytes { Data(bytes: $0.baseAddress!, count: $0.count) }
        }
        let indexOnly = retained { TwitterTimeline(jsonData: received()) }
        let statusesRead = retained { () -> Any? in
            guard let timeline = TwitterTimeline(jsonData: received()) else { return nil }
            consume(timeline.statuses.count)
            return timeline
        }
        let everyField = retained { () -> Any? in
            guard let timeline = TwitterTimeline(jsonData: received()) else { return nil }
            for status in timeline.statuses { consume(readAllFields(status)) }
            return timeline
        }
        let everyFieldClassic = retained { () -> Any? in
            guard let timeline = ClassicTwitterTimeline(jsonData: received()) else { return nil }
            for status in timeline.statuses.value { consume(readAllFields(status)) }
            return timeline
        }
        let dictionary = retained { try? JSONSerialization.jsonObject(with: received()) }
        let codable = retained { try? decoder.decode(CodableTimeline.self, from: received()) }

        let document = Double(twitter.count)
        func row(_ what: String, _ bytes: Double, target: String = "-") -> ResultRow {
            ResultRow(scenario: "(9) memory per twitter.json document: \(what) (per status \(Report.formatBytes(bytes / Double(statuses))))",
                      wrapModel: Measurement(median: bytes, minimum: bytes), baselineName: "the document's bytes",
                      baseline: Measurement(median: document, minimum: document), target: target, unit: .bytes)
        }
        return [
            row("model tree, every field read", everyField, target: "<= 1.6x"),
            row("the same, classic declarations", everyFieldClassic, target: "<= 2.0x"),
            row("root model only (document + tape)", indexOnly),
            row("model tree, statuses read", statusesRead),
            row("JSONSerialization dictionary", dictionary),
            row("Codable structs of the declared fields", codable),
        ]
    }
}
