import Foundation
import WrapModelJSON

/// Looking up by composite identities, and importing bare identities.
extension WrapModelStore {
    /// The model stored for the identity these values name, one per identity key path in order
    /// (`["hearts", 12]`; a single value for a one-key-path store), or nil when none is stored or
    /// the values are not identities.
    /// - Parameter values: The identity's values, one per identity key path, in order.
    public func model(forIdentityValues values: [Any]) -> Model? {
        guard let (identity, _) = try? identityValue(values).get() else { return nil }
        return model(forIdentity: identity)
    }

    /// The model stored for the identity `object` holds at the identity key path(s)
    /// (`["suit": "hearts", "value": 12]`), or nil.
    /// - Parameter object: An object that holds the identity at the store's identity key paths.
    public func model(matching object: [String: Any]) -> Model? {
        guard let (identity, _) = try? identityLookup(in: object).get() else { return nil }
        return model(forIdentity: identity)
    }

    /// The model stored for the identity these values name, or a new placeholder holding them
    /// that a later import fills in; nil when the values are not an identity of this store.
    /// - Parameter values: The identity's values, one per identity key path, in order.
    public func modelOrPlaceholder(forIdentityValues values: [Any]) -> Model? {
        guard let (identity, raw) = try? identityValue(values).get() else { return nil }
        return resolve(identity, raw: raw)
    }

    private func identityValue(_ values: [Any]) -> Result<(WrapModelIdentity, any Sendable), ImportProblem> {
        identityPaths.isComposite ? identity(ofValue: values)
            : values.count == 1 ? identity(ofValue: values[0])
            : .failure(ImportProblem(kind: .wrongType(expected: "1 identity", found: "array of \(values.count)")))
    }

    // MARK: - Importing identities

    /// Imports a JSON array of bare identities (`[1699, "1700"]`; arrays of values for a
    /// composite identity): the model for each is the stored one, or a placeholder stored under
    /// it that a later import fills in — Groot's import of an array of identifiers.
    ///
    /// ```swift
    /// let result = try characters.importIdentities(Data("[1699, \"1700\"]".utf8))
    /// result.models.count   // 2: stored models or placeholders, in input order
    /// ```
    /// Elements that are not identities are left out and reported in ``ImportResult/issues``
    /// (key path `[i]`). Nothing is inserted or updated, so both counts are 0.
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)``, or
    ///   ``WrapModelError/notAnObject(found:)`` when the root is not an array.
    /// - Parameter json: A JSON array of identities.
    @discardableResult
    public func importIdentities(_ json: Data) throws(WrapModelError) -> ImportResult {
        try importIdentities(jsonObject: JSONInput.value(from: json, lenient: true))
    }

    /// ``importIdentities(_:)-(Data)`` for JSON text.
    /// - Parameter json: JSON text: an array of identities.
    /// - Throws: As ``importIdentities(_:)-(Data)``.
    @discardableResult
    public func importIdentities(_ json: String) throws(WrapModelError) -> ImportResult {
        try importIdentities(jsonObject: JSONInput.value(from: Array(json.utf8), lenient: true))
    }

    /// ``importIdentities(_:)-(Data)`` for an already parsed array (`[Any]`).
    /// - Throws: ``WrapModelError/notAnObject(found:)`` when `jsonObject` is not an array.
    /// - Parameter jsonObject: An array of identities, as `JSONSerialization` returns it.
    @discardableResult
    public func importIdentities(jsonObject: Any) throws(WrapModelError) -> ImportResult {
        guard let elements = NativeValue.array(jsonObject) else { throw .notAnObject(found: JSONTypeName.of(jsonObject)) }
        var models: [Model] = []
        models.reserveCapacity(elements.count)
        var issues: [WrapModelIssue] = []
        for (position, element) in elements.enumerated() {
            switch identity(ofValue: element) {
            case .success(let (identity, raw)): models.append(resolve(identity, raw: raw))
            case .failure(let problem): issues.append(WrapModelIssue(keyPath: "[\(position)]\(problem.keyPath)", kind: problem.kind))
            }
        }
        return ImportResult(models: models, issues: issues, insertedCount: 0, updatedCount: 0)
    }
}
