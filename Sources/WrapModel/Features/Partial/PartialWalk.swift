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
    @exclusivity(unchecked) private(set) var firstNew = 0
    /// The containers open before the piece, outermost first, and those open after it: the
    /// builder's own arrays, taken once per piece (another module's stored properties are checked
    /// for exclusive access at every access, and each access retained the array) and let go when
    /// the walk ends, so that the builder's next piece does not copy them.
    @exclusivity(unchecked) private(set) var previous: [JSONGrowingTape.Frame] = []
    @exclusivity(unchecked) private(set) var current: [JSONGrowingTape.Frame] = []
    @exclusivity(unchecked) private(set) var notes = PartialNotes()
    /// The last element position counted in each array (by its open entry), see `elementCount`.
    @exclusivity(unchecked) private var elementPositions: [Int: (element: Int, count: Int)] = [:]
    /// How each declaration met extends its values, by the declaration's identity (kept alive by the entry).
    @exclusivity(unchecked) private var extenders: [ObjectIdentifier: AnyObject] = [:]
    /// The models the last walk visited, in order, from where it started (see `resumeStep`).
    @exclusivity(unchecked) private var path: [PathStep] = []
    /// Each class's declarations by the first component of their key paths.
    @exclusivity(unchecked) private var dependentsCache: [ObjectIdentifier: PartialDependents] = [:]

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
        let change = growth.lastChange
        firstNew = change.firstNew
        previous = change.previousStack
        current = change.stack
        defer {
            previous = []
            current = []
        }
        let committedSomething = change.count != firstNew
        if previous.isEmpty {
            // The root was not open before: it started (or started and ended) in this piece.
            guard committedSomething else { return takeNotes() }
            refreshAll(root)
            return takeNotes()
        }
        if !committedSomething {
            // Only the unfinished token moved: its text so far matters to observers alone.
            guard change.unfinishedMoved, !observers.isEmpty else { return takeNotes() }
        }
        let start = resumeStep()
        visit(start?.model ?? root, level: start?.level ?? 0)
        return takeNotes()
    }

    /// The deepest model of the last walk's path the walk can start from, nothing above it having
    /// changed: each model above it was *quiet* after the last piece (see `PathStep`), and each
    /// container from that model's down to it gained no member or element and is still open. The
    /// path is cut there (the steps above stay as they were). Nil: start at the root.
    private func resumeStep() -> PathStep? {
        guard observers.isEmpty, path.count > 1, path[0].level == 0 else {
            path.removeAll(keepingCapacity: true)
            return nil
        }
        let before = previous
        let now = current
        var resume = 0
        for index in 1..<path.count {
            guard path[index &- 1].isQuiet else { break }
            let target = path[index].level
            var level = path[index &- 1].level
            while level < target, level < before.count, level < now.count, now[level] == before[level] { level &+= 1 }
            guard level == target, target < before.count, target < now.count, now[target].header == before[target].header,
                  path[index].model.slots.storage.jsonObject?.index == before[target].header else { break }
            resume = index
        }
        let step = resume > 0 ? path[resume] : nil
        path.removeSubrange(resume...)
        return step
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
        path.removeAll(keepingCapacity: true)
    }

    /// Notes the `arrival` and `receivedText` readings of `slots` that changed.
    private func noteObserved(_ slots: ModelSlots) {
        guard !observers.isEmpty else { return }
        for key in observers.changed(slots, current: { PartialKeys.reading(key: $0, slots) }) { notes.note(slots, key) }
    }

    /// Brings `model`, over the container that was open at `level`, up to the piece.
    ///
    /// Its members are looked at from the one that was last before the piece: that one if it was
    /// open, and those the piece added. Keys are matched as bytes against the class's first key
    /// components (nothing is allocated per member), and the model's member table is extended with
    /// the new members where it is, rather than built again.
    func visit(_ model: WrapModel, level: Int) {
        let slots = model.slots
        let frames = previous
        guard let node = slots.storage.jsonObject, node.document === document, level < frames.count,
              node.index == frames[level].header else { return }
        let object = node.index
        let lastChild = frames[level].lastChild
        let childHeader = level &+ 1 < frames.count ? frames[level &+ 1].header : -1
        let dependents = dependents(of: slots)
        let firstNew = self.firstNew
        let step = path.count
        path.append(PathStep(model: model, level: level, isQuiet: false))
        defer { path[step].isQuiet = isQuiet(slots, object, level, dependents) }
        // The first member the piece added (its key's index), or -1.
        let firstNewMember: Int = document.withView { view in
            let close = view.closeIndex(object)
            var j = lastChild >= 0 ? lastChild : view.firstChild(object)
            while j < close {
                if j >= firstNew { return j }
                j = view.next(j &+ 1)
            }
            return -1
        }
        if firstNewMember >= 0 { membersArrived(slots, from: firstNewMember) }
        if !dependents.byKey.isEmpty {
            // The member that was open (its value is the container open at the next level).
            if lastChild >= 0 && lastChild &+ 1 == childHeader { processMember(at: lastChild, slots, dependents, openAt: level &+ 1) }
            if firstNewMember >= 0 {
                var j = firstNewMember
                while true {
                    processMember(at: j, slots, dependents, openAt: nil)
                    let (next, close) = document.withView { view in (view.next(j &+ 1), view.closeIndex(object)) }
                    guard next < close else { break }
                    j = next
                }
            }
        }
        for ordinal in dependents.everything { process(slots, ordinal) }
        noteObserved(slots)
    }

    /// Whether, after this piece, processing `slots` (at `level`) for a next piece that adds
    /// nothing to its object comes down to visiting the model over its open member: nothing reads
    /// the object itself, one declaration reads the open member, whole, as models and without
    /// hooks, and no observer recorded a reading.
    private func isQuiet(_ slots: ModelSlots, _ object: Int, _ level: Int, _ dependents: PartialDependents) -> Bool {
        let now = current
        guard observers.isEmpty, dependents.everything.isEmpty, level &+ 1 < now.count, now[level].header == object, now[level].isObject,
              now[level].lastChild >= 0, now[level].lastChild &+ 1 == now[level &+ 1].header else { return false }
        let document = self.document
        let key = now[level].lastChild
        let matches = document.withView { view in dependents.entries(matching: key, in: view, document) }
        guard matches.count == 1 else { return matches.isEmpty }
        let found = dependents.byKey[matches[0]]
        guard found.ordinals.count == 1, found.paths[0].allSatisfy({ $0.count == 1 }) else { return false }
        let descriptor = slots.descriptor(found.ordinals[0])
        return descriptor.holdsModels && !descriptor.flags.contains(.hasHooks)
    }

    /// Processes the declarations whose first key component is the key at tape index `key`. For
    /// the member that was open (its value the container open at level `openAt`), a declaration
    /// reading further down (`user.screen_name`) is looked up again only when what it reads may
    /// have changed (see `mayHaveChanged`): a piece deep inside a large object costs nothing to
    /// declarations reading near its top.
    private func processMember(at key: Int, _ slots: ModelSlots, _ dependents: PartialDependents, openAt: Int?) {
        let document = self.document
        guard let entry = document.withView({ view in dependents.entry(matching: key, in: view, document) }) else { return }
        let found = dependents.byKey[entry]
        for (ordinal, paths) in zip(found.ordinals, found.paths) {
            if let openAt, !paths.contains(where: { $0.count == 1 }), !mayHaveChanged(paths, below: openAt) { continue }
            process(slots, ordinal)
        }
    }

    /// Whether the value at one of `paths` (UTF-8 components; the first names the member whose
    /// value is the container open at `level` before the piece) may have changed. Going down the
    /// path through the containers open before the piece, it may have when one of them gained a
    /// member named by the path's next component (members are committed with their values, so a
    /// member new in the piece is the only way a complete value appears), or when the path's value
    /// is itself one of those containers. Only the members the piece added are looked at: a large
    /// object arriving costs each dotted declaration reading into it the keys of the piece, not a
    /// lookup of its path per piece. A path through an array, or one leaving the open containers
    /// for a member complete before the piece, reads what it read before.
    private func mayHaveChanged(_ paths: [[[UInt8]]], below level: Int) -> Bool {
        let before = previous
        let now = current
        let firstNew = self.firstNew
        for path in paths {
            var k = level
            var component = 1
            while k < before.count, component < path.count {
                let frame = before[k]
                // No key path goes through an array's elements: absent then, absent now.
                guard frame.isObject else { break }
                let name = path[component]
                if name.contains(where: { $0 >= 0x80 }) { return true }
                let gained = k >= now.count || now[k] != frame
                let found: (newMember: Bool, openNamed: Bool) = document.withView { view in
                    name.withUnsafeBufferPointer { name in
                        func named(_ key: Int) -> Bool {
                            JSONScalarDecoder.stringEquals(view.bytes, view.start(key), view.keyEnd(key), escaped: view.flag(key), name)
                        }
                        if gained {
                            // The members the piece added (after the last one before it).
                            let close = view.closeIndex(frame.header)
                            var j = frame.lastChild >= 0 ? frame.lastChild : view.firstChild(frame.header)
                            while j < close {
                                if j >= firstNew && named(j) { return (true, false) }
                                j = view.next(j &+ 1)
                            }
                        }
                        // The member that was open, when the path goes on through it.
                        let key = frame.lastChild
                        let open = key >= 0 && k &+ 1 < before.count && key &+ 1 == before[k &+ 1].header
                        return (false, open && named(key))
                    }
                }
                if found.newMember { return true }
                guard found.openNamed else { break }
                if component == path.count &- 1 { return true }
                component &+= 1
                k &+= 1
            }
        }
        return false
    }

    /// Brings the slot at `ordinal` up to the piece, when it holds a value converted from the data.
    private func process(_ slots: ModelSlots, _ ordinal: Int) {
        let bits = slots.slot(ordinal).pointee.load(ordering: .acquiring)
        guard bits != 0, !CacheBox.isMutation(bits) else { return }
        if slots.descriptor(ordinal).refreshForArrival(slots, ordinal, self), slots.registrarBox != nil {
            notes.note(slots, ordinal)
        }
    }

    /// Tells the model's storage that members arrived from tape index `first` on (its member
    /// table is extended where it is), and forgets the output facts about its keys.
    private func membersArrived(_ slots: ModelSlots, from first: Int) {
        slots.storage.membersArrived(from: first, schedule: slots.headerPointer.pointee.schedule)
        slots.clearFacts(OutputFacts.keysPlain | OutputFacts.keysNotPlain)
    }

    /// The root's storage caches once the root object first arrived: all its members are new.
    private func renewStorage(_ slots: ModelSlots) {
        guard let node = slots.storage.jsonObject, node.document === document else { return }
        membersArrived(slots, from: node.index &+ 2)
    }

    /// The position of `element` in `array` (the number of elements before it), counted from
    /// the last position asked for in the same array: amortised, each element is counted once.
    func elementCount(before element: JSONNode, in array: JSONNode) -> Int {
        var (j, count) = elementPositions[array.index] ?? (array.index &+ 2, 0)
        if j > element.index { (j, count) = (array.index &+ 2, 0) }
        document.withView { view in
            while j < element.index {
                j = view.next(j)
                count &+= 1
            }
        }
        elementPositions[array.index] = (j, count)
        return count
    }

    /// How `descriptor`'s values extend with a piece (nil: they are converted again).
    func extender<T>(of descriptor: TypedPropertyDescriptor<T>) -> (any PartialExtendingCodec<T>)? {
        let identity = ObjectIdentifier(descriptor)
        if let found = extenders[identity] { return unsafeDowncast(found, to: PartialExtender<T>.self).extending }
        let made = PartialExtender(descriptor)
        extenders[identity] = made
        return made.extending
    }

    /// The level, among the containers open before the piece, of the container at `header`.
    func previousLevel(of header: Int) -> Int? {
        // Binary search: open entries rise with their level.
        var low = 0
        var high = previous.count
        while low < high {
            let middle = (low &+ high) / 2
            let value = previous[middle].header
            if value == header { return middle }
            if value < header { low = middle &+ 1 } else { high = middle }
        }
        return nil
    }

    private func dependents(of slots: ModelSlots) -> PartialDependents {
        let shared = slots.headerPointer.pointee.overrides == nil
        let identity = ObjectIdentifier(slots.table)
        if shared, let cached = dependentsCache[identity] { return cached }
        let made = PartialDependents()
        for ordinal in 0..<slots.count {
            let descriptor = slots.descriptor(ordinal)
            let paths = [descriptor.path] + descriptor.alternatives
            if descriptor.mergesIntoParentLevel || paths.contains(where: { $0.isRoot }) {
                made.everything.append(ordinal)
                continue
            }
            let utf8 = paths.map { $0.components.map { Array($0.utf8) } }
            for first in Set(paths.compactMap { $0.components.first }) {
                made.add(ordinal, key: first, paths: utf8.filter { $0.first == Array(first.utf8) })
            }
        }
        if shared { dependentsCache[identity] = made }
        return made
    }
}

