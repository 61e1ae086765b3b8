// Floors: the least a read of the shape WrapModel's makes can cost, in plain Swift with no
// package code. Each row is a getter of the library's shape, made as small as it can be, read in
// the benchmark's loops (64 objects in turn, a sort of 10,000). Docs/Performance.md quotes these
// figures next to the rows whose targets they bound.
//
// Build and run (release, one module, as the benchmark's rows are inlined into their loops):
//   swiftc -O -import-objc-header Benchmarks/Floors/FloorLoad.h Benchmarks/Floors/main.swift -o /tmp/floors && /tmp/floors
import Foundation
import Observation
import Synchronization

/// What a miss runs: a conversion, which may call a user's converter, modifier or issue observer.
/// A closure set at run time, so the compiler cannot see what it does (it might release anything),
/// as it cannot see into a conversion that runs user code.
nonisolated(unsafe) var convert: (Int) -> Int = { $0 }

/// A slot word: an Int kept in the upper bits, tag 4 ("kept in the slot"), as WrapModel keeps
/// small values; 0 would mean "not cached yet".
func slotWord(_ value: Int) -> UInt { UInt(bitPattern: value << 4) | 4 }

/// An object whose value lives in a separate block of atomic words (its "slots"), read by
/// acquiring load: WrapModel's model and its slots, reduced to what a cached read touches.
final class SlotObject: @unchecked Sendable {
    final let origin: UnsafeMutablePointer<Atomic<UInt>>
    final let observes: Bool
    init(_ value: Int, observes: Bool = false) {
        origin = .allocate(capacity: 2)
        origin.initialize(to: Atomic(0))
        (origin + 1).initialize(to: Atomic(slotWord(value)))
        self.observes = observes
    }
    deinit { origin.deinitialize(count: 2); origin.deallocate() }

    /// The miss: out of line, the object unretained (a conversion would run here).
    @inline(never) static func cold(_ object: Unmanaged<SlotObject>) -> Int {
        object._withUnsafeGuaranteedRef { convert(Int(bitPattern: $0.origin[1].load(ordering: .acquiring)) >> 4) }
    }

    /// (a) The load written in Swift (`Atomic.load`), the miss on the other branch.
    var swiftAtomic: Int {
        @inline(__always) get {
            let bits = origin[1].load(ordering: .acquiring)
            if !observes && bits & 4 != 0 { return Int(bitPattern: bits) >> 4 }
            return SlotObject.cold(Unmanaged.passUnretained(self))
        }
    }

    /// (b) Everything out of line, the object unretained.
    @inline(never) static func readOutOfLine(_ object: Unmanaged<SlotObject>, _ origin: UnsafeMutablePointer<Atomic<UInt>>,
                                             observes: Bool) -> Int {
        if !observes {
            let bits = origin[1].load(ordering: .acquiring)
            if bits & 4 != 0 { return Int(bitPattern: bits) >> 4 }
        }
        return cold(object)
    }
    var outOfLine: Int { @inline(__always) get { SlotObject.readOutOfLine(Unmanaged.passUnretained(self), origin, observes: observes) } }

    /// (c) The load through a C function declared `pure`, the miss on the other branch: the shape
    /// WrapModel's getters have.
    var pureLoad: Int {
        @inline(__always) get {
            let bits = floor_load_acquire(UnsafeRawPointer(origin + 1))
            if !observes && bits & 4 != 0 { return Int(bitPattern: bits) >> 4 }
            return SlotObject.cold(Unmanaged.passUnretained(self))
        }
    }
}

/// A classic declaration's shape: the model keeps a property object (`let count = WPInt("count")`),
/// and the object keeps the slot; `model.count.value` loads both before the slot.
final class PropertyObject: @unchecked Sendable {
    final let slot: UnsafeMutablePointer<Atomic<UInt>>?
    final let observes: Bool
    init(_ slot: UnsafeMutablePointer<Atomic<UInt>>) { self.slot = slot; observes = false }
    @inline(never) static func cold(_ object: Unmanaged<PropertyObject>) -> Int {
        object._withUnsafeGuaranteedRef { convert(Int(bitPattern: $0.slot!.pointee.load(ordering: .acquiring)) >> 4) }
    }
    var value: Int {
        @inline(__always) get {
            if !observes, let slot {
                let bits = floor_load_acquire(UnsafeRawPointer(slot))
                if bits != 0 && bits & 4 != 0 { return Int(bitPattern: bits) >> 4 }
            }
            return PropertyObject.cold(Unmanaged.passUnretained(self))
        }
    }
}
final class ClassicObject: @unchecked Sendable {
    let count: PropertyObject
    init(_ slots: SlotObject) { count = PropertyObject(slots.origin + 1) }
}

