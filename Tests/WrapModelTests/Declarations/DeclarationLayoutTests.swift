import Foundation
import Testing
@testable import WrapModel

class LayoutBase: WrapModel, @unchecked Sendable {
    var plainBefore = 1
    @Property("a") var a: Int
    let b = WPStr("b")
    let notes: [String] = []
}

final class LayoutSub: LayoutBase, @unchecked Sendable {
    let spare: WrapPropertyInt? = nil          // an optional reference: not a declaration's field
    let pair = (1, "two")
    @MutProperty("c") var c: String
    let d = WPInt("d")
    weak var weakly: WrapPropertyInt?
}

/// The fields a class's first model reads its declarations from, found in the class's field
/// metadata through the runtime's reflection entry points (no standard-library SPI).
@Suite("Declarations: the layout read from field metadata")
struct DeclarationLayoutTests {
    @Test("the declarations' fields, superclass first, in declaration order, and nothing else")
    func candidateFields() throws {
        let fields = try #require(DeclarationLayout.candidateFields(of: LayoutSub.self))
        #expect(fields.map(\.name) == ["a", "b", "c", "d"])
        #expect(fields.map(\.isObject) == [false, true, false, true])
        #expect(fields.map(\.offset) == fields.map(\.offset).sorted())
        #expect(Set(fields.map(\.offset)).count == 4)
        // The same names, in the same order, as reflection gives the stored properties.
        var labels: [String] = []
        var mirror: Mirror? = Mirror(reflecting: LayoutSub(data: [:], mutable: false))
        while let current = mirror {
            labels = current.children.compactMap(\.label) + labels
            mirror = current.superclassMirror
        }
        #expect(labels.filter { ["_a", "b", "_c", "d"].contains($0) } == ["_a", "b", "_c", "d"])
    }

    @Test("an object field's offset holds the model's property object; the model reads its data through the layout")
    func offsetsHoldTheDeclarations() throws {
        let model = try LayoutSub(parsing: #"{"a": 4, "b": "bee", "c": "sea", "d": 6}"#, mutable: true)
        let fields = try #require(DeclarationLayout.candidateFields(of: LayoutSub.self))
        #expect(DeclarationLayout.object(of: fields[1], in: model).takeUnretainedValue() === model.b)
        #expect(DeclarationLayout.object(of: fields[3], in: model).takeUnretainedValue() === model.d)
        #expect(model.a == 4 && model.b.value == "bee" && model.c == "sea" && model.d.value == 6)
        model.c = "see"
        #expect(model.c == "see")
        // The table orders them as their positions were taken: a subclass's stored properties are
        // initialised before its superclass's.
        #expect(ModelClassTable.of(LayoutSub.self).descriptors?.layout?.fields.map(\.name) == ["c", "d", "a", "b"])
    }
}
