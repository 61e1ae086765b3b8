import Foundation
import WrapModelJSON

/// How a class whose declarations cover the same data keeps showing one document: `address` (a
/// submodel) and `address.city`, two declarations of one key, a dictionary and a key inside it.
///
/// Worked out once, when the class is described, and only for classes whose output plan found
/// two declarations sharing a first key (or a group): other classes have none, and their reads
/// and writes are untouched. Each declaration that overlaps another gets an ``OverlapMember`` in
/// its hooks (which a read looks at only on a miss, where it already looked for converters).
///
/// The rules, for a declaration `D`:
/// - **Inside a container.** `D`'s *container* is the shallowest other declaration whose key path
///   is a proper prefix of `D`'s (or a group whose class declares `D`'s key path or a prefix of
///   it). A write through `D` goes into the container: into the submodel (or group) it holds, as
///   a write of the submodel's own declaration there — so the submodel, which code may hold,
///   shows it — or into a plain container's value (a dictionary), which holds the write. `D`
///   itself then holds nothing, and reads what the container holds at its place: through the
///   submodel, never cached on a mutable model (the submodel may be written directly); from a
///   plain container's written value, cached until the container is written again.
/// - **Same key.** Declarations of one key path with no container: the last one written holds
///   the write, the others are cleared, and read it converted by their own codecs.
/// - **A container.** A write through a declaration clears every declaration inside it (and of
///   its key path): they read its new value.
///
/// Overlaps that cannot be kept consistent are refused where the class is described (an issue
/// naming both declarations, and writes through them dropped): a model-holding declaration inside
/// a plain container, or over the same key path as another declaration (a write through one
/// would replace the models code holds from the other); declarations with alternative keys; a
/// key path inside a collection of models.
final class DeclarationOverlaps: @unchecked Sendable {
    // @unchecked: immutable once built, before the class's table is published.
    /// The issue refusing each refused declaration, by ordinal.
    let refusals: [Int: WrapModelIssue.Kind]

    private init(refusals: [Int: WrapModelIssue.Kind]) {
        self.refusals = refusals
    }

