import Foundation
import WrapModel

/// How long the whole run may take: `quick` for CI smoke runs, `full` for the reported table.
struct Budget {
    let rounds: Int
    let scale: Int

    static let full = Budget(rounds: 15, scale: 1)
    static let quick = Budget(rounds: 3, scale: 10)
}

/// A small object, for the "allocate as many small objects" baseline.
final class SmallObject {
    var value: Int
    init(_ value: Int) { self.value = value }
}

/// Seeded generator (SplitMix64), so scaling runs use the same data every time.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func flatDictionary(properties: Int, generator: inout SeededGenerator) -> [String: Any] {
    var dictionary: [String: Any] = [:]
    for index in 0..<properties { dictionary["f\(index)"] = Int.random(in: 0..<1_000_000, using: &generator) }
    return dictionary
}

struct Scenarios {
    let budget: Budget
    let twitter: Data
    let github: Data

    // MARK: (1) creation from a parsed dictionary, flat in the property count

    func creation() -> [ResultRow] {
        var generator = SeededGenerator(state: 1)
        let operations = 20_000 / budget.scale
        func row<M: WrapModel>(_ type: M.Type, _ count: Int, classic: Bool = false) -> ResultRow {
            let data = flatDictionary(properties: count, generator: &generator)
            let (model, allocation) = Harness.compare(rounds: budget.rounds, operations: operations, {
                for _ in 0..<operations { consume(M(data: data, mutable: false).isMutable ? 1 : 0) }
            }, {
                for index in 0..<operations {
                    var objects: [SmallObject] = []
                    objects.reserveCapacity(count)
                    for item in 0..<count { objects.append(SmallObject(item &+ index)) }
                    consume(objects.count)
                }
            })
            let scenario = classic ? "(1) the same 20 properties, classic declarations"
                                   : "(1) create a \(count)-property model from a dictionary"
            let target = classic ? "<= 1.5x" : count == 20 ? "<= 1.0x" : "flat"
            return ResultRow(scenario: scenario, wrapModel: model,
                             baselineName: "allocate \(count) small objects", baseline: allocation, target: target)
        }
        return [row(Flat5.self, 5), row(Flat20.self, 20), row(ClassicFlat20.self, 20, classic: true), row(Flat100.self, 100)]
    }

    // MARK: (2)(3) from JSON bytes, read 3 fields / every field, against JSONDecoder

    func decoding() -> [ResultRow] {
        let decoder = JSONDecoder()
        let twitter = self.twitter
        let (read3, decode) = Harness.compare(rounds: budget.rounds, {
            guard let timeline = TwitterTimeline(jsonData: twitter) else { return }
            for status in timeline.statuses { consume(status.id &+ status.text.utf8.count &+ status.retweets) }
        }, {
            guard let timeline = try? decoder.decode(CodableTimeline.self, from: twitter) else { return }
            for status in timeline.statuses { consume(status.id &+ status.text.utf8.count &+ status.retweet_count) }
        })
        let (readAll, decodeAll) = Harness.compare(rounds: budget.rounds, {
            guard let timeline = TwitterTimeline(jsonData: twitter) else { return }
            for status in timeline.statuses { consume(readAllFields(status)) }
        }, {
            guard let timeline = try? decoder.decode(CodableTimeline.self, from: twitter) else { return }
            for status in timeline.statuses { consume(readAllFields(status)) }
        })
        return [
            ResultRow(scenario: "(2) twitter.json: create models, read 3 fields of each status", wrapModel: read3,
                      baselineName: "JSONDecoder (Codable)", baseline: decode, target: "<= 0.15x"),
            ResultRow(scenario: "(3) twitter.json: create models, read every declared field", wrapModel: readAll,
                      baselineName: "JSONDecoder (Codable)", baseline: decodeAll, target: "<= 0.40x"),
        ] + classicDecoding()
    }

    // MARK: (4) cached reads over many models, one and two threads (ManyModelReads.swift)

    func cachedReads() -> [ResultRow] { manyModelReads() }

    // MARK: (5) output

    func output() -> [ResultRow] {
        guard let timeline = TwitterTimeline(jsonData: twitter) else { return [] }
        let statuses = timeline.statuses
        for status in statuses { consume(readAllFields(status)) }
        guard let codable = try? JSONDecoder().decode(CodableTimeline.self, from: twitter) else { return [] }
        let encoder = JSONEncoder()
        let prettyEncoder = JSONEncoder()
        prettyEncoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let (compact, encode) = Harness.compare(rounds: budget.rounds, {
            for status in statuses { consume((try? status.jsonData(options: .declaredOnly))?.count ?? 0) }
        }, {
            for status in codable.statuses { consume((try? encoder.encode(status))?.count ?? 0) }
        })
        let (pretty, encodePretty) = Harness.compare(rounds: budget.rounds, {
            for status in statuses { consume(status.currentModelDataAsJSON(withNulls: false)?.utf8.count ?? 0) }
        }, {
            for status in codable.statuses {
                consume((try? prettyEncoder.encode(status)).map { String(decoding: $0, as: UTF8.self).utf8.count } ?? 0)
            }
        })
        return [
            ResultRow(scenario: "(5) jsonData(options: .declaredOnly) of every status (compact)", wrapModel: compact,
                      baselineName: "JSONEncoder", baseline: encode, target: "<= 0.5x"),
            ResultRow(scenario: "(5) currentModelDataAsJSON of every status (pretty, sorted)", wrapModel: pretty,
                      baselineName: "JSONEncoder pretty+sorted", baseline: encodePretty, target: "<= 0.5x"),
        ]
    }

