import Foundation

/// How large the heavy tests (fuzzing, size limits, stress) run.
///
/// By default they run in a reduced form — the same properties with exact values, on smaller
/// inputs and fewer cases — so that `swift test` stays well under two minutes on two cores.
/// `WRAPMODEL_FULL_TESTS=1` (what CI sets) runs them in full.
enum TestScale {
    /// True when `WRAPMODEL_FULL_TESTS` is set to `1` (or `true` / `yes`).
    static let isFull: Bool = {
        let value = ProcessInfo.processInfo.environment["WRAPMODEL_FULL_TESTS"]?.lowercased() ?? ""
        return ["1", "true", "yes"].contains(value)
    }()

    /// `full` when the full tests were asked for, else `reduced`.
    static func pick<T>(reduced: T, full: T) -> T { isFull ? full : reduced }

    /// Shown in the output of tests that print what they did.
    static var label: String { isFull ? "full (WRAPMODEL_FULL_TESTS=1)" : "reduced (set WRAPMODEL_FULL_TESTS=1 for full)" }
}
