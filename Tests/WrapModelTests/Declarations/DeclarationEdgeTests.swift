import Foundation
import Synchronization
import Testing
@testable import WrapModel

// Declarations a model class may legally hold that are not plain stored properties of their own.

final class ObjectsInArray: WrapModel, @unchecked Sendable {
    @Property("a") var a: Int
    let extras = [WPInt("x"), WPInt("y")]
    @Property("b") var b: String
    let c = WPInt("c")
}

final class ObjectsInOptionalAndTuple: WrapModel, @unchecked Sendable {
    @Property("a") var a: Int
    let maybe: WPInt? = WPInt("maybe")
    @MutProperty("b") var b: String
    let pair = (WPInt("p"), WPStr("q"))
    let c = WPInt("c")
}

final class LazyObject: WrapModel, @unchecked Sendable {
    @Property("a") var a: Int
    lazy var later = WPInt("later")
    @Property("b") var b: Int
}

final class EdgeChild: WrapModel, @unchecked Sendable {
    @Property("v") var v: Int
    let w = WPInt("w")
}

/// Creates another model in a property's initial value, between its own declarations.
final class ModelInInitialiser: WrapModel, @unchecked Sendable {
    @Property("a") var a: Int
    let made = EdgeChild(data: ["v": 41, "w": 42], mutable: false)
    let c = WPInt("c")
    @Property("d") var d: String
}

class GenericEdgeModel<Extra>: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    let extra = WPInt("extra")
}
final class GenericEdgeString: GenericEdgeModel<String>, @unchecked Sendable {
    @Property("s") var s: String
}

class MixedBase: WrapModel, @unchecked Sendable {
    let baseClassic = WPInt("base_classic")
    @Property("base_wrapped") var baseWrapped: String
}
final class MixedSub: MixedBase, @unchecked Sendable {
    @MutProperty("sub_wrapped") var subWrapped: Int
    let subClassic = WPStr("sub_classic")
}

/// An initialiser that suspends before `super.init`: its property initial values ran on the
/// thread it started on, `super.init` may run on another.
final class SuspendingInit: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    let name = WPStr("name")
    @MutProperty("count") var count: Int

    init(fetching data: [String: Any]) async {
        await Task.yield()
        try? await Task.sleep(nanoseconds: 1_000)
        super.init(data: data, mutable: true)
    }

    required init(data: [String: Any], mutable: Bool) {
        super.init(data: data, mutable: mutable)
    }
}

/// First used by an async initialiser (so no instance described it before).
final class SuspendingFirstUse: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    let label = WPStr("label")

    init(later data: [String: Any]) async {
        try? await Task.sleep(nanoseconds: 1_000)
        super.init(data: data, mutable: false)
    }

    required init(data: [String: Any], mutable: Bool) {
        super.init(data: data, mutable: mutable)
    }
}

final class ConcurrentFirstUse: WrapModel, @unchecked Sendable {
    @Property("a") var a: Int
    let b = WPStr("b")
    @Property("c") var c: Double
    let d = WPBool("d")
}

@Suite("Declarations a class may hold anywhere", .serialized)
struct DeclarationEdgeTests {
    /// Runs `body` with an issue observer registered and returns the misuse reports it received.
    private func misuseReports(_ body: () -> Void) -> [WrapModelIssue] {
        let reports = Mutex<[WrapModelIssue]>([])
        WrapIssueObserver.register { report in
            if case .propertyOutsideModel = report.issue.kind { reports.withLock { $0.append(report.issue) } }
        }
        defer { WrapIssueObserver.unregister() }
        body()
        return reports.withLock { $0 }
    }

    @Test("property objects held in an array between wrappers: the wrappers read their own values; the array's objects read their defaults and are reported")
    func objectsInArray() {
        let depthBefore = ConstructionContext.current.depth
        let reports = misuseReports {
            for round in 0..<3 {
                let model = ObjectsInArray(data: ["a": 1 + round, "b": "two", "c": 3, "x": 9, "y": 8], mutable: false)
                #expect(model.a == 1 + round)
                #expect(model.b == "two")
                #expect(model.c.value == 3)
                #expect(model.extras.map(\.value) == [0, 0])
                #expect(model.declaredProperties.map(\.name) == ["a", "b", "c"])
                #expect(canonical(model.currentModelData(withNulls: false)) == canonical(["a": 1 + round, "b": "two", "c": 3] as [String: Any]))
            }
        }
        #expect(reports.filter { $0.keyPath == "x" }.count == 1)   // once per class and key path
        #expect(reports.filter { $0.keyPath == "y" }.count == 1)
        #expect(ConstructionContext.current.depth == depthBefore)
    }

