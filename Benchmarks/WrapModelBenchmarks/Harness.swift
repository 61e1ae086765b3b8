import Foundation

/// A tiny benchmark harness: warm-up, interleaved rounds, median and minimum per operation.
///
/// The machine is shared and noisy, so each comparison runs its two sides alternately in the
/// same process and reports their ratio; absolute times are secondary.
struct Measurement {
    let median: Double   // seconds per operation
    let minimum: Double
}

/// Keeps results observable so the optimiser cannot delete the measured work.
nonisolated(unsafe) var blackHole = 0

@inline(never)
func consume(_ value: Int) { blackHole &+= value }

enum Harness {
    /// Times `body` (which performs `operations` operations) `rounds` times after one warm-up.
    static func measure(rounds: Int, operations: Int = 1, _ body: () -> Void) -> Measurement {
        body()
        var samples: [Double] = []
        samples.reserveCapacity(rounds)
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            let end = DispatchTime.now().uptimeNanoseconds
            samples.append(Double(end - start) / 1e9 / Double(operations))
        }
        samples.sort()
        return Measurement(median: samples[samples.count / 2], minimum: samples[0])
    }

    /// Measures `a` and `b` alternately, round by round, so both see the same machine load.
    static func compare(rounds: Int, operations: Int = 1, _ a: () -> Void, _ b: () -> Void) -> (Measurement, Measurement) {
        a(); b()
        var first: [Double] = [], second: [Double] = []
        for _ in 0..<rounds {
            first.append(time(a) / Double(operations))
            second.append(time(b) / Double(operations))
        }
        return (summarise(first), summarise(second))
    }

    static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func summarise(_ samples: [Double]) -> Measurement {
        let sorted = samples.sorted()
        return Measurement(median: sorted[sorted.count / 2], minimum: sorted[0])
    }
}

/// One row of the report.
struct ResultRow {
    let scenario: String
    let wrapModel: Measurement
    let baselineName: String
    let baseline: Measurement?
    /// The row's target, e.g. "<= 0.33" for "3x faster".
    let target: String
    /// What the measurements count: seconds per operation, or bytes for the memory rows.
    var unit: ResultUnit = .seconds

    var ratio: Double? { baseline.map { wrapModel.median / $0.median } }

    /// The same row, its scenario followed by `note` (`"… [Observation on]"`).
    func labelled(_ note: String) -> ResultRow {
        var row = ResultRow(scenario: "\(scenario) [\(note)]", wrapModel: wrapModel, baselineName: baselineName,
                            baseline: baseline, target: target)
        row.unit = unit
        return row
    }
}

enum Report {
    static func formatBytes(_ bytes: Double) -> String {
        switch abs(bytes) {
        case ..<10_000: return String(format: "%.0f B", bytes)
        case ..<10_000_000: return String(format: "%.1f KB", bytes / 1e3)
        default: return String(format: "%.2f MB", bytes / 1e6)
        }
    }

    static func format(_ value: Double, unit: ResultUnit) -> String {
        unit == .bytes ? formatBytes(value) : format(value)
    }

    static func format(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-6: return String(format: "%.1f ns", seconds * 1e9)
        case ..<1e-3: return String(format: "%.2f µs", seconds * 1e6)
        default: return String(format: "%.3f ms", seconds * 1e3)
        }
    }

    static func table(_ rows: [ResultRow]) -> String {
        var lines = ["| scenario | WrapModel (median) | baseline | baseline (median) | ratio | target |",
                     "|---|---|---|---|---|---|"]
        for row in rows {
            let baseline = row.baseline.map { format($0.median, unit: row.unit) } ?? "—"
            let ratio = row.ratio.map { String(format: "%.2fx", $0) } ?? "—"
            lines.append("| \(row.scenario) | \(format(row.wrapModel.median, unit: row.unit)) | \(row.baselineName) | \(baseline) | \(ratio) | \(row.target) |")
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ rows: [ResultRow]) -> String {
        let objects: [[String: Any]] = rows.map { row in
            var object: [String: Any] = ["scenario": row.scenario, "wrapModelMedianSeconds": row.wrapModel.median,
                                         "wrapModelMinSeconds": row.wrapModel.minimum, "baseline": row.baselineName,
                                         "target": row.target, "unit": row.unit == .bytes ? "bytes" : "seconds"]
            if let baseline = row.baseline {
                object["baselineMedianSeconds"] = baseline.median
                object["baselineMinSeconds"] = baseline.minimum
                object["ratio"] = baseline.median > 0 ? row.wrapModel.median / baseline.median : 0
            }
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
