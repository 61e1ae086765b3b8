import Foundation
import WrapModelJSON

extension WrapModel {
    /// Whether anything was written that changes the model's data: true when
    /// ``mergePatch(options:)`` is not empty.
    ///
    /// Each written value is compared with the data it replaces; no hook runs and no output is
    /// built. So a change that `willWriteOutput()` would make is not seen, and a value written to
    /// a property with a converter or a named transformer counts as a change (comparing it would
    /// run them).
    public var hasChanges: Bool {
        withReadAccess {
            guard hasMutations else { return false }
            var context = patchContext([])
            context.runsWriteHooks = false
            return slotChanges(context) ?? !diffPatch(context).isEmpty
        }
    }

    /// The written changes as a JSON Merge Patch (RFC 7396), for `PATCH` endpoints.
    ///
    /// Only what differs from the data the model was created from is in it: a written value at its
    /// key path (nested key paths nest), `NSNull` for a value written as nil, arrays whole.
    /// Applying the patch to the original data with the RFC's algorithm gives what
    /// ``jsonData(options:)`` writes by default, with one exception: properties declared
    /// `serializeForOutput: false` are left alone by the patch (they are not sent, so the server
    /// keeps them), while the lossless body leaves them out. A merge patch cannot set a member to
    /// `null` (null means "remove"), so `null`s inside a newly written object are not expressed.
    /// - Parameter options: ``WrapOutputOptions/includeNonOutputProperties`` also sends written
    ///   values of properties declared `serializeForOutput: false`; other options do not apply.
    ///   Defaults to none.
    /// - Returns: An empty dictionary when nothing changed.
    public func mergePatch(options: WrapOutputOptions = []) -> [String: Any] {
        let context = patchContext(options)
        runWriteHooks()
        return OrderedObject.plainValue(withReadAccess { patchTree(context) }) as! [String: Any]
    }

    /// ``mergePatch(options:)`` as UTF-8 JSON (`{}` when nothing changed), the body of a `PATCH`
    /// request with content type `application/merge-patch+json`. Values the client did not write
    /// are copied as they came (number text, string escapes).
    /// - Parameter options: ``WrapOutputOptions/prettyPrinted``, ``WrapOutputOptions/sortedKeys``
    ///   and ``WrapOutputOptions/includeNonOutputProperties`` apply. Defaults to compact output.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` when a written value has no JSON form;
    ///   ``WrapModelError/unsupportedVersion(found:current:)`` for newer-version data.
    public func mergePatchData(options: WrapOutputOptions = []) throws(WrapModelError) -> Data {
        try checkVersionIsSupported()
        let context = patchContext(options)
        runWriteHooks()
        // A patch built from the slots is written from them, compact, while the lock is held.
        let compact = !options.contains(.prettyPrinted) && !options.contains(.sortedKeys)
        let patch: PatchBody = withReadAccess {
            guard compact, hasMutations, let members = slotPatch(context) else { return .tree(patchTree(context)) }
            do throws(JSONWriter.InvalidValue) {
                return .json(try members.compactJSON(context))
            } catch {
                return .unwritable(error)
            }
        }
        switch patch {
        case .json(let data): return data
        case .unwritable(let error): throw .unencodable(keyPath: error.path, found: error.found)
        case .tree(let tree): return try JSONOutput.data(tree, options: options)
        }
    }

    /// A patch as `mergePatchData` has it once the lock is released.
    private enum PatchBody {
        case json(Data)
        case unwritable(JSONWriter.InvalidValue)
        case tree(OrderedObject)
    }

    /// The patch as an output tree: the difference between the original data and lossless output,
    /// built from the written slots where they tell it alone. The caller holds the tree's lock
    /// (or the model is immutable).
    private func patchTree(_ context: WrapEncodingContext) -> OrderedObject {
        guard hasMutations || classVersioning != nil else { return OrderedObject() }
        return slotPatch(context)?.object(context) ?? diffPatch(context)
    }

    /// How a patch's lossless output is built (the lock is the one the patch holds).
    func patchContext(_ options: WrapOutputOptions) -> WrapEncodingContext {
        WrapEncodingContext(withNulls: false, forOutput: !options.contains(.includeNonOutputProperties),
                            keepUnmodeledKeys: true, heldLock: slots.isLockFree ? nil : lock, forPatch: true)
    }

