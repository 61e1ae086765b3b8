import Synchronization
import WrapModelJSON

/// What the models over a document still arriving must learn from one piece, found under the
/// document's lock and told to observers after it is released.
///
/// Only the models over containers that were open before the piece can have changed: a
/// complete object's values never change, and its model (and everything cached in it) stays as
/// it is. Those models form one path, the open containers' (the last member or element of an open
/// container is the only one that can be open), so the walk goes from the root model down that
/// path through the values its slots cache: a submodel over the same object, the last model of
/// an array. In each model it looks only at the declarations that read a member new in this piece
/// or the member that was open: found by the member's key, the first component of their key paths.
///
/// A slot nobody read (0) is left for its first read, which converts from the view as it is then.
final class PartialWalk {
    let document: JSONDocument
    let growth: JSONGrowingTape
    /// Entries at this tape index and beyond were committed by the piece.
    private(set) var firstNew = 0
    /// The containers open before the piece, outermost first.
    private(set) var previous: [JSONGrowingTape.Frame] = []
    private(set) var notes = PartialNotes()
    /// Each class's declarations by the first component of their key paths.
    private var dependentsCache: [ObjectIdentifier: PartialDependents] = [:]

    /// The values observers read of `arrival` and `receivedText`.
    let observers: PartialObservers

    init(document: JSONDocument, growth: JSONGrowingTape, observers: PartialObservers) {
        self.document = document
        self.growth = growth
        self.observers = observers
    }

    /// Brings `root` and the models below it up to the piece just appended; returns what to tell observers.
    func run(root: WrapModel) -> PartialNotes {
        notes = PartialNotes()
        firstNew = growth.firstNew
        previous = growth.previousStack
        let committedSomething = growth.count != firstNew
        if previous.isEmpty {
            // The root was not open before: it started (or started and ended) in this piece.
            guard committedSomething else { return takeNotes() }
            refreshAll(root)
            return takeNotes()
        }
        if !committedSomething {
            // Only the unfinished token moved: its text so far matters to observers alone.
            guard growth.unfinishedToken != growth.previousUnfinished, !observers.isEmpty else { return takeNotes() }
        }
        visit(root, level: 0)
        return takeNotes()
    }

    private func takeNotes() -> PartialNotes {
        let taken = notes
        notes = PartialNotes()
        return taken
    }

    /// The root's every cached value, after the root object first arrived.
    private func refreshAll(_ model: WrapModel) {
        let slots = model.slots
        renewStorage(slots)
        for ordinal in 0..<slots.count { process(slots, ordinal) }
        noteObserved(slots)
    }

    /// Notes the `arrival` and `receivedText` readings of `slots` that changed.
    private func noteObserved(_ slots: ModelSlots) {
        guard !observers.isEmpty else { return }
        for key in observers.changed(slots, current: { PartialKeys.reading(key: $0, slots) }) { notes.note(slots, key) }
    }

    /// Brings `model`, over the container that was open at `level`, up to the piece.
    func visit(_ model: WrapModel, level: Int) {
        let slots = model.slots
        guard let node = slots.storage.jsonObject, node.document === document, level < previous.count,
              node.index == previous[level].header else { return }
        let object = node.index
        let lastChild = previous[level].lastChild
        let childHeader = level + 1 < previous.count ? previous[level + 1].header : -1
        let (close, first) = document.withView { view in (view.closeIndex(object), lastChild >= 0 ? lastChild : view.firstChild(object)) }
        let dependents = dependents(of: slots)
        // The members to look at: those new in this piece and the one that was open.
        var members: [(key: Int, isNew: Bool)] = []
        var j = first
        while j < close {
            let isNew = j >= firstNew
            if isNew || j &+ 1 == childHeader { members.append((j, isNew)) }
            j = document.withView { $0.next(j &+ 1) }
        }
        if members.contains(where: { $0.isNew }) { renewStorage(slots) }
        for member in members {
            guard let key = JSONNode(document: document, index: member.key).stringValue, let ordinals = dependents.byKey[key] else { continue }
            for ordinal in ordinals { process(slots, ordinal) }
        }
        for ordinal in dependents.everything { process(slots, ordinal) }
        noteObserved(slots)
    }
    /// Brings the slot at `ordinal` up to the piece, when it holds a value converted from the data.
    private func process(_ slots: ModelSlots, _ ordinal: Int) {
        let bits = slots.slot(ordinal).pointee.load(ordering: .acquiring)
        guard bits != 0, !CacheBox.isMutation(bits), let refreshing = slots.descriptor(ordinal) as? any PartialRefreshing else { return }
        if refreshing.refreshForArrival(slots, ordinal, self), slots.registrarBox != nil {
            notes.note(slots, ordinal)
        }
    }

    /// New storage over the same object, so that the member table and the dictionary it caches
    /// are built again from the members that arrived.
    private func renewStorage(_ slots: ModelSlots) {
        guard let node = slots.storage.jsonObject else { return }
        slots.replaceStorage(ModelStorage(node: node))
        slots.clearFacts(OutputFacts.keysPlain | OutputFacts.keysNotPlain)
    }

    /// The level, among the containers open before the piece, of the container at `header`.
    func previousLevel(of header: Int) -> Int? { growth.previousLevel(of: header) }

