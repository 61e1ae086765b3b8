import Foundation

/// How large the heavy engine tests (large documents, exhaustive tape layouts) run: reduced by
/// default, in full with `WRAPMODEL_FULL_TESTS=1` (what CI sets), as the model tests' `TestScale`.
/// A test target cannot share a file with another, and this one imports the engine alone.
enum TestScale {
    /// True when `WRAPMODEL_FULL_TESTS` is set to `1` (or `true` / `yes`).
    static let isFull: Bool = {
        let value = ProcessInfo.processInfo.environment["WRAPMODEL_FULL_TESTS"]?.lowercased() ?? ""
        return ["1", "true", "yes"].contains(value)
    }()

    /// `full` when the full tests were asked for, else `reduced`.
    static func pick<T>(reduced: T, full: T) -> T { isFull ? full : reduced }
}