    /// The patch as the difference between the original data and the whole lossless output.
    func diffPatch(_ context: WrapEncodingContext) -> OrderedObject {
        MergePatchDiff.objectPatch(from: storage.rootValue, to: buildLosslessOutput(context))
    }
}

/// Computes RFC 7396 patches between original data and an output tree.
enum MergePatchDiff {
    /// The patch turning the object `original` into `new`: removed members as `null`, changed
    /// members as their new value (objects patched recursively).
    static func objectPatch(from original: WrapStoredValue.Raw, to new: OrderedObject) -> OrderedObject {
        if case .json(let node) = original, let base = new.original, base.document === node.document,
           base.index == node.index, node.document.withView({ $0.hasDistinctPlainKeys(node.index) }) {
            return changesPatch(from: node, new.changes)
        }
        var originals: [String: WrapStoredValue.Raw] = [:]
        var originalKeys: [String] = []
        switch original {
        case .json(let node):
            node.forEachMember { key, value in
                if originals.updateValue(.json(value), forKey: key) == nil { originalKeys.append(key) }
            }
        case .native(let value):
            let object = NativeValue.object(value) ?? [:]
            originalKeys = object.keys.sorted()
            originals = object.mapValues(WrapStoredValue.Raw.native)
        }
        var patch = OrderedObject()
        for key in originalKeys where new[key] == nil {
            patch.set(NSNull(), forKey: key)
        }
        for (key, value) in new.members {
            if let change = difference(from: originals[key], to: value) { patch.set(change, forKey: key) }
        }
        return patch
    }

    /// The patch of an unsplit object over its own original (whose keys are distinct, plain
    /// ASCII): only the changes can differ. Removals first, then changed members, in the order
    /// the general diff gives them.
    private static func changesPatch(from node: JSONNode, _ changes: [(key: String, value: Any?)]) -> OrderedObject {
        var removed: [(index: Int, key: String)] = []
        var replaced: [(member: JSONNode, key: String, value: Any)] = []
        var appended: [(key: String, value: Any)] = []
        for (key, value) in changes {
            switch (node.member(key), value) {
            case let (member?, nil): removed.append((member.index, key))
            case let (member?, value?): replaced.append((member, key, value))
            case let (nil, value?): appended.append((key, value))
            case (nil, nil): break
            }
        }
        var patch = OrderedObject()
        for (_, key) in removed.sorted(by: { $0.index < $1.index }) { patch.set(NSNull(), forKey: key) }
        for (member, key, value) in replaced.sorted(by: { $0.member.index < $1.member.index }) {
            if let change = difference(from: .json(member), to: value) { patch.set(change, forKey: key) }
        }
        for (key, value) in appended {
            if let change = difference(from: nil, to: value) { patch.set(change, forKey: key) }
        }
        return patch
    }

    /// What a patch holds for a member that was `original` and is now `new`; nil when unchanged.
    static func difference(from original: WrapStoredValue.Raw?, to new: Any) -> Any? {
        if let verbatim = new as? VerbatimJSON, case .json(let node)? = original,
           node.document === verbatim.node.document, node.index == verbatim.node.index {
            return nil
        }
        guard let original else { return new }
        if OrderedObject.isObject(new), original.objectStorage != nil {
            let patch = objectPatch(from: original, to: OrderedObject(reaching: new))
            return patch.isEmpty ? nil : patch
        }
        return isSame(original, new) ? nil : new
    }

    /// Same JSON type and value (numbers by numeric value, so `24` and `24.0` are the same).
    private static func isSame(_ original: WrapStoredValue.Raw, _ new: Any) -> Bool {
        let plain = OrderedObject.plainValue(new)
        guard original.typeDescription == JSONTypeName.of(plain) || (isNumber(original) && isNumber(plain)) else {
            return false
        }
        return StructuralEquality.isEqual(original.any, plain)
    }

    private static func isNumber(_ value: WrapStoredValue.Raw) -> Bool {
        if case .json(let node) = value { return node.kind == .number }
        return isNumber(value.any)
    }

    private static func isNumber(_ value: Any) -> Bool {
        let name = JSONTypeName.of(value)
        return name == "integer" || name == "number"
    }
}
