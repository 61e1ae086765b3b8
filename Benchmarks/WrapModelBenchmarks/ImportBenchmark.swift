import Foundation
import WrapModel

/// The model the import scenario stores.
final class ImportBenchRecord: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @StrProperty("name") var name
    @IntProperty("price") var price
    @OptStrProperty("meta.color") var color: String?
}

/// `count` objects with identities `0..<count`; the `revision` 1 batch changes values, clears a
/// key with `null`, adds a key and merges into a nested object.
func importBenchObjects(count: Int, revision: Int) -> [Any] {
    (0..<count).map { id -> Any in
        if revision == 0 {
            return ["id": id, "name": "item \(id)", "price": id % 997, "stock": id % 13,
                    "meta": ["color": "red", "size": "L"] as [String: Any], "tags": [id % 5, id % 7] as [Any]] as [String: Any]
        }
        return ["id": id, "price": id % 991 + 1, "stock": NSNull(), "seen": true,
                "meta": ["color": "blue"] as [String: Any]] as [String: Any]
    }
}

/// (9) Merging N objects into a store that holds N, against importing N into an empty store
/// (same run, alternated per round), and the per-object merge cost at N against N / 10 (linear
/// time means a ratio near 1).
func importScenario(budget: Budget) -> [ResultRow] {
    let large = 100_000 / budget.scale
    let small = large / 10
    let rounds = max(3, budget.rounds / 3)
    let batches = [large, small].map { count in (count, importBenchObjects(count: count, revision: 0), importBenchObjects(count: count, revision: 1)) }

    var insertSamples: [Int: [Double]] = [:]
    var mergeSamples: [Int: [Double]] = [:]
    for round in 0...rounds {
        for (count, first, second) in batches {
            let store = WrapModelStore<ImportBenchRecord>(identityKeyPath: "id")
            let insert = Harness.time {
                let result = try! store.import(jsonObject: first)
                consume(result.insertedCount)
            }
            let merge = Harness.time {
                let result = try! store.import(jsonObject: second, merge: true)
                consume(result.updatedCount)
            }
            precondition(store.count == count && store.model(forIdentity: count - 1)?.color == "blue")
            guard round > 0 else { continue }   // round 0 warms up
            insertSamples[count, default: []].append(insert / Double(count))
            mergeSamples[count, default: []].append(merge / Double(count))
        }
    }
    let mergeLarge = Harness.summarise(mergeSamples[large]!)
    let insertLarge = Harness.summarise(insertSamples[large]!)
    let mergeSmall = Harness.summarise(mergeSamples[small]!)
    return [
        ResultRow(scenario: "(9) merge \(large) objects into a store of \(large): per object", wrapModel: mergeLarge,
                  baselineName: "import \(large) into an empty store: per object", baseline: insertLarge, target: "O(1) per object"),
        ResultRow(scenario: "(9) merge \(large) into \(large) against \(small) into \(small): per object", wrapModel: mergeLarge,
                  baselineName: "merge \(small) into \(small): per object", baseline: mergeSmall, target: "≈ 1x (linear)"),
    ]
}
