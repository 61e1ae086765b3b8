import Foundation
import WrapModel

extension Scenarios {
    /// Rows (2) and (3) again with classic declarations (`let id = WPInt("id")`).
    func classicDecoding() -> [ResultRow] {
        let decoder = JSONDecoder()
        let twitter = self.twitter
        let (read3, decode) = Harness.compare(rounds: budget.rounds, {
            guard let timeline = ClassicTwitterTimeline(jsonData: twitter) else { return }
            for status in timeline.statuses.value {
                consume(status.id.value &+ status.text.value.utf8.count &+ status.retweets.value)
            }
        }, {
            guard let timeline = try? decoder.decode(CodableTimeline.self, from: twitter) else { return }
            for status in timeline.statuses { consume(status.id &+ status.text.utf8.count &+ status.retweet_count) }
        })
        let (readAll, decodeAll) = Harness.compare(rounds: budget.rounds, {
            guard let timeline = ClassicTwitterTimeline(jsonData: twitter) else { return }
            for status in timeline.statuses.value { consume(readAllFields(status)) }
        }, {
            guard let timeline = try? decoder.decode(CodableTimeline.self, from: twitter) else { return }
            for status in timeline.statuses { consume(readAllFields(status)) }
        })
        return [
            ResultRow(scenario: "(2) the same, classic declarations (let id = WPInt(\"id\"))", wrapModel: read3,
                      baselineName: "JSONDecoder (Codable)", baseline: decode, target: "<= 0.15x"),
            ResultRow(scenario: "(3) the same, classic declarations", wrapModel: readAll,
                      baselineName: "JSONDecoder (Codable)", baseline: decodeAll, target: "<= 0.40x"),
        ]
    }
}