/// A model a walk visited: the level of its object among the containers open before the piece,
/// and whether it is quiet (see `PartialWalk.isQuiet`).
struct PathStep {
    let model: WrapModel
    let level: Int
    var isQuiet: Bool
}

/// A class's declarations by what they read (a class: a walk's visit takes one reference to it,
/// not one to each of its arrays).
final class PartialDependents {
    struct Entry {
        /// The first key component, as a string and as UTF-8.
        let key: String
        let utf8: [UInt8]
        var ordinals: [Int]
        /// The key paths of each that start with the key, as UTF-8 components.
        var paths: [[[[UInt8]]]]
    }
    /// By the first component of each of their key paths.
    private(set) var byKey: [Entry] = []
    /// Those reading the object itself (groups, the empty key path): any change may concern them.
    var everything: [Int] = []
    /// Whether a key is not ASCII (keys may then be equal as Swift strings and not as bytes).
    private(set) var hasNonASCIIKey = false

    func add(_ ordinal: Int, key: String, paths: [[[UInt8]]]) {
        if let index = byKey.firstIndex(where: { $0.key == key }) {
            byKey[index].ordinals.append(ordinal)
            byKey[index].paths.append(paths)
        } else {
            byKey.append(Entry(key: key, utf8: Array(key.utf8), ordinals: [ordinal], paths: [paths]))
            if key.utf8.contains(where: { $0 >= 0x80 }) { hasNonASCIIKey = true }
        }
    }

