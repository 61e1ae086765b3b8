import Foundation
import Testing
@testable import WrapModel

final class DescribedOnce: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @MutProperty("name") var name: String
    @IntProperty("count", defaultValue: 7) var count
    let classic = WPStr("classic")
}

/// A default computed per instance, as 1.3.7 code may declare one.
final class PerInstanceDefaults: WrapModel, @unchecked Sendable {
    nonisolated(unsafe) static var counter = 0
    static func next() -> Int { counter += 1; return counter }
    @Property("n", defaultValue: PerInstanceDefaults.next()) var n: Int
    let stamp = WPInt("stamp", defaultValue: PerInstanceDefaults.next())
    @Property("fixed", defaultValue: 5) var fixed: Int
}

/// Declarations whose arguments hold a nil `String?`: a default, and a key left to the name.
final class NilStringArguments: WrapModel, @unchecked Sendable {
    let nickname = WPOptStr("nickname")
    @Property var createdAt: String?
    let plain = WrapProperty<String?>("plain", defaultValue: nil)
}

/// Generic property classes whose codec and default come from the class: two classes declaring
/// the same keys at the same positions with different type arguments.
final class GenericClassesA: WrapModel, @unchecked Sendable {
    let sub = WPModel<Address>("sub")
    let note = WPOptStr("note")
    let list = WPModelArray<Address>("list")
}
final class GenericClassesB: WrapModel, @unchecked Sendable {
    let sub = WPModel<EdgeChild>("sub")
    let note = WPOpt<Int>("note")
    let list = WPModelArray<EdgeChild>("list", serializeForOutput: false)
}

@Suite("Declarations described once per class, values in slots")
struct DescriptorTableTests {
    @Test("every instance of a class shares one descriptor per declaration; no instance has its own")
    func sharedDescriptors() {
        let depthBefore = ConstructionContext.current.depth
        let first = DescribedOnce(data: ["id": 1], mutable: false)
        let second = DescribedOnce(data: ["id": 2], mutable: false)
        #expect(first.descriptorTable === second.descriptorTable)
        #expect(first.descriptorTable.count == 4)
        #expect(second.slots.headerPointer.pointee.overrides == nil)
        #expect(first.id == 1 && second.id == 2)
        #expect(second.count == 7)
        #expect(ConstructionContext.current.depth == depthBefore)
    }

    @Test("the table knows each declaration's name, in the order Swift initialises them")
    func names() {
        let model = DescribedOnce(data: [:], mutable: false)
        #expect(model.declaredProperties.map(\.name) == ["id", "name", "count", "classic"])
        #expect(model.declaredProperties.map(\.property.keyPath) == ["id", "name", "count", "classic"])
    }

    @Test("a default computed per instance is that instance's own, as in 1.3.7")
    func perInstanceDefaults() {
        let first = PerInstanceDefaults(data: [:], mutable: false)
        let second = PerInstanceDefaults(data: [:], mutable: false)
        #expect(first.n != second.n)
        #expect(first.stamp.value != second.stamp.value)
        #expect(first.fixed == 5 && second.fixed == 5)
        #expect(second.slots.headerPointer.pointee.overrides?.compactMap { $0 }.count == 2)
    }

    @Test("a nil String? argument is the same argument whatever the unused word of its bytes holds")
    func nilStringFingerprint() {
        let tidy: String? = nil
        let untidy = unsafeBitCast((UInt64(0x7F00_1234_5678), UInt64(0)), to: String?.self)
        #expect(untidy == nil)
        let part = FingerprintPart(tidy)
        #expect(part.first == 0 && part.second == 0)
        #expect(part.matches(untidy))
        #expect(part.equals(FingerprintPart(untidy)))
        #expect(!part.matches(Optional("")))
        #expect(!FingerprintPart(Optional("a")).matches(untidy))
        #expect(FingerprintPart(Optional("a")).matches(Optional("a")))
    }

    @Test("declarations with a nil String? argument match the class's descriptors in every instance")
    func nilStringArgumentsShareDescriptors() {
        for round in 0..<20 {
            let model = NilStringArguments(data: ["nickname": "n\(round)", "createdAt": "c", "plain": "p"], mutable: false)
            #expect(model.nickname.value == "n\(round)" && model.createdAt == "c" && model.plain.value == "p")
            #expect(model.slots.headerPointer.pointee.overrides == nil)
        }
    }

    @Test("generic property classes are told apart by their type arguments, and share their class's descriptors")
    func genericClassDeclarations() throws {
        for round in 0..<4 {
            let a = try GenericClassesA(parsing: #"{"sub": {"city": "c\#(round)"}, "note": "n", "list": [{"street": "s"}]}"#)
            let b = try GenericClassesB(parsing: #"{"sub": {"v": \#(round), "w": 2}, "note": 7, "list": [{"v": 1}, {"v": 3}]}"#)
            #expect(a.sub.value?.city.value == "c\(round)")
            #expect(a.note.value == "n")
            #expect(a.list.value.map(\.street.value) == ["s"])
            #expect(b.sub.value?.v == round && b.sub.value?.w.value == 2)
            #expect(b.note.value == 7)
            #expect(b.list.value.map(\.v) == [1, 3])
            #expect(a.serializeForOutputFlags == [true, true, true])
            #expect(b.serializeForOutputFlags == [true, true, false])
            #expect(a.slots.headerPointer.pointee.overrides == nil)
            #expect(b.slots.headerPointer.pointee.overrides == nil)
        }
    }

    @Test("$name is a view of the model's slot: it reads and writes the same value, with the key path and validation")
    func views() throws {
        let model = try DescribedOnce(parsing: #"{"id": 3, "name": "a", "count": "x"}"#, mutable: true)
        let name = model.$name
        #expect(name.value == "a")
        name.value = "b"
        #expect(model.name == "b")
        model.name = "c"
        #expect(name.value == "c")
        #expect(name.keyPath == "name")
        #expect(name.model === model)
        #expect(model.$count.keyPath == "count")
        #expect(model.$count.value == 7)
        #expect(model.validate().map(\.description) == ["classic: missing value", "count: expected integer, found string"])
    }

    @Test("a classic property object is a small handle bound to its model's slot")
    func classicHandles() throws {
        let model = try DescribedOnce(parsing: #"{"classic": "c"}"#, mutable: true)
        #expect(model.classic.value == "c")
        #expect(model.classic.model === model)
        model.classic.value = "d"
        #expect(model.currentModelData(withNulls: false)["classic"] as? String == "d")
    }

    @Test("property objects made and dropped outside a model give their positions back")
    func orphansDoNotGrowTheStack() {
        let depthBefore = ConstructionContext.current.depth
        for _ in 0..<1_000 { _ = WPInt("orphan") }
        #expect(ConstructionContext.current.depth == depthBefore)
        #expect(DescribedOnce(data: ["id": 4], mutable: false).id == 4)
    }
}

extension WrapModel {
    /// Each declaration's `serializeForOutput`, in ordinal order (a test helper).
    fileprivate var serializeForOutputFlags: [Bool] { (0..<slots.count).map { slots.descriptor($0).serializeForOutput } }
}
