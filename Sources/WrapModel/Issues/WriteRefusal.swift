import Foundation

/// Writes to an immutable model: dropped in every build, asserted in debug builds (as in
/// WrapModel 1.3.7), and reported in every build — to a ``WrapIssueObserver`` handler when one
/// is registered, else once per class and key path on standard error — so the dropped write is
/// never silent in release builds. Each message names the two ways to a writable model.
enum WriteRefusal {
    static func report(modelClass: WrapModel.Type, keyPath: String) {
        let className = String(describing: modelClass)
        let text = message(modelClass: className, keyPath: keyPath)
        if WrapIssueObserver.isActive.load(ordering: .relaxed) {
            WrapIssueObserver.report(modelClass: className, keyPath: keyPath, kind: .writeToImmutableModel)
        } else if isFirstUnobserved(modelClass: className, keyPath: keyPath) {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
        assertionFailure(text)
    }

    /// `WrapModel: attempt to write email of an immutable User: create it with mutable: true, or
    /// write to its editableCopy()`.
    static func message(modelClass: String, keyPath: String) -> String {
        "WrapModel: attempt to write \(WrapModelIssue.displayed(keyPath)) of an immutable \(modelClass): "
            + "create it with mutable: true, or write to its editableCopy()"
    }

    /// The class and key paths already printed with no observer registered.
    private static let printed = Locked<Set<String>>([])

    /// Whether a refused write of `keyPath` in `modelClass` is the first one to print.
    static func isFirstUnobserved(modelClass: String, keyPath: String) -> Bool {
        printed.withLock { $0.insert("\(modelClass)\u{0}\(keyPath)").inserted }
    }
}