    /// Works out the overlaps of `descriptors` (not yet published) and attaches a member to each
    /// declaration that overlaps another; nil when none does.
    static func attach(to descriptors: [PropertyDescriptor], modelClass: WrapModel.Type) -> DeclarationOverlaps? {
        let count = descriptors.count
        func name(_ ordinal: Int) -> String {
            let descriptor = descriptors[ordinal]
            let key = descriptor.mergesIntoParentLevel ? "<group>" : "\"\(descriptor.keyPath)\""
            return descriptor.name.map { "\($0) (\(key))" } ?? key
        }
        var refusals: [Int: WrapModelIssue.Kind] = [:]
        func refuse(_ ordinal: Int, _ other: Int, _ why: String) {
            guard refusals[ordinal] == nil else { return }
            refusals[ordinal] = .inconsistentOverlap("\(name(ordinal)) and \(name(other)) cover the same data: \(why)")
        }
        // What each group's class declares, to know which of this class's declarations it covers.
        var groupPaths: [Int: [KeyPathComponents]] = [:]
        for ordinal in 0..<count where descriptors[ordinal].mergesIntoParentLevel {
            guard let held = descriptors[ordinal].heldModelClass else { continue }
            let table = ModelClassTable.of(held)
            if table.descriptors == nil { _ = table.placeholder() }
            groupPaths[ordinal] = table.descriptors?.descriptors.filter { !$0.mergesIntoParentLevel }.map(\.path) ?? []
        }

        var containers: [Int?] = Array(repeating: nil, count: count)
        var peers: [[Int]] = Array(repeating: [], count: count)
        var dependents: [[Int]] = Array(repeating: [], count: count)
        var overlapping = Array(repeating: false, count: count)
        for d in 0..<count where !descriptors[d].mergesIntoParentLevel {
            let mine = descriptors[d]
            var best: Int?
            var bestDepth = Int.max
            for e in 0..<count where e != d {
                let other = descriptors[e]
                if other.mergesIntoParentLevel {
                    // A group covers `d` when its class declares `d`'s key path or a prefix of it.
                    let paths = groupPaths[e] ?? []
                    let covers = paths.contains { $0.isPrefix(of: mine.path) }
                    let inside = paths.contains { mine.path.isProperPrefix(of: $0) }
                    guard covers || inside else { continue }
                    overlapping[d] = true
                    overlapping[e] = true
                    if !mine.alternatives.isEmpty { refuse(d, e, "a declaration with alternative keys cannot follow a write through the other") }
                    if !covers {
                        refuse(d, e, "the group declares keys inside this one's value but not the value itself")
                        continue
                    }
                    if bestDepth > 0 { best = e; bestDepth = 0 }
                    continue
                }
                if other.path == mine.path {
                    overlapping[d] = true
                    peers[d].append(e)
                    dependents[e].append(d)
                    if mine.holdsModels || other.holdsModels {
                        refuse(d, e, "a declaration holding models shares its key path with another, so a write through one would replace the models code holds from the other")
                    }
                } else if other.path.isProperPrefix(of: mine.path) {
                    overlapping[d] = true
                    overlapping[e] = true
                    dependents[e].append(d)
                    if other.holdsModels && !other.holdsOneModel {
                        // A key path cannot index a collection: `items.name` reads nothing there.
                        if other.holdsModelsByKey {
                            refuse(d, e, "a key path inside a dictionary of models cannot follow writes to its models")
                        }
                        continue
                    }
                    if mine.holdsModels && !other.holdsModels {
                        refuse(d, e, "models inside a plain value would be made again at every write of that value")
                    }
                    let depth = other.path.depth
                    if depth < bestDepth { best = e; bestDepth = depth }
                }
                if (!mine.alternatives.isEmpty || !other.alternatives.isEmpty) && (other.path == mine.path
                    || other.path.isProperPrefix(of: mine.path) || mine.path.isProperPrefix(of: other.path)) {
                    refuse(d, e, "a declaration with alternative keys cannot follow a write through the other")
                }
            }
            containers[d] = best
        }
        // Declarations of a group's class are the group's: a write through the group clears the
        // parent's declarations it covers.
        for d in 0..<count { if let container = containers[d], descriptors[container].mergesIntoParentLevel { dependents[container].append(d) } }
        // A declaration whose container (or same-key peer) is refused is refused with it: its
        // writes would go there.
        var changed = true
        while changed {
            changed = false
            for d in 0..<count where refusals[d] == nil {
                if let container = containers[d], refusals[container] != nil { refuse(d, container, "its container is refused"); changed = true }
                for peer in peers[d] where refusals[peer] != nil && refusals[d] == nil { refuse(d, peer, "a declaration of its key path is refused"); changed = true }
            }
            for (ordinal, _) in refusals {
                for peer in peers[ordinal] where refusals[peer] == nil { refuse(peer, ordinal, "a declaration of its key path is refused"); changed = true }
                if let container = containers[ordinal], refusals[container] == nil {
                    refuse(container, ordinal, "a declaration inside it is refused")
                    changed = true
                }
            }
        }
        guard overlapping.contains(true) else { return nil }
        for ordinal in 0..<count where overlapping[ordinal] {
            let descriptor = descriptors[ordinal]
            let container = containers[ordinal]
            let rest: KeyPathComponents
            if let container {
                rest = descriptors[container].mergesIntoParentLevel ? descriptor.path : descriptor.path.removingPrefix(descriptors[container].path)
            } else {
                rest = KeyPathComponents("")
            }
            descriptor.attachOverlap(OverlapMember(
                ordinal: ordinal, container: container, rest: rest,
                containerHoldsModels: container.map { descriptors[$0].holdsModels } ?? false,
                peers: peers[ordinal], dependents: dependents[ordinal], refusal: refusals[ordinal],
                modelClass: modelClass))
        }
        return DeclarationOverlaps(refusals: refusals)
    }
}

/// One declaration's place among the overlapping declarations of its class (see
/// ``DeclarationOverlaps``), kept in its descriptor's hooks.
final class OverlapMember: @unchecked Sendable {
    // @unchecked: immutable.
    let ordinal: Int
    /// The declaration whose value holds this one's, by ordinal: writes go there.
    let container: Int?
    /// This declaration's key path inside the container's value (its whole key path in a group).
    let rest: KeyPathComponents
    /// Whether the container holds a submodel (or is a group): reads go through that model.
    let containerHoldsModels: Bool
    /// Other declarations of the same key path.
    let peers: [Int]
    /// Declarations a write through this one clears: those inside it and of its key path.
    let dependents: [Int]
    /// Set when the overlap is refused: writes through the declaration are dropped.
    let refusal: WrapModelIssue.Kind?
    let modelClass: WrapModel.Type

    init(ordinal: Int, container: Int?, rest: KeyPathComponents, containerHoldsModels: Bool, peers: [Int],
         dependents: [Int], refusal: WrapModelIssue.Kind?, modelClass: WrapModel.Type) {
        self.ordinal = ordinal
        self.container = container
        self.rest = rest
        self.containerHoldsModels = containerHoldsModels
        self.peers = peers
        self.dependents = dependents
        self.refusal = refusal
        self.modelClass = modelClass
    }