/// The baseline: a stored `let`.
final class PlainObject: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}

/// An `@Observable` class: its getter registers the read with its registrar.
@Observable final class ObservableObject: @unchecked Sendable {
    var value: Int
    init(_ value: Int) { self.value = value }
}

/// The least a read registered with Observation costs: a stored value and a call of the
/// registrar's `access` with a key path made once (no tracking scope is active in the loop).
final class RegisteringObject: Observable, @unchecked Sendable {
    let value: Int
    let registrar = ObservationRegistrar()
    nonisolated(unsafe) static let key: KeyPath<RegisteringObject, Int> = \RegisteringObject.value
    init(_ value: Int) { self.value = value }
    var registered: Int {
        @inline(__always) get { registrar.access(self, keyPath: RegisteringObject.key); return value }
    }
}

@inline(never) func readPlain(_ objects: [PlainObject], _ reads: Int) -> Int {
    var total = 0; for index in 0..<reads { total &+= objects[index & 63].value }; return total
}
@inline(never) func readSwiftAtomic(_ objects: [SlotObject], _ reads: Int) -> Int {
    var total = 0; for index in 0..<reads { total &+= objects[index & 63].swiftAtomic }; return total
}
@inline(never) func readOutOfLine(_ objects: [SlotObject], _ reads: Int) -> Int {
    var total = 0; for index in 0..<reads { total &+= objects[index & 63].outOfLine }; return total
}
@inline(never) func readPureLoad(_ objects: [SlotObject], _ reads: Int) -> Int {
    var total = 0; for index in 0..<reads { total &+= objects[index & 63].pureLoad }; return total
}
/// Hands `value` back through a function the optimiser does not look into, so that a loop calling
/// a read function with the same array each time cannot call it once.
@_optimize(none) func opaque<T>(_ value: T) -> T { value }

@inline(never) func readEachPlain(_ objects: [PlainObject]) -> Int {
    var total = 0; for object in objects { total &+= object.value }; return total
}
@inline(never) func readEachPureLoad(_ objects: [SlotObject]) -> Int {
    var total = 0; for object in objects { total &+= object.pureLoad }; return total
}
@inline(never) func readClassic(_ objects: [ClassicObject], _ reads: Int) -> Int {
    var total = 0; for index in 0..<reads { total &+= objects[index & 63].count.value }; return total
}
@inline(never) func readObservable(_ objects: [ObservableObject], _ reads: Int) -> Int {
    var total = 0; for index in 0..<reads { total &+= objects[index & 63].value }; return total
}
@inline(never) func readRegistering(_ objects: [RegisteringObject], _ reads: Int) -> Int {
    var total = 0; for index in 0..<reads { total &+= objects[index & 63].registered }; return total
}

/// Sorting by a date: in contiguous structs, behind one reference (a class's `let`), and behind
/// two (an object whose date lives in its separate block of slots, as a model's does).
struct DatedStruct { let id: Int; let date: Date }
final class DatedObject { let id: Int; let date: Date; init(_ id: Int, _ date: Date) { self.id = id; self.date = date } }
final class DatedSlotObject {
    let id: Int
    let origin: UnsafeMutablePointer<Atomic<UInt>>
    init(_ id: Int, _ date: Date) {
        self.id = id
        origin = .allocate(capacity: 4)
        for index in 0..<4 { (origin + index).initialize(to: Atomic(0)) }
        origin[3].store(UInt(date.timeIntervalSinceReferenceDate.bitPattern) | 4, ordering: .releasing)
    }
    var date: Date {
        @inline(__always) get {
            let bits = floor_load_acquire(UnsafeRawPointer(origin + 3))
            if bits & 4 != 0 { return Date(timeIntervalSinceReferenceDate: Double(bitPattern: UInt64(bits & ~15))) }
            return DatedSlotObject.cold(Unmanaged.passUnretained(self))
        }
    }
    /// The same date, its miss declared to release nothing: what the compiler would need to know
    /// about a conversion that may run a user's converter, modifier or issue observer.
    var dateMissReleasingNothing: Date {
        @inline(__always) get {
            let bits = floor_load_acquire(UnsafeRawPointer(origin + 3))
            if bits & 4 != 0 { return Date(timeIntervalSinceReferenceDate: Double(bitPattern: UInt64(bits & ~15))) }
            return DatedSlotObject.coldReleasingNothing(Unmanaged.passUnretained(self))
        }
    }
    @inline(never) static func cold(_ object: Unmanaged<DatedSlotObject>) -> Date {
        object._withUnsafeGuaranteedRef { Date(timeIntervalSinceReferenceDate: Double(convert($0.id))) }
    }
    @inline(never) @_effects(releasenone) static func coldReleasingNothing(_ object: Unmanaged<DatedSlotObject>) -> Date {
        object._withUnsafeGuaranteedRef { Date(timeIntervalSinceReferenceDate: Double(convert($0.id))) }
    }
}
@inline(never) func sortStructs(_ items: [DatedStruct]) -> [DatedStruct] { items.sorted { $0.date < $1.date } }
@inline(never) func sortObjects(_ items: [DatedObject]) -> [DatedObject] { items.sorted { $0.date < $1.date } }
@inline(never) func sortSlotObjects(_ items: [DatedSlotObject]) -> [DatedSlotObject] { items.sorted { $0.date < $1.date } }
@inline(never) func sortSlotObjectsMissReleasingNothing(_ items: [DatedSlotObject]) -> [DatedSlotObject] {
    items.sorted { $0.dateMissReleasingNothing < $1.dateMissReleasingNothing }
}

