
/// Conversions (and other per-type helpers) of generic property classes, built once per type.
///
/// A conversion is a few closures; building it for every property of every model instance would
/// cost several allocations each, so generic property classes fetch theirs from here.
enum ConversionCache {
    struct Key: Hashable, Sendable {
        let kind: String
        let type: ObjectIdentifier
        let detail: String
    }

    /// Entries are written once and never changed, so handing them between threads is safe.
    private class AnyBox: @unchecked Sendable {}

    private final class Box<Value>: AnyBox, @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private static let entries = Locked<[Key: AnyBox]>([:])

    /// The value stored for (`kind`, `type`, `detail`), built by `build` the first time.
    static func shared<Value>(_ kind: String, _ type: Any.Type, detail: String = "", build: () -> Value) -> Value {
        let key = Key(kind: kind, type: ObjectIdentifier(type), detail: detail)
        if let found = entries.withLock({ $0[key] }) {
            return unsafeDowncast(found, to: Box<Value>.self).value
        }
        // Built outside the lock: building may create models, which may need the cache too.
        let built = Box(build())
        let stored = entries.withLock { entries -> AnyBox in
            if let existing = entries[key] { return existing }
            entries[key] = built
            return built
        }
        return unsafeDowncast(stored, to: Box<Value>.self).value
    }
}
