import Foundation
import WrapModel

// Reads where users read: many models in a loop, one after another (`models[i & 63].retweets`,
// `for status in statuses`), on one thread or two over the same shared models. A loop over one
// model measures nothing a user runs: the optimiser may lift the read out of the loop, or the
// retain of the model around it, and two threads reading one model share every cache line.
//
// The loop functions are not inlined into the rows, so `Benchmarks/check-read-path` can find them
// in the release binary and check each loop body: a cached read costs no reference count there.

/// How many models a many-model row reads in turn (`index & manyMask`).
let manyModels = 64
let manyMask = manyModels - 1

/// The baseline of the many-model rows: a plain Swift class's stored `let`, read in the same loop.
final class PlainStatus: Sendable {
    let retweets: Int
    init(retweets: Int) { self.retweets = retweets }
}

@inline(never) func readManyWrapper(_ models: [TwitterStatus], _ reads: Int) -> Int {
    var total = 0
    for index in 0..<reads { total &+= models[index & manyMask].retweets }
    return total
}

@inline(never) func readManyClassic(_ models: [ClassicTwitterStatus], _ reads: Int) -> Int {
    var total = 0
    for index in 0..<reads { total &+= models[index & manyMask].retweets.value }
    return total
}

@inline(never) func readManyMutable(_ models: [PostBackStatus], _ reads: Int) -> Int {
    var total = 0
    for index in 0..<reads { total &+= models[index & manyMask].retweets }
    return total
}

@inline(never) func readManyViews(_ views: [WrapProperty<Int>], _ reads: Int) -> Int {
    var total = 0
    for index in 0..<reads { total &+= views[index & manyMask].value }
    return total
}

@inline(never) func readEachWrapper(_ models: [TwitterStatus]) -> Int {
    var total = 0
    for model in models { total &+= model.retweets }
    return total
}

@inline(never) func readEachClassic(_ models: [ClassicTwitterStatus]) -> Int {
    var total = 0
    for model in models { total &+= model.retweets.value }
    return total
}

@inline(never) func readManyPlain(_ objects: [PlainStatus], _ reads: Int) -> Int {
    var total = 0
    for index in 0..<reads { total &+= objects[index & manyMask].retweets }
    return total
}

/// A model with a date, for sorting many models by a cached value.
final class DatedItem: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @Property("created_at", date: .iso8601, defaultValue: .distantPast) var createdAt: Date
}

/// The same item as a `Codable` struct.
struct CodableDatedItem: Codable {
    let id: Int
    let created_at: Date
}

@inline(never) func sortByDate(_ items: [DatedItem]) -> [DatedItem] { items.sorted { $0.createdAt < $1.createdAt } }
@inline(never) func sortByDate(_ items: [CodableDatedItem]) -> [CodableDatedItem] { items.sorted { $0.created_at < $1.created_at } }

extension Scenarios {
    /// The first `manyModels` statuses of twitter.json, each field read once (so cached).
    func manyStatuses() -> [TwitterStatus] {
        guard let timeline = TwitterTimeline(jsonData: twitter) else { return [] }
        let statuses = Array(timeline.statuses.prefix(manyModels))
        for status in statuses { consume(status.retweets) }
        return statuses
    }

