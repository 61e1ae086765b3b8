import Foundation

/// Writes to an immutable model: asserted in debug builds (as in WrapModel 1.3.7) and dropped,
/// and in every build reported to a ``WrapIssueObserver`` handler, so the dropped write is never
/// silent in release builds.
enum WriteRefusal {
    static func report(modelClass: WrapModel.Type, keyPath: String) {
        if WrapIssueObserver.isActive.load(ordering: .relaxed) {
            WrapIssueObserver.report(modelClass: String(describing: modelClass), keyPath: keyPath, kind: .writeToImmutableModel)
        }
        assertionFailure("WrapModel: attempt to write \(keyPath) of an immutable \(modelClass)")
    }
}
