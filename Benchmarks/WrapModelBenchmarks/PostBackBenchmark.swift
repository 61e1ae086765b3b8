import Foundation
import WrapModel

/// A status as a client that changes one field declares it.
final class PostBackStatus: WrapModel, @unchecked Sendable {
    @MutIntProperty("retweet_count") var retweets
    @StrProperty("text") var text
    @ModelProperty("user") var user: TwitterUser?
}

final class PostBackTimeline: WrapModel, @unchecked Sendable {
    @ModelArrayProperty("statuses") var statuses: [PostBackStatus]
}

extension Scenarios {
    /// Posting every status back with one field written: the whole status losslessly (POST/PUT),
    /// or the change alone as a merge patch (PATCH), against JSONEncoder of the Codable structs.
    func postBack() -> [ResultRow] {
        guard let timeline = PostBackTimeline(jsonData: twitter, mutable: true),
              let codable = try? JSONDecoder().decode(CodableTimeline.self, from: twitter) else { return [] }
        let statuses = timeline.statuses
        for status in statuses {
            consume(status.text.utf8.count)
            status.retweets += 1
        }
        let encoder = JSONEncoder()
        let (lossless, encode) = Harness.compare(rounds: budget.rounds, {
            for status in statuses { consume((try? status.jsonData(options: [.keepUnmodeledKeys]))?.count ?? 0) }
        }, {
            for status in codable.statuses { consume((try? encoder.encode(status))?.count ?? 0) }
        })
        let (patch, encodeAgain) = Harness.compare(rounds: budget.rounds, {
            for status in statuses { consume((try? status.mergePatchData())?.count ?? 0) }
        }, {
            for status in codable.statuses { consume((try? encoder.encode(status))?.count ?? 0) }
        })
        return [
            ResultRow(scenario: "(5) lossless post-back of every status, one field written", wrapModel: lossless,
                      baselineName: "JSONEncoder", baseline: encode, target: "<= 0.2x"),
            ResultRow(scenario: "(5) mergePatchData() of every status, one field written", wrapModel: patch,
                      baselineName: "JSONEncoder", baseline: encodeAgain, target: "-"),
        ]
    }
}