    /// The entry whose key is the key at tape index `key` of `view` (of `document`): compared as
    /// bytes (escapes decoded); a non-ASCII key that does not match is compared again as Swift
    /// strings compare (canonical equivalence), as the model's lookups do.
    func entry(matching key: Int, in view: JSONTapeView, _ document: JSONDocument) -> Int? {
        let start = view.start(key)
        let end = view.keyEnd(key)
        let escaped = view.flag(key)
        for index in byKey.indices {
            let equal = byKey[index].utf8.withUnsafeBufferPointer { JSONScalarDecoder.stringEquals(view.bytes, start, end, escaped: escaped, $0) }
            if equal { return index }
        }
        guard hasNonASCIIKey,
              let name = JSONNode(document: document, index: key).stringValue else { return nil }
        return byKey.firstIndex { $0.key == name }
    }

    /// Every entry whose key is the key at tape index `key` (see `entry(matching:in:_:)`); more than
    /// one only where keys are equal as Swift strings and not as bytes.
    func entries(matching key: Int, in view: JSONTapeView, _ document: JSONDocument) -> [Int] {
        guard let first = entry(matching: key, in: view, document) else { return [] }
        guard hasNonASCIIKey,
              let name = JSONNode(document: document, index: key).stringValue else { return [first] }
        return byKey.indices.filter { $0 == first || byKey[$0].key == name }
    }
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