    private func dependents(of slots: ModelSlots) -> PartialDependents {
        let shared = slots.headerPointer.pointee.overrides == nil
        let identity = ObjectIdentifier(slots.table)
        if shared, let cached = dependentsCache[identity] { return cached }
        var made = PartialDependents()
        for ordinal in 0..<slots.count {
            let descriptor = slots.descriptor(ordinal)
            let paths = [descriptor.path] + descriptor.alternatives
            if descriptor.mergesIntoParentLevel || paths.contains(where: { $0.isRoot }) {
                made.everything.append(ordinal)
                continue
            }
            for first in Set(paths.compactMap { $0.components.first }) { made.byKey[first, default: []].append(ordinal) }
        }
        if shared { dependentsCache[identity] = made }
        return made
    }
}

/// A class's declarations by what they read.
struct PartialDependents {
    /// By the first component of each of their key paths.
    var byKey: [String: [Int]] = [:]
    /// Those reading the object itself (groups, the empty key path): any change may concern them.
    var everything: [Int] = []
}

/// The observation keys beyond a slot's own value key (see `SlotObservationKeys`): what
/// `arrival`, `receivedText` and a model's own `arrival` register, so that a change to one
/// notifies its readers only.
enum PartialKeys {
    static func arrival(_ ordinal: Int, _ slots: ModelSlots) -> Int { slots.count &+ ordinal }
    static func text(_ ordinal: Int, _ slots: ModelSlots) -> Int { 2 &* slots.count &+ ordinal }
    static func modelArrival(_ slots: ModelSlots) -> Int { 3 &* slots.count }

    /// What a read of `key` shows now, as `PartialObservers` records it (the lock held).
    static func reading(key: Int, _ slots: ModelSlots) -> String {
        let count = slots.count
        if key >= 3 &* count { return PartialLookup.modelArrival(slots).description }
        if key >= 2 &* count { return PartialLookup.textReading(slots, key &- 2 &* count) ?? "\u{0}" }
        return PartialLookup.arrival(slots, key &- count).description
    }
}

/// The readings of `arrival` and `receivedText` that observers took, by model and key, so that a
/// piece notifies exactly those whose reading it changed. A reading is forgotten once notified:
/// Observation calls an observer once, and its next tracked read records it again.
final class PartialObservers: @unchecked Sendable {
    // @unchecked: the table is guarded by its mutex; the slots in it are only used under the
    // document's lock or to notify.
    private let table = Mutex<[ObjectIdentifier: Entry]>([:])
    private let count = Atomic<Int>(0)

    // @unchecked: see the class.
    private struct Entry: @unchecked Sendable {
        let slots: ModelSlots
        var readings: [Int: String]
    }
    /// Whether no reading is recorded.
    var isEmpty: Bool { count.load(ordering: .relaxed) == 0 }

    /// Records that an observer read `reading` at `key` of `slots`.
    func record(_ slots: ModelSlots, _ key: Int, _ reading: String) {
        table.withLock { table in
            let identity = ObjectIdentifier(slots)
            if table[identity] == nil { table[identity] = Entry(slots: slots, readings: [:]) }
            if table[identity]!.readings.updateValue(reading, forKey: key) == nil { count.add(1, ordering: .relaxed) }
        }
    }

    /// The keys of `slots` whose reading is no longer the recorded one (`current` reads it now);
    /// they are forgotten.
    func changed(_ slots: ModelSlots, current: (Int) -> String) -> [Int] {
        table.withLock { table in
            let identity = ObjectIdentifier(slots)
            guard let entry = table[identity] else { return [] }
            var changed: [Int] = []
            var readings = entry.readings
            for (key, reading) in entry.readings where current(key) != reading {
                changed.append(key)
                readings[key] = nil
            }
            count.subtract(changed.count, ordering: .relaxed)
            table[identity] = readings.isEmpty ? nil : Entry(slots: entry.slots, readings: readings)
            return changed
        }
    }
}

/// Observers to tell, each once, after the lock is released.
struct PartialNotes {
    private var entries: [(slots: ModelSlots, key: Int)] = []
    private var seen: Set<PartialNoteKey> = []

    /// Records that observers of `key` (a slot's ordinal, or one of `PartialKeys`) of `slots` hear of a change.
    mutating func note(_ slots: ModelSlots, _ key: Int) {
        guard seen.insert(PartialNoteKey(slots: ObjectIdentifier(slots), key: key)).inserted else { return }
        entries.append((slots, key))
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Tells every observer noted (no lock held).
    func deliver() {
        for (slots, key) in entries { slots.notifyKey(key) }
    }
}

private struct PartialNoteKey: Hashable {
    let slots: ObjectIdentifier
    let key: Int
}

extension ModelSlots {
    /// Registers a read of observation key `key` (a slot's ordinal or one of `PartialKeys`).
    func registerKeyRead(_ key: Int) {
        registrarBoxCreatingIfNeeded._withUnsafeGuaranteedRef { box in
            box.anchor._withUnsafeGuaranteedRef { box.registrar.access($0, keyPath: SlotObservationKeys.key(key)) }
        }
    }

    /// Tells the observers of observation key `key` that what it stands for changed.
    func notifyKey(_ key: Int) {
        if key < count { return notifyChange(key) }
        registrarBox?._withUnsafeGuaranteedRef { box in
            box.anchor._withUnsafeGuaranteedRef { anchor in
                let path = SlotObservationKeys.key(key)
                box.registrar.willSet(anchor, keyPath: path)
                box.registrar.didSet(anchor, keyPath: path)
            }
        }
    }
}
