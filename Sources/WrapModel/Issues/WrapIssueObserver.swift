import Foundation
import Synchronization

/// Production telemetry for data problems: a handler called the first time a property read falls
/// back to its default value or drops elements, once per model class and key path.
///
/// Reads are lazy, so only the fields an app actually reads are ever reported: what reaches the
/// handler is what users could see. With no handler registered, a read pays one relaxed atomic
/// load on its first (converting) read and nothing on cached reads.
///
/// ```swift
/// WrapIssueObserver.register { report in
///     logger.warning("\(report)")   // Customer.address.zip: expected string, found integer
/// }
/// ```
///
/// The handler runs on the reading thread, inside the read (the model tree's read lock may be
/// held): log or enqueue, but do not write to models from it.
public enum WrapIssueObserver {
    /// One reported problem.
    public struct Report: Sendable, Equatable, CustomStringConvertible {
        /// The model class whose property read the value, e.g. `"Customer"`.
        public let modelClass: String
        /// The property's key path within that model, e.g. `"address.zip"`.
        public let keyPath: String
        /// What is wrong (its key path is the property's, as in ``keyPath``).
        public let issue: WrapModelIssue

        /// `Class.issue`, e.g. `Customer.address.zip: missing value`.
        public var description: String { "\(modelClass).\(issue)" }
    }

    /// What ``register(_:)`` takes: called with each problem, on the thread that read the value.
    public typealias Handler = @Sendable (Report) -> Void

    /// The one flag a read checks; set only while a handler is registered.
    static let isActive = Atomic<Bool>(false)
    private static let state = Locked<(handler: Handler?, reported: Set<String>)>((nil, []))

    /// Registers `handler` (replacing any previous one) and forgets what was already reported,
    /// so every problem is reported once to the new handler.
    /// - Parameter handler: Called on the reading thread with each problem, once per model class and key path.
    public static func register(_ handler: @escaping Handler) {
        state.withLock { $0 = (handler, []) }
        isActive.store(true, ordering: .releasing)
    }

    /// Removes the handler: reads stop checking for problems.
    public static func unregister() {
        isActive.store(false, ordering: .releasing)
        state.withLock { $0 = (nil, []) }
    }

    /// Reports `issue` for `keyPath` of `modelClass` unless it was reported before.
    static func report(modelClass: String, keyPath: String, kind: WrapModelIssue.Kind) {
        let handler: Handler? = state.withLock { state in
            guard let handler = state.handler, state.reported.insert("\(modelClass)\u{0}\(keyPath)").inserted else { return nil }
            return handler
        }
        handler?(Report(modelClass: modelClass, keyPath: keyPath, issue: WrapModelIssue(keyPath: keyPath, kind: kind)))
    }
}
