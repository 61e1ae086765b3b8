import Foundation
import WrapModel

// wrapmodel-bench: every scenario of SPEC section 5, each against its Foundation baseline
// measured in the same run. `--json` prints the rows as JSON; `--quick` runs a small budget.

let arguments = CommandLine.arguments.dropFirst()
let budget = arguments.contains("--quick") ? Budget.quick : Budget.full

func resource(_ name: String) -> Data {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources"),
          let data = try? Data(contentsOf: url) else {
        FileHandle.standardError.write(Data("wrapmodel-bench: missing bundled \(name).json\n".utf8))
        exit(1)
    }
    return data
}

let scenarios = Scenarios(budget: budget, twitter: resource("twitter"), github: resource("github"))
let groups: [(String, () -> [ResultRow])] = [
    ("creation", scenarios.creation), ("decoding", scenarios.decoding), ("reads", scenarios.cachedReads),
    ("output", scenarios.output), ("parsing", scenarios.parsing), ("scaling", scenarios.scaling), ("dates", scenarios.dates),
    ("import", { importScenario(budget: budget) }),
    ("observer", { observerScenario(budget: budget) }),
]
// `--only NAME` runs one group (e.g. under a profiler).
let only = arguments.firstIndex(of: "--only").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
var rows: [ResultRow] = []
for (name, group) in groups where only == nil || only == name {
    rows += group()
}

if arguments.contains("--json") {
    print(Report.json(rows))
} else {
    print("WrapModel benchmark (\(ProcessInfo.processInfo.activeProcessorCount) cores, \(budget.rounds) rounds, medians; ratio = WrapModel / baseline)\n")
    print(Report.table(rows))
}