    @Test("property objects held in an optional or a tuple are treated as the array's")
    func objectsInOptionalAndTuple() {
        let depthBefore = ConstructionContext.current.depth
        let reports = misuseReports {
            for _ in 0..<3 {
                let model = ObjectsInOptionalAndTuple(data: ["a": 1, "b": "b", "maybe": 5, "p": 6, "q": "q", "c": 7], mutable: true)
                #expect(model.a == 1)
                #expect(model.b == "b")
                model.b = "written"
                #expect(model.b == "written")
                #expect(model.c.value == 7)
                #expect(model.maybe?.value == 0)
                #expect(model.pair.0.value == 0 && model.pair.1.value == "")
            }
        }
        #expect(Set(reports.map(\.keyPath)) == ["maybe", "p", "q"])
        #expect(ConstructionContext.current.depth == depthBefore)
    }

    @Test("a lazy property object reads its default and is reported; the model's declarations read theirs")
    func lazyObject() {
        let reports = misuseReports {
            let model = LazyObject(data: ["a": 1, "b": 2, "later": 3], mutable: false)
            #expect(model.later.value == 0)
            #expect(model.a == 1 && model.b == 2)
            let second = LazyObject(data: ["a": 4, "b": 5], mutable: false)
            #expect(second.a == 4 && second.b == 5)
        }
        #expect(reports.map(\.keyPath) == ["later"])
    }

    @Test("a model created in a property's initial value claims its own declarations, between its parent's")
    func modelInInitialiser() {
        let depthBefore = ConstructionContext.current.depth
        for round in 0..<3 {
            let model = ModelInInitialiser(data: ["a": round, "c": 3, "d": "d"], mutable: false)
            #expect(model.a == round && model.c.value == 3 && model.d == "d")
            #expect(model.made.v == 41 && model.made.w.value == 42)
        }
        #expect(ConstructionContext.current.depth == depthBefore)
    }

    @Test("a generic model class and its subclass")
    func genericClasses() throws {
        let plain = try GenericEdgeModel<Int>(parsing: #"{"id": 1, "extra": 2}"#)
        let sub = try GenericEdgeString(parsing: #"{"id": 3, "extra": 4, "s": "x"}"#)
        let other = try GenericEdgeModel<Double>(parsing: #"{"id": 5, "extra": 6}"#)
        #expect(plain.id == 1 && plain.extra.value == 2)
        #expect(sub.id == 3 && sub.extra.value == 4 && sub.s == "x")
        #expect(other.id == 5 && other.extra.value == 6)
        #expect(sub.declaredProperties.map(\.name) == ["s", "id", "extra"])
    }

    @Test("a subclass mixing both declaration styles with its superclass")
    func mixedStyles() throws {
        for _ in 0..<3 {
            let model = try MixedSub(parsing: #"{"base_classic": 1, "base_wrapped": "b", "sub_wrapped": 2, "sub_classic": "s"}"#, mutable: true)
            #expect(model.baseClassic.value == 1 && model.baseWrapped == "b" && model.subWrapped == 2 && model.subClassic.value == "s")
            model.subWrapped = 5
            model.baseClassic.value = 6
            #expect(model.subWrapped == 5 && model.baseClassic.value == 6)
            #expect(model.declaredProperties.map(\.name) == ["subWrapped", "subClassic", "baseClassic", "baseWrapped"])
        }
    }

    @Test("a wrapper is its declaration, position first: what a model reads from its own memory")
    func wrapperLayout() {
        #expect(MemoryLayout<ReadOnlyProperty<Int, WrapProperty<Int>>>.size == MemoryLayout<WrapDeclaration>.size)
        #expect(MemoryLayout<MutableProperty<String, WrapProperty<String>>>.size == MemoryLayout<WrapDeclaration>.size)
        #expect(MemoryLayout<WrapDeclaration>.size == 8)
        #expect(WrapDeclaration.positionOffset == 0)
        let layout = ModelClassTable.of(MixedSub.self).descriptors?.layout ?? DeclarationLayout(fields: [])
        _ = MixedSub(data: [:], mutable: false)
        let described = ModelClassTable.of(MixedSub.self).descriptors?.layout
        #expect(described?.fields.map(\.name) == ["subWrapped", "subClassic", "baseClassic", "baseWrapped"])
        #expect(described?.fields.map(\.isObject) == [false, true, true, false])
        _ = layout
    }
}