    // MARK: (6) parsing only

    func parsing() -> [ResultRow] {
        var rows: [ResultRow] = []
        for (name, data) in [("twitter.json", twitter), ("github.json", github)] {
            let (reader, serialization) = Harness.compare(rounds: budget.rounds, {
                consume(((try? WrapJSON.parse(data)) as? [String: Any])?.count ?? 0)
            }, {
                consume(((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?.count ?? 0)
            })
            rows.append(ResultRow(scenario: "(6) \(name): parse to [String: Any]", wrapModel: reader,
                                  baselineName: "JSONSerialization", baseline: serialization, target: "<= 0.25x"))
        }
        let decoder = JSONDecoder()
        let twitter = self.twitter
        let (lazy, decode) = Harness.compare(rounds: budget.rounds, {
            consume(TwitterTimeline(jsonData: twitter) == nil ? 0 : 1)
        }, {
            consume((try? decoder.decode(CodableTimeline.self, from: twitter))?.statuses.count ?? 0)
        })
        rows.append(ResultRow(scenario: "(6) twitter.json: create the root model (index only)", wrapModel: lazy,
                              baselineName: "JSONDecoder (Codable)", baseline: decode, target: "<= 0.08x"))
        // The same two rows over sixteen different documents in turn (see VariedDocuments).
        let varied = VariedDocuments.make(from: twitter)
        let (variedIndex, variedDecode) = Harness.compare(rounds: budget.rounds, operations: varied.count, {
            for document in varied { consume(TwitterTimeline(jsonData: document) == nil ? 0 : 1) }
        }, {
            for document in varied { consume((try? decoder.decode(CodableTimeline.self, from: document))?.statuses.count ?? 0) }
        })
        rows.append(ResultRow(scenario: "(6) 16 varied documents in turn: create the root model (index only), per document",
                              wrapModel: variedIndex, baselineName: "JSONDecoder (Codable)", baseline: variedDecode,
                              target: "informational"))
        let (variedRead3, variedDecode3) = Harness.compare(rounds: budget.rounds, operations: varied.count, {
            for document in varied {
                guard let timeline = TwitterTimeline(jsonData: document) else { continue }
                for status in timeline.statuses { consume(status.id &+ status.text.utf8.count &+ status.retweets) }
            }
        }, {
            for document in varied {
                guard let timeline = try? decoder.decode(CodableTimeline.self, from: document) else { continue }
                for status in timeline.statuses { consume(status.id &+ status.text.utf8.count &+ status.retweet_count) }
            }
        })
        rows.append(ResultRow(scenario: "(6) the same documents: create models, read 3 fields of each status, per document",
                              wrapModel: variedRead3, baselineName: "JSONDecoder (Codable)", baseline: variedDecode3,
                              target: "<= 0.17x"))
        if let parsed = try? WrapJSON.parse(twitter) {
            let (writer, serialization) = Harness.compare(rounds: budget.rounds, {
                consume((try? WrapJSON.data(from: parsed))?.count ?? 0)
            }, {
                consume((try? JSONSerialization.data(withJSONObject: parsed))?.count ?? 0)
            })
            rows.append(ResultRow(scenario: "(6) twitter.json: write the parsed document", wrapModel: writer,
                                  baselineName: "JSONSerialization.data", baseline: serialization, target: "<= 0.1x"))
        }
        return rows
    }

    // MARK: (7) scaling

    func scaling() -> [ResultRow] {
        var rows: [ResultRow] = []
        var generator = SeededGenerator(state: 7)
        let data = flatDictionary(properties: 20, generator: &generator)
        var perModel: [Int: Measurement] = [:]
        for count in [1_000, 10_000, 100_000] where count / budget.scale >= 100 {
            let models = count / budget.scale
            perModel[count] = Harness.measure(rounds: max(3, budget.rounds / 3), operations: models) {
                var created: [Flat20] = []
                created.reserveCapacity(models)
                for _ in 0..<models { created.append(Flat20(data: data, mutable: false)) }
                for model in created { consume(model.f3) }
            }
        }
        let base = perModel[1_000] ?? perModel.values.first
        for count in perModel.keys.sorted() {
            rows.append(ResultRow(scenario: "(7) \(count / budget.scale) models of 20 properties: per model", wrapModel: perModel[count]!,
                                  baselineName: "per model at the smallest count", baseline: base, target: "≈ 1x (linear)"))
        }
        return rows
    }

    // MARK: (8) dates

    func dates() -> [ResultRow] {
        let sample = Date(timeIntervalSince1970: 1_478_034_873)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssXXXXX"
        let iso = "2016-11-01T21:14:33Z"
        let parses = 20_000 / budget.scale
        let formatterParses = max(200, 2_000 / budget.scale)
        let baseline = Harness.measure(rounds: budget.rounds, operations: formatterParses) {
            for _ in 0..<formatterParses { consume(formatter.date(from: iso) == nil ? 0 : 1) }
        }
        return WrapPropertyDate.DateOutputType.allCases.map { type in
            let string = type.string(from: sample) ?? ""
            let measurement = Harness.measure(rounds: budget.rounds, operations: parses) {
                for _ in 0..<parses { consume(type.date(from: string, fallbackToOtherFormats: false) == nil ? 0 : 1) }
            }
            return ResultRow(scenario: "(8) parse a .\(type) date", wrapModel: measurement,
                             baselineName: "DateFormatter (ISO pattern)", baseline: baseline, target: "—")
        }
    }
}