    /// (4) Cached reads over many models in turn, one thread and two, against a plain class's
    /// stored property in the same loop.
    func manyModelReads() -> [ResultRow] {
        let statuses = manyStatuses()
        guard statuses.count == manyModels,
              let classicTimeline = ClassicTwitterTimeline(jsonData: twitter),
              let mutableTimeline = PostBackTimeline(jsonData: twitter, mutable: true) else { return [] }
        let classic = Array(classicTimeline.statuses.value.prefix(manyModels))
        for status in classic { consume(status.retweets.value) }
        let mutable = Array(mutableTimeline.statuses.prefix(manyModels))
        for status in mutable { status.retweets += 1 }   // a written value, published as cached values are
        let plain = statuses.map { PlainStatus(retweets: $0.retweets) }
        let views = statuses.map { $0.$retweets }
        for view in views { consume(view.value) }
        let reads = 4_000_000 / budget.scale

        func row(_ scenario: String, target: String, _ read: @escaping () -> Int) -> ResultRow {
            let (model, baseline) = Harness.compare(rounds: budget.rounds, operations: reads, {
                consume(read())
            }, {
                consume(readManyPlain(plain, reads))
            })
            return ResultRow(scenario: scenario, wrapModel: model, baselineName: "a plain class's let, same loop",
                             baseline: baseline, target: target)
        }
        let passes = reads / manyModels
        var rows = [
            row("(4) cached read, \(manyModels) models in turn, through a wrapper", target: "<= 2 ns") {
                readManyWrapper(statuses, reads)
            },
            row("(4) the same, classic .value", target: "<= 2 ns") { readManyClassic(classic, reads) },
            row("(4) the same, $name.value (views made once)", target: "<= 2 ns") { readManyViews(views, reads) },
            row("(4) the same, a written value of a mutable model", target: "<= 2 ns") { readManyMutable(mutable, reads) },
            row("(4) the same, for status in statuses (wrapper)", target: "<= 2 ns") {
                var total = 0
                for _ in 0..<passes { total &+= readEachWrapper(statuses) }
                return total
            },
            row("(4) the same, for status in statuses (classic .value)", target: "<= 2 ns") {
                var total = 0
                for _ in 0..<passes { total &+= readEachClassic(classic) }
                return total
            },
        ]

        // Two threads over the same shared models: batches long enough (tens of milliseconds)
        // that waking the second thread does not count.
        let batch = reads * 5
        func scaling(_ scenario: String, _ read: @escaping @Sendable () -> Int) -> ResultRow {
            let (oneThread, twoThreads) = Harness.compare(rounds: budget.rounds, {
                consume(read())
            }, {
                DispatchQueue.concurrentPerform(iterations: 2) { _ in consume(read()) }
            })
            let perRead = Measurement(median: twoThreads.median / 2, minimum: twoThreads.minimum / 2)
            return ResultRow(scenario: scenario, wrapModel: perRead, baselineName: "1 reader thread", baseline: oneThread,
                             target: "<= 0.56x (>= 1.8x throughput)")
        }
        rows.append(scaling("(4) 2 reader threads over the same \(manyModels) models, wrapper: time per read (ratio = 1 / scaling)") {
            readManyWrapper(statuses, batch)
        })
        rows.append(scaling("(4) the same, classic .value") { readManyClassic(classic, batch) })
        return rows + sortRows()
    }

    /// (4) Sorting 10,000 models by a date already read, against the same sort of Codable structs.
    func sortRows() -> [ResultRow] {
        let count = 10_000 / budget.scale
        var generator = SeededGenerator(state: 11)
        let formatter = ISO8601DateFormatter()
        var objects: [[String: Any]] = []
        for index in 0..<count {
            let seconds = Double(Int.random(in: 1_300_000_000..<1_700_000_000, using: &generator))
            objects.append(["id": index, "created_at": formatter.string(from: Date(timeIntervalSince1970: seconds))])
        }
        guard let json = try? JSONSerialization.data(withJSONObject: objects) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let structs = try? decoder.decode([CodableDatedItem].self, from: json) else { return [] }
        let items = objects.map { DatedItem(data: $0, mutable: false) }
        for item in items { consume(Int(item.createdAt.timeIntervalSince1970)) }
        let (model, codable) = Harness.compare(rounds: budget.rounds, {
            consume(sortByDate(items).first?.id ?? 0)
        }, {
            consume(sortByDate(structs).first?.id ?? 0)
        })
        return [ResultRow(scenario: "(4) sorted { $0.createdAt < $1.createdAt } of \(count) models, dates read",
                          wrapModel: model, baselineName: "the same sort of Codable structs", baseline: codable, target: "<= 3x")]
    }
}