    /// Whether a mutable model must not cache this declaration's value: it is read through a
    /// submodel, which may be written directly.
    var readsThroughModel: Bool { container != nil && containerHoldsModels }
}

extension KeyPathComponents {
    /// Whether this key path is `other` or one of its prefixes (`address` of `address.city`).
    func isPrefix(of other: KeyPathComponents) -> Bool {
        self == other || isProperPrefix(of: other)
    }

    /// Whether `other` lies strictly inside this key path's value (`address.city` in `address`).
    func isProperPrefix(of other: KeyPathComponents) -> Bool {
        if isRoot { return !other.isRoot }
        return other.keyPath.count > keyPath.count && other.keyPath.hasPrefix(keyPath)
            && other.keyPath.utf8.dropFirst(keyPath.utf8.count).first == UInt8(ascii: ".")
    }

    /// The rest of this key path after `prefix` (a proper prefix of it, or the root).
    func removingPrefix(_ prefix: KeyPathComponents) -> KeyPathComponents {
        if prefix.isRoot { return self }
        return KeyPathComponents(String(keyPath.utf8.dropFirst(prefix.keyPath.utf8.count + 1))!)
    }
}

/// Values of a model's document at key paths, as overlapping declarations read and write them.
enum DocumentValues {
    /// `value` as plain Swift values (output trees hold ordered objects and verbatim parts).
    static func plain(_ value: Any?) -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        return OrderedObject.plainValue(value)
    }

    /// The value at `path` inside `value` (the value itself for the root); nil when absent.
    static func value(in value: Any?, at path: KeyPathComponents) -> Any? {
        let components = path.components
        guard !components.isEmpty else { return value }
        guard let object = value.flatMap(NativeValue.object) else { return nil }
        return object.value(atPath: components[...]).flatMap { $0 is NSNull ? nil : $0 }
    }

    /// `container` (a plain value, or nil) with `value` set at `path` inside it (removed for nil).
    static func setting(_ value: Any?, at path: KeyPathComponents, in container: Any?) -> Any? {
        let components = path.components
        guard !components.isEmpty else { return value }
        var object = container.flatMap(NativeValue.object) ?? [:]
        if let value { object.setValue(value, atPath: components[...]) } else { object.removeValue(atPath: components[...]) }
        return object
    }

    /// The declaration of `slots`' model that covers `path` — declares it, or a prefix of it — the
    /// shallowest one (a group covers what its class declares); nil when none does. Reports a
    /// model whose declarations lie only inside `path`: a write there cannot reach them.
    static func covering(_ path: KeyPathComponents, in slots: ModelSlots) -> Int? {
        var best: Int?
        var bestDepth = Int.max
        var inside: Int?
        for ordinal in 0..<slots.count {
            let descriptor = slots.descriptor(ordinal)
            if descriptor.mergesIntoParentLevel { continue }
            if descriptor.path.isPrefix(of: path) {
                let depth = descriptor.path.depth
                if depth < bestDepth { best = ordinal; bestDepth = depth }
            } else if path.isProperPrefix(of: descriptor.path) {
                inside = ordinal
            }
        }
        if best == nil, let inside, WrapIssueObserver.isActive.load(ordering: .relaxed) {
            let descriptor = slots.descriptor(inside)
            WrapIssueObserver.report(modelClass: String(describing: slots.table.classTable.modelClass), keyPath: descriptor.keyPath,
                                     kind: .inconsistentOverlap("a declaration of the model holding it covers \"\(path.keyPath)\", "
                                                                + "which holds this one's value; a write there does not reach it"))
        }
        return best
    }

    /// Writes `data` (a plain value, nil for absent) at `path` of the model over `slots`, through
    /// the declaration covering it (the tree's write lock held). False when none covers it.
    static func write(_ data: Any?, at path: KeyPathComponents, in slots: ModelSlots, notifying: inout [(ModelSlots, Int)]) -> Bool {
        guard let ordinal = covering(path, in: slots) else { return false }
        let descriptor = slots.descriptor(ordinal)
        if descriptor.path == path {
            descriptor.writeData(data, slots, ordinal, notifying: &notifying)
            return true
        }
        let rest = path.removingPrefix(descriptor.path)
        if descriptor.holdsModels {
            guard let child = descriptor.heldModel(slots, ordinal) ?? descriptor.makeHeldModelForWrite(slots, ordinal),
                  child.slots.lock === slots.lock else { return false }
            return write(data, at: rest, in: child.slots, notifying: &notifying)
        }
        let current = plain(descriptor.currentData(slots, ordinal))
        descriptor.writeData(setting(data, at: rest, in: current), slots, ordinal, notifying: &notifying)
        return true
    }
}
