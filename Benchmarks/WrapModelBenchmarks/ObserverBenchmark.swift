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

/// (10) The first read of a property — the converting path the issue observer hooks — with a
/// handler registered, against the same reads with none registered.
///
/// Each round imports fresh models untimed (a first read converts once, later reads hit the
/// cache), then times only the reads of every property of every model. The two sides alternate
/// which goes first per round, so both see the same machine load.
func observerScenario(budget: Budget) -> [ResultRow] {
    let count = 20_000 / budget.scale
    let propertiesPerModel = 5
    let json = "[" + (0..<count).map { id in
        "{\"id\": \(id), \"name\": \"item \(id)\", \"price\": \(Double(id) / 4), \"active\": true, \"meta\": {\"color\": \"red\"}}"
    }.joined(separator: ",") + "]"
    let data = Data(json.utf8)
    func freshModels() -> [ObserverBenchRecord] { try! ObserverBenchRecord.importModels(from: data) }
    func readAll(_ models: [ObserverBenchRecord]) {
        var sum = 0
        for model in models {
            sum &+= model.id &+ model.name.utf8.count &+ Int(model.price) &+ (model.active ? 1 : 0) &+ (model.color?.utf8.count ?? 0)
        }
        consume(sum)
    }
    func timedReads(observed: Bool) -> Double {
        let models = freshModels()
        if observed { WrapIssueObserver.register { _ in } } else { WrapIssueObserver.unregister() }
        defer { WrapIssueObserver.unregister() }
        return Harness.time { readAll(models) } / Double(count * propertiesPerModel)
    }
    let rounds = max(3, budget.rounds)
    var plain: [Double] = [], observed: [Double] = []
    for round in 0...rounds {   // round 0 warms up
        let observedFirst = round % 2 == 1
        let first = timedReads(observed: observedFirst)
        let second = timedReads(observed: !observedFirst)
        guard round > 0 else { continue }
        observed.append(observedFirst ? first : second)
        plain.append(observedFirst ? second : first)
    }
    return [
        ResultRow(scenario: "(10) first read of a property (converting), issue observer registered: per read",
                  wrapModel: Harness.summarise(observed), baselineName: "same reads of fresh models, no observer registered",
                  baseline: Harness.summarise(plain), target: "informational"),
    ]
}
