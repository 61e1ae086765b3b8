import Foundation
import Testing
import WrapModel

final class ArrParsedItem: WrapModel, @unchecked Sendable {
    @Property var id: Int
    @MutProperty var name: String
}

/// `[Model](parsing:)`: the one call for a top-level array, strict unless asked to be lenient.
@Suite("A top-level array: [Model](parsing:)")
struct ArrayParsingTests {
    @Test("an array of objects gives one model per element, in order, immutable by default")
    func arrayOfObjects() throws {
        let items = try [ArrParsedItem](parsing: #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#)
        #expect(items.map(\.id) == [1, 2])
        #expect(items.map(\.name) == ["a", "b"])
        #expect(items.map(\.isMutable) == [false, false])
        let mutable = try [ArrParsedItem](parsing: Data(#"[{"id": 3}]"#.utf8), mutable: true)
        mutable[0].name = "c"
        #expect(mutable[0].name == "c")
        #expect(try [ArrParsedItem](parsing: "[]").isEmpty)
    }

    @Test("strict syntax by default; lenient: true reads what JSONSerialization reads")
    func syntax() throws {
        let trailingComma = #"[{"id": 1},]"#
        #expect(throws: WrapModelError.malformedJSON(reason: "unexpected character ']'", offset: 11)) {
            _ = try [ArrParsedItem](parsing: trailingComma)
        }
        #expect(try [ArrParsedItem](parsing: trailingComma, lenient: true).map(\.id) == [1])
        let withBOM = Data([0xEF, 0xBB, 0xBF]) + Data(#"[{"id": 4}]"#.utf8)
        #expect(throws: WrapModelError.self) { _ = try [ArrParsedItem](parsing: withBOM) }
        #expect(try [ArrParsedItem](parsing: withBOM, lenient: true).map(\.id) == [4])
    }

    @Test("the root must be an array unless lenient, which reads a root object as one model")
    func rootShape() throws {
        #expect(throws: WrapModelError.invalidValue(WrapModelIssue(keyPath: "", kind: .wrongType(expected: "array", found: "object")))) {
            _ = try [ArrParsedItem](parsing: #"{"id": 1}"#)
        }
        #expect(throws: WrapModelError.invalidValue(WrapModelIssue(keyPath: "", kind: .wrongType(expected: "array", found: "string")))) {
            _ = try [ArrParsedItem](parsing: #""text""#)
        }
        #expect(try [ArrParsedItem](parsing: #"{"id": 1}"#, lenient: true).map(\.id) == [1])
        #expect(throws: WrapModelError.invalidValue(WrapModelIssue(keyPath: "[1]", kind: .wrongType(expected: "object", found: "integer")))) {
            _ = try [ArrParsedItem](parsing: #"[{"id": 1}, 2]"#)
        }
    }

    @Test("strict: true throws for the first invalid value, its key path under the element")
    func strictValues() throws {
        let body = #"[{"id": 1, "name": "a"}, {"id": "two", "name": "b"}]"#
        let lenientValues = try [ArrParsedItem](parsing: body)
        #expect(lenientValues.map(\.id) == [1, 0])
        #expect(throws: WrapModelError.invalidValue(WrapModelIssue(keyPath: "[1].id", kind: .wrongType(expected: "integer", found: "string")))) {
            _ = try [ArrParsedItem](parsing: body, strict: true)
        }
    }

    @Test("a model's parser pointed at an array names the array call")
    func objectParserOnArray() {
        #expect {
            _ = try ArrParsedItem(parsing: #"[{"id": 1}]"#)
        } throws: { error in
            (error as? WrapModelError)?.description
                == "expected a JSON object at the root, found array (read an array of models with [Model](parsing:))"
        }
    }
}
