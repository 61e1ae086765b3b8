/// The empty model a group property holds as its default value, one per group model class.
///
/// A group always has its parent's data to read, so the placeholder is never returned; creating a
/// fresh one for every group property of every model instance would only cost time.
enum GroupPlaceholders {
    /// Placeholders by model class, read back with a checked cast.
    private static let placeholders = Locked<[ObjectIdentifier: WrapModel]>([:])

    static func placeholder<M: WrapModel>(_: M.Type) -> M {
        let key = ObjectIdentifier(M.self)
        if let found = placeholders.withLock({ $0[key] }) as? M { return found }
        // Created outside the lock: creating a model creates its properties, which may need it.
        let created = M(data: [:], mutable: false)
        return placeholders.withLock { placeholders in
            if let existing = placeholders[key] as? M { return existing }
            placeholders[key] = created
            return created
        }
    }
}
