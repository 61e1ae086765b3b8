import Foundation
import WrapModel

// wrapmodel-bench: each scenario of the performance table (Docs/Performance.md) against its
// Foundation baseline, measured in the same run.

func usage(groupNames: [String]) -> String {
    """
    usage: wrapmodel-bench [--quick] [--json] [--observation on|off] [--only GROUP]...

    Runs the WrapModel benchmark and prints a table: each scenario against its Foundation
    baseline, medians of several rounds. Build it in release mode:
        swift run -c release wrapmodel-bench

    options:
      --quick         a small budget (a smoke run; the numbers are rough)
      --json          print the rows as JSON instead of a table
      --observation on|off
                      create models with Observation enabled or not (default: this platform's
                      default, \(WrapObservation.isEnabled ? "on" : "off") here); the creation and read rows are
                      printed both ways whatever it says
      --only GROUP    run one group (repeat for several): \(groupNames.joined(separator: ", "))
      -h, --help      print this help and exit
    """
}

/// Exits with status 2 after a one-line error on standard error, as command-line tools do for
/// a bad command line.
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("wrapmodel-bench: error: \(message) (see --help)\n".utf8))
    exit(2)
}

/// The parsed command line.
struct Options {
    var quick = false
    var json = false
    var only: Set<String> = []
    /// Whether models are created with Observation enabled (`WrapObservation.isEnabled`).
    var observation = WrapObservation.isEnabled
}

/// Parses the whole command line; `--help` prints the usage and exits 0, anything unknown exits 2.
func parseArguments(_ arguments: [String], groupNames: [String]) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "-h", "--help":
            print(usage(groupNames: groupNames))
            exit(0)
        case "--quick": options.quick = true
        case "--json": options.json = true
        case "--observation":
            switch remaining.popFirst() {
            case "on": options.observation = true
            case "off": options.observation = false
            default: usageError("--observation needs on or off")
            }
        case "--only":
            guard let group = remaining.popFirst(), !group.hasPrefix("-") else {
                usageError("--only needs a group: \(groupNames.joined(separator: ", "))")
            }
            guard groupNames.contains(group) else {
                usageError("unknown group '\(group)' for --only; groups: \(groupNames.joined(separator: ", "))")
            }
            options.only.insert(group)
        default:
            usageError("unknown argument '\(argument)'")
        }
    }
    return options
}

let arguments = Array(CommandLine.arguments.dropFirst())
// The budget shapes the scenarios; every other argument is checked once the groups are known.
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
    ("output", scenarios.output), ("postback", scenarios.postBack), ("parsing", scenarios.parsing), ("scaling", scenarios.scaling), ("dates", scenarios.dates),
    ("memory", scenarios.memory),
    ("import", { importScenario(budget: budget) }),
    ("observer", { observerScenario(budget: budget) }),
    ("polymorphism", { polymorphismScenario(budget: budget) }),
    ("observation", { observationScenario(budget: budget) }),
    ("streaming", { streamingScenario(budget: budget, twitter: resource("twitter")) }),
    ("partial", { partialScenario(budget: budget, twitter: resource("twitter")) }),
    ("server", scenarios.serverRequests),
]
let options = parseArguments(arguments, groupNames: groups.map(\.0))
// `--only NAME` runs chosen groups (e.g. under a profiler).
/// The groups whose rows an app sees change with Observation: run again with the other setting.
let bothWays: Set<String> = ["creation", "reads"]

/// Runs `group` with models created with Observation `enabled`; rows of a group run both ways say
/// which.
func run(_ name: String, _ group: () -> [ResultRow], observation enabled: Bool) -> [ResultRow] {
    WrapObservation.isEnabled = enabled
    let rows = group()
    guard bothWays.contains(name) else { return rows }
    return rows.map { $0.labelled("Observation \(enabled ? "on" : "off")") }
}

var rows: [ResultRow] = []
for (name, group) in groups where options.only.isEmpty || options.only.contains(name) {
    rows += run(name, group, observation: options.observation)
    if bothWays.contains(name) { rows += run(name, group, observation: !options.observation) }
}
WrapObservation.isEnabled = options.observation

if options.json {
    print(Report.json(rows))
} else {
    print("WrapModel benchmark (\(ProcessInfo.processInfo.activeProcessorCount) cores, \(budget.rounds) rounds, medians; "
          + "ratio = WrapModel / baseline; Observation \(options.observation ? "on" : "off") unless a row says)\n")
    print(Report.table(rows))
}
