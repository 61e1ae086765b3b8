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
    /// `json` without whitespace between its tokens (strings kept as they are).
    static func minified(_ json: Data) -> Data {
        var output = Data(capacity: json.count)
        var inString = false, escaped = false
        for byte in json {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                continue
            }
            output.append(byte)
        }
        return output
    }

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
        // The same from the document without its whitespace, as most HTTP APIs send JSON.
        guard let compactTimeline = PostBackTimeline(jsonData: Self.minified(twitter), mutable: true) else { return [] }
        let compactStatuses = compactTimeline.statuses
        for status in compactStatuses { status.retweets += 1 }
        let (compactLossless, encodeOnceMore) = Harness.compare(rounds: budget.rounds, {
            for status in compactStatuses { consume((try? status.jsonData(options: [.keepUnmodeledKeys]))?.count ?? 0) }
        }, {
            for status in codable.statuses { consume((try? encoder.encode(status))?.count ?? 0) }
        })
        return [
            ResultRow(scenario: "(5) lossless post-back of every status, one field written", wrapModel: lossless,
                      baselineName: "JSONEncoder", baseline: encode, target: "<= 0.2x"),
            ResultRow(scenario: "(5) the same, from twitter.json without whitespace (compact)", wrapModel: compactLossless,
                      baselineName: "JSONEncoder", baseline: encodeOnceMore, target: "-"),
            ResultRow(scenario: "(5) mergePatchData() of every status, one field written", wrapModel: patch,
                      baselineName: "JSONEncoder", baseline: encodeAgain, target: "-"),
        ]
    }
}
