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

// Many models read in turn, as users read (see ManyModelReads.swift); `readManyViews` reads views.
@inline(never) func readManyObservedWrapper(_ models: [ObservedHolder], _ reads: Int) -> Int {
    var total = 0
    for index in 0..<reads { total &+= models[index & manyMask].id }
    return total
}

@inline(never) func readManyObservedClassic(_ models: [ObservedHolder], _ reads: Int) -> Int {
    var total = 0
    for index in 0..<reads { total &+= models[index & manyMask].count.value }
    return total
}

@inline(never) func readManyMacroObserved(_ models: [MacroObserved], _ reads: Int) -> Int {
    var total = 0
    for index in 0..<reads { total &+= models[index & manyMask].id }
    return total
}

/// (11) What Observation costs: cached reads of models created with Observation enabled (outside
/// any tracking scope, and with a tracking scope registered on the property but not active),
/// read in turn, against the same reads of models created with it disabled and of `@Observable`
/// objects; one tracked read; one write that notifies a registered observer.
func observationScenario(budget: Budget) -> [ResultRow] {
    let reads = 2_000_000 / budget.scale
    let wasEnabled = WrapObservation.isEnabled
    defer { WrapObservation.isEnabled = wasEnabled }

    func holders(observing: Bool) -> [ObservedHolder] {
        WrapObservation.isEnabled = observing
        return (0..<manyModels).map { index in
            let model = ObservedHolder(data: ["id": index, "count": 3], mutable: true)
            _ = model.id
            _ = model.count.value
            return model
        }
    }
    let plain = holders(observing: false)
    let observables = holders(observing: true)
    let observable = observables[0]
    let watched = holders(observing: true)
    // Registered observers that never fire while the rows run (nothing writes `watched[0].id`
    // until the write row, which re-registers before each write).
    for model in watched { withObservationTracking { _ = model.id; _ = model.count.value } onChange: {} }

    func readRow(_ what: String, _ models: [ObservedHolder], classic: Bool) -> ResultRow {
        let (observed, baseline) = Harness.compare(rounds: budget.rounds, operations: reads, {
            consume(classic ? readManyObservedClassic(models, reads) : readManyObservedWrapper(models, reads))
        }, {
            consume(classic ? readManyObservedClassic(plain, reads) : readManyObservedWrapper(plain, reads))
        })
        return ResultRow(scenario: "(11) cached read \(what), \(manyModels) models in turn", wrapModel: observed,
                         baselineName: "Observation disabled", baseline: baseline, target: "within 1 ns")
    }

    // One tracked read: a scope that reads one property, against the same scope reading an
    // @Observable class.
    let macroObserveds = (0..<manyModels).map { _ in MacroObserved() }
    let macroObserved = macroObserveds[0]
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
            withObservationTracking { _ = watched[0].id } onChange: {}
            watched[0].id = index
        }
    }, {
        for index in 0..<writes {
            withObservationTracking { _ = macroObserved.id } onChange: {}
            macroObserved.id = index
        }
    })
    // The untracked reads of each declaration style over many models, against @Observable
    // objects' untracked reads in the same loop: the rows the Observation target is about.
    let views = observables.map { $0.$id }
    func anchorRow(_ what: String, _ read: @escaping () -> Int) -> ResultRow {
        let (wrapModel, macro) = Harness.compare(rounds: budget.rounds, operations: reads, {
            consume(read())
        }, {
            consume(readManyMacroObserved(macroObserveds, reads))
        })
        return ResultRow(scenario: "(11) cached read \(what), Observation enabled, no tracking scope, \(manyModels) models in turn",
                         wrapModel: wrapModel, baselineName: "@Observable objects, same loop", baseline: macro, target: "<= 0.35x")
    }
    return [
        anchorRow("through a wrapper") { readManyObservedWrapper(observables, reads) },
        anchorRow("classic .value") { readManyObservedClassic(observables, reads) },
        anchorRow("$name.value") { readManyViews(views, reads) },
        readRow("through a wrapper, Observation enabled, no tracking scope", observables, classic: false),
        readRow("through a wrapper, an observer registered on it", watched, classic: false),
        readRow("classic .value, Observation enabled, no tracking scope", observables, classic: true),
        ResultRow(scenario: "(11) one read inside withObservationTracking, per scope", wrapModel: tracked,
                  baselineName: "the same on an @Observable class", baseline: untracked, target: "informational"),
        ResultRow(scenario: "(11) a write that notifies a registered observer (registration included)", wrapModel: notifying,
                  baselineName: "the same on an @Observable class", baseline: silent, target: "informational"),
    ]
}
