import Foundation
import Testing
import WrapModel

final class VersionedNote: WrapModel, WrapModelVersioning, @unchecked Sendable {
    static let migrations: [WrapMigration] = [.renameKey(from: "text", to: "body")]
    @MutStrProperty("body") var body
}

@Suite("Any stored version value")
struct VersionValueTests {
    @Test("an unreadable version is a typed error from throwing reads and never traps", arguments: [
        (#"{"version": -1, "text": "t"}"#, "integer"),
        (#"{"version": "-2", "text": "t"}"#, "string"),
        (#"{"version": 1e300, "text": "t"}"#, "number"),
        (#"{"version": 1.5, "text": "t"}"#, "number"),
        (#"{"version": "abc", "text": "t"}"#, "string"),
        (#"{"version": true, "text": "t"}"#, "boolean"),
        (#"{"version": -9223372036854775808, "text": "t"}"#, "integer"),
        (#"{"version": 99999999999999999999, "text": "t"}"#, "number"),
    ])
    func unreadable(json: String, found: String) throws {
        let expected = WrapModelError.invalidValue(WrapModelIssue(
            keyPath: "version", kind: .wrongType(expected: "version (a non-negative integer)", found: found)))
        #expect(throws: expected) { try VersionedNote(parsing: json) }
        #expect(throws: expected) { try VersionedNote.read(from: Data(json.utf8)) }
        #expect(throws: expected) { try VersionedNote.model(parsing: json) }
        // Non-throwing initialisers leave the data as it is: no step runs, the version is kept.
        let lenient = try #require(VersionedNote(json: json))
        #expect(lenient.body == "")
        #expect(lenient.originalModelData["text"] as? String == "t")
        let dictionary = VersionedNote(data: try #require(WrapJSON.parse(Data(json.utf8)) as? [String: Any]), mutable: true)
        #expect(dictionary.body == "")
        let output = lenient.outputData(options: [.keepUnmodeledKeys])
        #expect(output["text"] as? String == "t")
        #expect(JSONTypeNameProbe.name(output["version"]) == found)
        #expect(throws: expected) { try lenient.jsonData(options: [.keepUnmodeledKeys]) }
        #expect(throws: WrapModelError.self) { try lenient.data() }
        #expect(throws: WrapModelError.self) { try dictionary.write(to: URL(fileURLWithPath: "/tmp/never-written.json")) }
    }

    @Test("integer versions written as strings or integral doubles still migrate")
    func readableForms() throws {
        for json in [#"{"version": "0", "text": "t"}"#, #"{"version": 0.0, "text": "t"}"#, #"{"text": "t"}"#] {
            let note = try VersionedNote(parsing: json)
            #expect(note.body == "t")
            #expect(try note.jsonString(options: [.sortedKeys]) == #"{"body":"t","version":1}"#)
        }
    }

    @Test("newer data keeps its own version in every output and refuses throwing writes")
    func newerData() throws {
        let json = #"{"version": 7, "body": "b", "future": 1}"#
        #expect(throws: WrapModelError.unsupportedVersion(found: 7, current: 1)) { try VersionedNote(parsing: json) }
        let note = try #require(VersionedNote(json: json, mutable: true))
        note.body = "changed"
        #expect(note.currentModelDataAsJSON(withNulls: false) == "{\n  \"body\" : \"changed\",\n  \"version\" : 7\n}")
        #expect(throws: WrapModelError.unsupportedVersion(found: 7, current: 1)) { try note.jsonString(options: [.sortedKeys]) }
        #expect(throws: WrapModelError.unsupportedVersion(found: 7, current: 1)) { try note.mergePatchData() }
        #expect(note.currentModelData(withNulls: false)["version"] as? Int == 7)
        #expect(throws: WrapModelError.unsupportedVersion(found: 7, current: 1)) { try note.data(format: .json) }
        #expect(throws: WrapModelError.unsupportedVersion(found: 7, current: 1)) { try note.data(format: .binaryPlist) }
        #expect(throws: WrapModelError.unsupportedVersion(found: 7, current: 1)) {
            try note.write(to: URL(fileURLWithPath: "/tmp/never-written.json"))
        }
        // The archive keeps version 7, and decoding it refuses rather than claiming version 1.
        let archive = try NSKeyedArchiver.archivedData(withRootObject: note, requiringSecureCoding: true)
        #expect((try? NSKeyedUnarchiver.unarchivedObject(ofClass: VersionedNote.self, from: archive)) == nil)
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        note.encode(with: archiver)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        let stored = try #require(unarchiver.decodeObject(of: NSData.self, forKey: "data"))
        #expect(String(decoding: stored as Data, as: UTF8.self) == #"{"body":"changed","future":1,"version":7}"#)
        let again = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        #expect(VersionedNote(coder: again) == nil)
    }
}

enum JSONTypeNameProbe {
    static func name(_ value: Any?) -> String {
        switch value {
        case is Bool: return "boolean"
        case is Int: return "integer"
        case is Double: return "number"
        case is String: return "string"
        default: return "other"
        }
    }
}
