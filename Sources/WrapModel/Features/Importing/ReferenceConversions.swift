import Foundation
import WrapModelJSON

/// What reference codecs share: resolving an identity (or an embedded object) to the stored model,
/// and importing embedded objects.
enum ReferenceConversions {
    static let expected = "identity (integer or string) or object"

    /// The model a reference value stands for. While validating (`context.isValidating`) the store
    /// is left unchanged and problems are reported; otherwise a missing identity is created as a
    /// placeholder, and an embedded object not yet stored is stored.
    static func resolve<M: WrapModel>(_ value: Any, in store: WrapModelStore<M>, context: WrapDecodingContext,
                                              keyPath: String) -> M? {
        let validating = context.isValidating
        if let given = NativeValue.object(value) {
            var problems: [WrapModelIssue] = []
            guard let object = store.transformed(given, reportingAt: keyPath, into: &problems) else {
                for problem in problems { context.report(problem.kind, at: problem.keyPath) }
                return nil
            }
            switch store.identityLookup(in: object) {
            case .failure(let problem):
                context.report(problem.kind, at: "\(keyPath).\(problem.keyPath)")
                return nil
            case .success(let (identity, raw)):
                if validating { return store.model(forIdentity: identity) ?? store.makeModel(object) }
                return store.resolveEmbedded(object, identity: identity, raw: raw)
            }
        }
        switch store.identity(ofValue: value) {
        case .failure(let problem):
            if store.identityPaths.isComposite {
                context.report(problem.kind, at: problem.keyPath.isEmpty ? keyPath : "\(keyPath)\(problem.keyPath)")
            } else {
                context.report(.wrongType(expected: expected, found: JSONTypeName.of(value)), at: keyPath)
            }
            return nil
        case .success(let (identity, raw)):
            if validating { return store.model(forIdentity: identity) ?? store.makePlaceholder(identity, raw).0 }
            return store.resolve(identity, raw: raw, fromReference: true)
        }
    }

    /// What output writes for a referenced model: its identity, or with
    /// ``WrapOutputOptions/referencesAsObjects`` its own output — its identity again when its
    /// output is already being built (a cycle).
    static func output<M: WrapModel>(of model: M, in store: WrapModelStore<M>?, context: WrapEncodingContext) -> Any? {
        if context.nestsReferences, !context.modelsBeingWritten.contains(ObjectIdentifier(model)) {
            // Another tree: its own hooks run (its lock is not the one this thread holds).
            var nested = context
            nested.ranWriteHooks = false
            nested.heldLock = nil
            return model.outputTree(nested).writable
        }
        return store?.rawIdentity(of: model)
    }

    /// Imports the objects (not identities) found at `path` in `object` into `store`, merging.
    static func importEmbedded<M: WrapModel>(at path: KeyPathComponents, keyPath: String, from object: [String: Any],
                                             into store: WrapModelStore<M>, prefix: String, issues: inout [WrapModelIssue]) {
        var level = object
        let components = path.components
        guard !components.isEmpty else { return }
        for component in components.dropLast() {
            guard let next = level[component].flatMap(NativeValue.object) else { return }
            level = next
        }
        guard let value = level[components[components.count - 1]] else { return }
        let base = prefix.isEmpty ? keyPath : "\(prefix).\(keyPath)"
        if let embedded = NativeValue.object(value) {
            _ = store.importObject(embedded, merge: true, prefix: base, issues: &issues)
        } else if let elements = NativeValue.array(value) {
            for (position, element) in elements.enumerated() {
                if let embedded = NativeValue.object(element) {
                    _ = store.importObject(embedded, merge: true, prefix: "\(base)[\(position)]", issues: &issues)
                }
            }
        }
    }
}
