import Foundation
import Testing
import WrapModel

/// The exact one-line messages users see: they name the place (`<root>` for the model's own
/// level), agree in number, and say in words why a file could not be written.
@Suite("Error and issue messages")
struct ErrorTextTests {
    @Test("every issue kind's message")
    func issueMessages() {
        let cases: [(WrapModelIssue, String)] = [
            (WrapModelIssue(keyPath: "customer.email", kind: .missing), "customer.email: missing value"),
            (WrapModelIssue(keyPath: "lines[1].price", kind: .wrongType(expected: "number", found: "string")),
             "lines[1].price: expected number, found string"),
            (WrapModelIssue(keyPath: "placed", kind: .unparseableDate("2020-31-31")), #"placed: unparseable date "2020-31-31""#),
            (WrapModelIssue(keyPath: "status", kind: .unknownEnumValue("shippd")), #"status: unknown enum value "shippd""#),
            (WrapModelIssue(keyPath: "tags", kind: .droppedElements(count: 1)), "tags: 1 element did not convert and was dropped"),
            (WrapModelIssue(keyPath: "tags", kind: .droppedElements(count: 3)), "tags: 3 elements did not convert and were dropped"),
            (WrapModelIssue(keyPath: "value", kind: .unknownTransformer("cnets")), #"value: no value transformer named "cnets""#),
            (WrapModelIssue(keyPath: "", kind: .wrongType(expected: "array", found: "object")), "<root>: expected array, found object"),
        ]
        for (issue, message) in cases {
            #expect(issue.description == message)
        }
    }

    @Test("every error case's message")
    func errorMessages() {
        let file = URL(fileURLWithPath: "/data/customer.json")
        let cases: [(WrapModelError, String)] = [
            (.malformedJSON(reason: "unexpected character '}'", offset: 17), "malformed JSON at byte 17: unexpected character '}'"),
            (.malformedJSON(reason: "not UTF-8", offset: nil), "malformed JSON: not UTF-8"),
            (.notAnObject(found: "array"),
             "expected a JSON object at the root, found array (read an array of models with [Model](parsing:))"),
            (.notAnObject(found: "string"), "expected a JSON object at the root, found string"),
            (.invalidValue(WrapModelIssue(keyPath: "address.zip", kind: .wrongType(expected: "string", found: "integer"))),
             "invalid value at address.zip: expected string, found integer"),
            (.invalidValue(WrapModelIssue(keyPath: "", kind: .wrongType(expected: "array", found: "object"))),
             "invalid value at <root>: expected array, found object"),
            (.unreadable(file, reason: "no such file"), "cannot read /data/customer.json: no such file"),
            (.unwritable(file, reason: "permission denied"), "permission denied writing /data/customer.json"),
            (.malformedPropertyList(reason: "unexpected end"), "malformed property list: unexpected end"),
            (.unencodable(keyPath: "price", found: "NaN"), "cannot encode NaN at price"),
            (.unencodable(keyPath: "", found: "a binary property list (not text)"),
             "cannot encode a binary property list (not text) at <root>"),
            (.unsupportedVersion(found: 4, current: 3), "data version 4 is newer than the newest known version 3"),
        ]
        for (error, message) in cases {
            #expect(error.description == message)
            // LocalizedError: what an app shows of any Error is the same message.
            #expect(error.errorDescription == message)
            #expect((error as any Error).localizedDescription == message)
        }
    }

    @Test("a collection read from an object names the root")
    func rootOfCollection() {
        #expect {
            _ = try [ValidationLine].read(from: "{}")
        } throws: { error in
            (error as? WrapModelError)?.description == "invalid value at <root>: expected array, found object"
        }
    }

    @Test("a validation report agrees in number")
    func droppedOneElement() {
        let line = ValidationOrder(json: #"{"tags": ["a", 2, "c"]}"#)!
        #expect(line.validate().map(\.description).contains("tags: 1 element did not convert and was dropped"))
    }

    @Test("writing into a missing folder says so in words")
    func writeIntoMissingFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wm-errortext-\(UUID().uuidString)")
        let target = folder.appendingPathComponent("line.json")
        let line = ValidationLine(json: #"{"sku": "a"}"#)!
        #expect(throws: WrapModelError.unwritable(target, reason: "no such file or folder")) {
            try line.write(to: target)
        }
        #expect(throws: WrapModelError.unreadable(target, reason: "no such file")) {
            _ = try ValidationLine.read(from: target)
        }
    }

    @Test("writing into a read-only folder says permission denied",
          .enabled(if: getuid() != 0, "the superuser may write anywhere"))
    func writePermissionDenied() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wm-errortext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        let target = folder.appendingPathComponent("line.json")
        let line = ValidationLine(json: #"{"sku": "a"}"#)!
        #expect {
            try line.write(to: target)
        } throws: { error in
            (error as? WrapModelError)?.description == "permission denied writing \(target.path)"
        }
    }
}
