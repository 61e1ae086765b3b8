import Foundation
import WrapModelJSON

/// Where a store's objects keep their identity: one key path, or several (a composite identity,
/// Groot's `identityAttributes = "suit, value"`). Finds identities in objects and in reference
/// values, and builds placeholder data.
struct IdentityKeyPaths: Sendable {
    /// Each key path split into components, in the order the store was given them.
    let paths: [[String]]
    /// Each key path as given.
    let keyPaths: [String]

    init(_ keyPaths: [String]) {
        self.keyPaths = keyPaths
        self.paths = keyPaths.map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
    }

    var isComposite: Bool { paths.count > 1 }

    /// The identity of `object` and its raw form as the data gives it (an Int or a String, or an
    /// array of those for a composite).
    func identity(in object: [String: Any]) -> Result<(WrapModelIdentity, any Sendable), ImportProblem> {
        if !isComposite { return single(at: paths[0], keyPath: keyPaths[0], in: object) }
        var parts: [WrapModelIdentity] = []
        var raws: [any Sendable] = []
        for (components, keyPath) in zip(paths, keyPaths) {
            guard let raw = Self.value(at: components, in: object), !NativeValue.isNull(raw) else {
                return .failure(ImportProblem(kind: .missing, keyPath: keyPath))
            }
            switch Self.single(raw) {
            case .failure(let problem): return .failure(ImportProblem(kind: problem.kind, keyPath: keyPath))
            case .success(let (identity, rawForm)):
                parts.append(identity)
                raws.append(rawForm)
            }
        }
        return isComposite ? .success((.composite(parts), raws)) : .success((parts[0], raws[0]))
    }

    /// The identity at one key path of `object` (the whole identity of most stores).
    private func single(at components: [String], keyPath: String, in object: [String: Any])
        -> Result<(WrapModelIdentity, any Sendable), ImportProblem> {
        guard let raw = Self.value(at: components, in: object), !NativeValue.isNull(raw) else {
            return .failure(ImportProblem(kind: .missing, keyPath: keyPath))
        }
        return Self.single(raw).mapError { ImportProblem(kind: $0.kind, keyPath: keyPath) }
    }

    /// The identity a reference value names: an integer or string, or for a composite an array
    /// of one value per key path.
    func identity(ofValue value: Any) -> Result<(WrapModelIdentity, any Sendable), ImportProblem> {
        guard isComposite else {
            return Self.single(value)
        }
        guard let values = NativeValue.array(value), values.count == paths.count else {
            let found = NativeValue.array(value).map { "array of \($0.count)" } ?? JSONTypeName.of(value)
            return .failure(ImportProblem(kind: .wrongType(expected: "array of \(paths.count) identities", found: found), keyPath: ""))
        }
        var parts: [WrapModelIdentity] = []
        var raws: [any Sendable] = []
        for (position, element) in values.enumerated() {
            switch Self.single(element) {
            case .failure(let problem): return .failure(ImportProblem(kind: problem.kind, keyPath: "[\(position)]"))
            case .success(let (identity, raw)):
                parts.append(identity)
                raws.append(raw)
            }
        }
        return .success((.composite(parts), raws))
    }

    /// One integer or string identity.
    static func single(_ raw: Any) -> Result<(WrapModelIdentity, any Sendable), ImportProblem> {
        guard let identity = WrapModelIdentity(raw) else {
            let found = NativeValue.string(raw).map { _ in "empty string" } ?? JSONTypeName.of(raw)
            return .failure(ImportProblem(kind: .wrongType(expected: "integer or string identity", found: found)))
        }
        return .success((identity, NativeValue.string(raw) ?? rawForm(of: identity)))
    }

    /// The plain form of an identity for data: an Int, a String, or an array of those.
    static func rawForm(of identity: WrapModelIdentity) -> any Sendable {
        switch identity {
        case .int(let int): return int
        case .string(let string): return string
        case .composite(let parts): return parts.map(rawForm(of:))
        }
    }

    /// An object holding only `raw` at the identity key path(s).
    func placeholderData(_ raw: any Sendable) -> [String: Any] {
        var data: [String: Any] = [:]
        if isComposite, let parts = raw as? [any Sendable], parts.count == paths.count {
            for (components, part) in zip(paths, parts) { data.setValue(part, atPath: components[...]) }
        } else {
            data.setValue(raw, atPath: paths[0][...])
        }
        return data
    }

    /// For each key path, whether the property `model` declares there reads `identity`'s part
    /// back from the model's data (true where no property is declared at it).
    func readsBack(_ identity: WrapModelIdentity, in model: WrapModel) -> [Bool] {
        let parts: [WrapModelIdentity]
        if isComposite, case .composite(let composite) = identity, composite.count == keyPaths.count {
            parts = composite
        } else {
            parts = [identity]
        }
        let slots = model.slots
        return zip(keyPaths, parts).map { keyPath, part in
            // Borrowed: the class's descriptors are shared by every model of the class.
            guard let ordinal = (0..<slots.count).first(where: { ordinal in
                slots.withDescriptor(ordinal) { !$0.mergesIntoParentLevel && $0.keyPath == keyPath }
            }) else { return true }
            return slots.withDescriptor(ordinal) { $0.storedValueAsRead(slots).flatMap { WrapModelIdentity($0) } } == part
        }
    }

    /// `raw` with each part where `swapping` is true in its other data form — an integer as its
    /// decimal string, a canonical decimal string as its integer; nil when no such part has one.
    func otherForms(of raw: any Sendable, swapping: [Bool]) -> (any Sendable)? {
        guard isComposite else { return swapping.first == true ? Self.otherForm(raw) : nil }
        guard let parts = raw as? [any Sendable], parts.count == swapping.count else { return nil }
        var changed = false
        let swapped = zip(parts, swapping).map { part, swaps -> any Sendable in
            guard swaps, let other = Self.otherForm(part) else { return part }
            changed = true
            return other
        }
        return changed ? swapped : nil
    }

    /// The other data form of one identity value naming the same identity, if it has one.
    private static func otherForm(_ raw: any Sendable) -> (any Sendable)? {
        if type(of: raw) == Int.self { return String(raw as! Int) }
        if type(of: raw) == String.self, let int = Int(raw as! String), String(int) == raw as! String { return int }
        return nil
    }

    /// The identity values of a model, read from its current data (never its whole output).
    func rawIdentity(of model: WrapModel) -> Any? {
        var raws: [Any] = []
        for keyPath in keyPaths {
            guard let raw = model.currentValue(at: KeyPathComponents(keyPath)),
                  case .success = Self.single(raw) else { return nil }
            raws.append(raw)
        }
        return isComposite ? raws : raws[0]
    }

    private static func value(at components: [String], in object: [String: Any]) -> Any? {
        var level = object
        for component in components.dropLast() {
            guard let next = level[component].flatMap(NativeValue.object) else { return nil }
            level = next
        }
        return components.last.flatMap { level[$0] }
    }
}
