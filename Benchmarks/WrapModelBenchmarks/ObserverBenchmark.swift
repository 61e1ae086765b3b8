import Foundation
import WrapModel

/// The model the observer scenario reads: every value converts cleanly, so a registered
/// handler is never called and the row shows the checking cost alone.
final class ObserverBenchRecord: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @StrProperty("name") var name
    @DoubleProperty("price") var price
    @BoolProperty("active") var active
    @OptStrProperty("meta.color") var color: String?
}

/// (10) First reads (the converting path the issue observer hooks) of every property of `count`
/// models with a handler registered, against the same reads with none registered (alternated
/// per round in the same run).
func observerScenario(budget: Budget) -> [ResultRow] {
    let count = 20_000 / budget.scale
    let json = "[" + (0..<count).map { id in
        "{\"id\": \(id), \"name\": \"item \(id)\", \"price\": \(Double(id) / 4), \"active\": true, \"meta\": {\"color\": \"red\"}}"
    }.joined(separator: ",") + "]"
    let data = Data(json.utf8)
    func readAll() {
        let models = try! ObserverBenchRecord.importModels(from: data)
        var sum = 0
        for model in models {
            sum &+= model.id &+ model.name.utf8.count &+ Int(model.price) &+ (model.active ? 1 : 0) &+ (model.color?.utf8.count ?? 0)
        }
        consume(sum)
    }
    let (plain, observed) = Harness.compare(rounds: max(3, budget.rounds / 3), operations: count, {
        WrapIssueObserver.unregister()
        readAll()
    }, {
        WrapIssueObserver.register { _ in }
        readAll()
    })
    WrapIssueObserver.unregister()
    return [
        ResultRow(scenario: "(10) import + first read of 5 properties, issue observer registered: per model", wrapModel: observed,
                  baselineName: "same, no observer registered", baseline: plain, target: "informational"),
    ]
}
