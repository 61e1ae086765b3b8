import Foundation
import Observation
import WrapModel

/// A wrapper and a classic declaration on one mutable model, for the Observation rows.
final class ObservedHolder: WrapModel, @unchecked Sendable {
    @MutProperty("id") var id: Int
    let count = WPInt("count")
}

/// The same property on a class made with Swift's `@Observable` macro, the baseline for tracked
/// reads and notifying writes.
@Observable final class MacroObserved { var id = 7 }

@inline(never) func readMacroObserved(_ model: MacroObserved) -> Int { model.id }
@inline(never) func readObservedWrapper(_ model: ObservedHolder) -> Int { model.id }
@inline(never) func readObservedClassic(_ model: ObservedHolder) -> Int { model.count.value }
@inline(never) func readObservedView(_ view: WrapProperty<Int>) -> Int { view.value }

/// (11) What Observation costs: cached reads of a model created with Observation enabled (outside
/// any tracking scope, and with a tracking scope registered on the property but not active),
/// against the same reads of a model created with it disabled; one tracked read; one write
/// that notifies a registered observer.
func observationScenario(budget: Budget) -> [ResultRow] {
    let reads = 2_000_000 / budget.scale
    let wasEnabled = WrapObservation.isEnabled
    defer { WrapObservation.isEnabled = wasEnabled }

    func holder(observing: Bool) -> ObservedHolder {
        WrapObservation.isEnabled = observing
        let model = ObservedHolder(data: ["id": 7, "count": 3], mutable: true)
        _ = model.id
        _ = model.count.value
        return model
    }
    let plain = holder(observing: false)
    let observable = holder(observing: true)
    let watched = holder(observing: true)
    // A registered observer that never fires while the rows run (nothing writes `watched.id`
    // until the write row, which re-registers before each write).
    withObservationTracking { _ = watched.id; _ = watched.count.value } onChange: {}

    func readRow(_ what: String, _ model: ObservedHolder, classic: Bool) -> ResultRow {
        let (observed, baseline) = Harness.compare(rounds: budget.rounds, operations: reads, {
            var total = 0
            for _ in 0..<reads { total &+= classic ? readObservedClassic(model) : readObservedWrapper(model) }
            consume(total)
        }, {
            var total = 0
            for _ in 0..<reads { total &+= classic ? readObservedClassic(plain) : readObservedWrapper(plain) }
            consume(total)
        })
        return ResultRow(scenario: "(11) cached read \(what)", wrapModel: observed,
                         baselineName: "Observation disabled", baseline: baseline, target: "within 1 ns")
    }

    // One tracked read: a scope that reads one property, against the same scope reading an
    // @Observable class.
    let macroObserved = MacroObserved()
    let trackedReads = reads / 100
    let (tracked, untracked) = Harness.compare(rounds: budget.rounds, operations: trackedReads, {
        var total = 0
        for _ in 0..<trackedReads { total &+= withObservationTracking { readObservedWrapper(observable) } onChange: {} }
        consume(total)
    }, {
        var total = 0
        for _ in 0..<trackedReads { total &+= withObservationTracking { readMacroObserved(macroObserved) } onChange: {} }
        consume(total)
    })

    // A write that notifies: an observer registered before each write (onChange fires once per
    // registration), against the same on an @Observable class.
    let writes = reads / 100
    let (notifying, silent) = Harness.compare(rounds: budget.rounds, operations: writes, {
        for index in 0..<writes {
            withObservationTracking { _ = watched.id } onChange: {}
            watched.id = index
        }
    }, {
        for index in 0..<writes {
            withObservationTracking { _ = macroObserved.id } onChange: {}
            macroObserved.id = index
        }
    })
    // The untracked reads of each declaration style, against an @Observable class's untracked
    // read in the same run: the rows the Observation target is about.
    let view = observable.$id
    func anchorRow(_ what: String, _ read: @escaping () -> Int) -> ResultRow {
        let (wrapModel, macro) = Harness.compare(rounds: budget.rounds, operations: reads, {
            var total = 0
            for _ in 0..<reads { total &+= read() }
            consume(total)
        }, {
            var total = 0
            for _ in 0..<reads { total &+= readMacroObserved(macroObserved) }
            consume(total)
        })
        return ResultRow(scenario: "(11) cached read \(what), Observation enabled, no tracking scope", wrapModel: wrapModel,
                         baselineName: "an @Observable class's read", baseline: macro, target: "<= 1.0")
    }
    return [
        anchorRow("through a wrapper") { readObservedWrapper(observable) },
        anchorRow("classic .value") { readObservedClassic(observable) },
        anchorRow("$name.value") { readObservedView(view) },
        readRow("through a wrapper, Observation enabled, no tracking scope", observable, classic: false),
        readRow("through a wrapper, an observer registered on it", watched, classic: false),
        readRow("classic .value, Observation enabled, no tracking scope", observable, classic: true),
        ResultRow(scenario: "(11) one read inside withObservationTracking, per scope", wrapModel: tracked,
                  baselineName: "the same on an @Observable class", baseline: untracked, target: "informational"),
        ResultRow(scenario: "(11) a write that notifies a registered observer (registration included)", wrapModel: notifying,
                  baselineName: "the same on an @Observable class", baseline: silent, target: "informational"),
    ]
}