let clock = ContinuousClock()
/// The best of `rounds` runs of `body`, in nanoseconds per operation.
func best(_ operations: Int, rounds: Int = 7, _ body: () -> Int) -> Double {
    var result = Double.infinity
    for _ in 0..<rounds {
        var sink = 0
        let elapsed = clock.measure { sink = body() }
        precondition(sink != 42)
        result = min(result, Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
    }
    return result / Double(operations)
}
func show(_ name: String, _ nanoseconds: Double, against baseline: Double? = nil) {
    let ratio = baseline.map { String(format: "  %.2fx", nanoseconds / $0) } ?? ""
    print(name.padding(toLength: 74, withPad: " ", startingAt: 0), String(format: "%8.2f ns", nanoseconds) + ratio)
}

let reads = 50_000_000
let plain = (0..<64).map { PlainObject($0) }
let slots = (0..<64).map { SlotObject($0) }
let observable = (0..<64).map { ObservableObject($0) }
let registering = (0..<64).map { RegisteringObject($0) }
let plainTime = best(reads) { readPlain(plain, reads) }
show("64 objects in turn: a class's let", plainTime)
show("  getter with Atomic.load, miss out of line (retains the object)", best(reads) { readSwiftAtomic(slots, reads) }, against: plainTime)
show("  getter calling out of line, object unretained", best(reads) { readOutOfLine(slots, reads) }, against: plainTime)
show("  getter with a pure C acquiring load, miss out of line", best(reads) { readPureLoad(slots, reads) }, against: plainTime)
let classic = slots.map { ClassicObject($0) }
show("  the same through a property object the object keeps (classic)", best(reads) { readClassic(classic, reads) }, against: plainTime)
let eachPlainTime = best(reads) { var total = 0; for _ in 0..<(reads / 64) { total &+= readEachPlain(opaque(plain)) }; return total }
show("for object in objects (64), a class's let", eachPlainTime)
show("  getter with a pure C acquiring load, miss out of line", best(reads) {
    var total = 0; for _ in 0..<(reads / 64) { total &+= readEachPureLoad(opaque(slots)) }; return total
}, against: eachPlainTime)
let observableTime = best(reads) { readObservable(observable, reads) }
show("64 @Observable objects in turn", observableTime)
show("  a let and the registrar's access (key path made once)", best(reads) { readRegistering(registering, reads) }, against: observableTime)

let count = 10_000
var generator = SystemRandomNumberGenerator()
let dates = (0..<count).map { _ in Date(timeIntervalSince1970: Double(Int.random(in: 1_300_000_000..<1_700_000_000, using: &generator))) }
let structs = dates.enumerated().map { DatedStruct(id: $0.offset, date: $0.element) }
let objects = dates.enumerated().map { DatedObject($0.offset, $0.element) }
let slotObjects = dates.enumerated().map { DatedSlotObject($0.offset, $0.element) }
let structTime = best(1, rounds: 15) { sortStructs(structs).first!.id }
show("sort 10,000 structs by date (per sort)", structTime)
show("  10,000 objects, a class's let date", best(1, rounds: 15) { sortObjects(objects).first!.id }, against: structTime)
show("  10,000 objects, the date in their slots, miss out of line", best(1, rounds: 15) { sortSlotObjects(slotObjects).first!.id }, against: structTime)
show("  the same, the miss declared to release nothing", best(1, rounds: 15) { sortSlotObjectsMissReleasingNothing(slotObjects).first!.id },
     against: structTime)
