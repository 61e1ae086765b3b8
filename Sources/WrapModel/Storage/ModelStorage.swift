import Foundation
import Synchronization
import WrapModelJSON

/// The original data a model wraps: never changed after the model is created.
///
/// It is either a dictionary (from `init(data:mutable:)`) or a node of a parsed JSON document —
/// models created from JSON bytes keep the document's index and convert a value from the bytes
/// only when a property first reads it. Because the data is immutable, converting on first read
/// needs no lock; only the per-property caches change, and they are guarded separately.
// @unchecked: immutable after init (holds `Any` values, which Swift cannot prove Sendable).
final class ModelStorage: @unchecked Sendable {
    private let dictionary: [String: Any]?
    private let node: JSONNode?
    /// The JSON object as a dictionary, built on first request and kept (JSON storage only, so
    /// dictionary-backed models do not pay for a lock).
    private let materialized: Locked<[String: Any]?>?
    /// Bits of the member table a `MemberSchedule` fills on first use (JSON storage only), or 0:
    /// the schedule's identity, then one 32-bit tape index per ordinal (-1: absent). Immutable
    /// once published with a compare-and-swap, freed with the storage.
    private let memberTable = Atomic<UInt>(0)

    init(_ dictionary: [String: Any]) {
        self.dictionary = dictionary
        self.node = nil
        self.materialized = nil
    }

    /// Storage over a JSON object node.
    init(node: JSONNode) {
        self.dictionary = nil
        self.node = node
        self.materialized = Locked(nil)
    }

    deinit {
        let bits = memberTable.load(ordering: .acquiring)
        if let table = UnsafeMutableRawPointer(bitPattern: bits) { SmallAllocation.deallocate(table) }
    }

    /// The value of `schedule`'s `ordinal` in the JSON object, found through its member table:
    /// `.some(nil)` when the object has no such member, nil when no member table applies (the
    /// data is not a JSON object, or the table belongs to another schedule). What a first read
    /// looks up, borrowing everything but the value it returns.
    func member(_ ordinal: Int32, schedule: MemberSchedule) -> WrapStoredValue.Raw?? {
        guard let node, let table = memberIndices(for: schedule, node) else { return nil }
        let index = table[Int(ordinal)]
        return .some(index < 0 ? nil : .json(JSONNode(document: node.document, index: Int(index))))
    }

    /// The tape indices of `schedule`'s ordinals in `node`, built on first use; nil when the table
    /// was built for another schedule (storage shared with a model of another class) or cannot be.
    private func memberIndices(for schedule: MemberSchedule, _ node: JSONNode) -> UnsafePointer<Int32>? {
        let identity = UInt(bitPattern: ObjectIdentifier(schedule))
        var bits = memberTable.load(ordering: .acquiring)
        if bits == 0 {
            let count = schedule.count
            let raw = SmallAllocation.allocate(byteCount: 8 + 4 * count)
            raw.storeBytes(of: identity, as: UInt.self)
            let table = (raw + 8).bindMemory(to: Int32.self, capacity: count)
            table.initialize(repeating: -1, count: count)
            guard schedule.fill(table, object: node) else { SmallAllocation.deallocate(raw); return nil }
            let (exchanged, winner) = memberTable.compareExchange(
                expected: 0, desired: UInt(bitPattern: raw), successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
            if exchanged { bits = UInt(bitPattern: raw) } else { SmallAllocation.deallocate(raw); bits = winner }
        }
        let raw = UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped
        guard raw.load(as: UInt.self) == identity else { return nil }
        return (raw + 8).assumingMemoryBound(to: Int32.self)
    }

    /// Brings what the storage caches up to members that arrived in a JSON object still arriving,
    /// from the key at tape index `first` on (the document's lock held for writing, which every
    /// reader of a growing document's storage holds for reading): the member table `schedule`
    /// fills is extended where it is (later members win, as in a whole fill); a table of another
    /// schedule is dropped, to be built again on its next use; the dictionary is forgotten.
    func membersArrived(from first: Int, schedule: Unmanaged<MemberSchedule>?) {
        guard let node else { return }
        let bits = memberTable.load(ordering: .acquiring)
        if let raw = UnsafeMutableRawPointer(bitPattern: bits) {
            let identity = schedule.map { UInt(bitPattern: ObjectIdentifier($0.takeUnretainedValue())) }
            let table = (raw + 8).assumingMemoryBound(to: Int32.self)
            let extended = identity == raw.load(as: UInt.self)
                && schedule!._withUnsafeGuaranteedRef { $0.fill(table, object: node, from: first) }
            if !extended {
                memberTable.store(0, ordering: .releasing)
                SmallAllocation.deallocate(raw)
            }
        }
        materialized?.withLock { $0 = nil }
    }

    /// The lock of the document this object belongs to while the document is still arriving
    /// (see `WrapPartialDocument`); nil for every other storage.
    var growingDocumentLock: WrapModelLock? { node?.document.growing?.owner as? WrapModelLock }

    /// The data when it was given as a dictionary (nil for a JSON document's object).
    var nativeDictionary: [String: Any]? { dictionary }

    /// The parsed object the data is (nil for a dictionary).
    var jsonObject: JSONNode? { node }

    /// The whole data as a stored value.
    var rootValue: WrapStoredValue.Raw { node.map(WrapStoredValue.Raw.json) ?? .native(dictionary ?? [:]) }

    /// The wrapped data as a dictionary.
    var originalData: [String: Any] {
        if let dictionary { return dictionary }
        guard let node, let materialized else { return [:] }
        return materialized.withLock { cached in
            if let cached { return cached }
            let built = NativeValue.object(node.materialize()) ?? [:]
            cached = built
            return built
        }
    }

    /// The value at a key path, or nil when a component is absent or passes through a non-object.
    func lookup(_ path: KeyPathComponents) -> WrapStoredValue.Raw? {
        if let node { return Self.lookup(path, in: node) }
        guard let dictionary else { return nil }
        if path.isRoot { return .native(dictionary) }
        if !path.isDotted { return dictionary[path.keyPath].map(WrapStoredValue.Raw.native) }
        let components = path.components
        var level = dictionary
        for component in components.dropLast() {
            guard let next = level[component].flatMap(NativeValue.object) else { return nil }
            level = next
        }
        return level[components[components.count - 1]].map(WrapStoredValue.Raw.native)
    }

    private static func lookup(_ path: KeyPathComponents, in node: JSONNode) -> WrapStoredValue.Raw? {
        if path.isRoot { return .json(node) }
        if !path.isDotted { return member(path.keyPath, of: node).map(WrapStoredValue.Raw.json) }
        var current = node
        for component in path.components {
            guard let next = member(component, of: current) else { return nil }
            current = next
        }
        return .json(current)
    }

    /// The member named `key`. Keys are compared byte for byte first; a non-ASCII key that does
    /// not match is compared again as Swift strings compare (canonical equivalence: NFC "café"
    /// equals NFD "café"), as a dictionary-backed model would find it.
    private static func member(_ key: String, of node: JSONNode) -> JSONNode? {
        if let found = node.member(key) { return found }
        guard node.kind == .object, key.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        var found: JSONNode?
        node.forEachMember { name, value in
            if name == key { found = value }
        }
        return found
    }
}
