import Foundation
import Testing
import WrapModel

@Suite("Typed errors from the throwing initialisers")
struct WrapModelErrorTests {
    @Test("malformed JSON throws with the byte offset", arguments: [
        (#"{"a": 1,}"#, 8),
        (#"{"a" 1}"#, 5),
        (#"{"a": tru}"#, 9),
        ("{\"a\": \"x", 6),
    ])
    func malformed(json: String, offset: Int) {
        #expect {
            _ = try ValidationOrder(parsing: json)
        } throws: { error in
            guard case .malformedJSON(_, let found)? = error as? WrapModelError else { return false }
            return found == offset
        }
    }

    @Test("a non-object root throws notAnObject naming what was found", arguments: [
        ("[]", "array"), ("3", "integer"), (#""x""#, "string"), ("null", "null"), ("true", "boolean"), ("2.5", "number"),
    ])
    func nonObjectRoot(json: String, found: String) {
        #expect(throws: WrapModelError.notAnObject(found: found)) { _ = try ValidationOrder(parsing: json) }
        #expect(ValidationOrder(json: json) == nil)
    }

    @Test("the failable 1.3.7 initialisers return nil for bad input")
    func failableInitialisers() {
        #expect(ValidationOrder(json: nil) == nil)
        #expect(ValidationOrder(json: "{") == nil)
        #expect(ValidationOrder(jsonData: Data([0xFF, 0xFE])) == nil)
        #expect(ValidationOrder(json: #"{"id": 4}"#)?.id == 4)
    }

    @Test("strict mode throws the first invalid value and ignores missing ones")
    func strict() throws {
        #expect(throws: WrapModelError.invalidValue(WrapModelIssue(keyPath: "byWarehouse", kind: .droppedElements(count: 1)))) {
            _ = try ValidationOrder(parsing: brokenOrderJSON, strict: true)
        }
        let partial = try ValidationOrder(parsing: #"{"id": 1}"#, strict: true)
        #expect(partial.id == 1)
        #expect(throws: WrapModelError.invalidValue(WrapModelIssue(keyPath: "id", kind: .wrongType(expected: "integer", found: "boolean")))) {
            _ = try ValidationOrder(parsing: Data(#"{"id": true}"#.utf8), strict: true)
        }
    }

    @Test("an unencodable value makes JSON output throw with its key path")
    func unencodable() throws {
        let line = try ValidationLine(parsing: #"{"sku": "a", "price": 1}"#, mutable: true)
        line.price = .nan
        #expect(throws: WrapModelError.unencodable(keyPath: "price", found: "NaN")) { _ = try line.jsonData() }
        #expect(line.currentModelDataAsJSON(withNulls: false) == nil)
    }
}
