import Foundation
import Testing
import WrapModel

final class StoredNote: WrapModel, @unchecked Sendable {
    @MutStrProperty("title") var title
    @MutIntProperty("count") var count
    @MutDoubleProperty("ratio") var ratio
    @MutBoolProperty("pinned") var pinned
    @MutDateProperty("created", dateType: .yyyymmddDashes) var created
    @MutOptStrProperty("subtitle") var subtitle
    @StrProperty("secret", serializeForOutput: false) var secret
}

private let noteJSON = #"{"title":"T","count":3,"ratio":0.5,"pinned":true,"created":"2024-02-29","secret":"s","extra":{"n":null,"k":[1,2.5]}}"#

private func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("wrapmodel-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The content every round trip must preserve.
private func expectNote(_ note: StoredNote, format: WrapDataFormat) {
    #expect(note.title == "T")
    #expect(note.count == 3)
    #expect(note.ratio == 0.5)
    #expect(note.pinned == true)
    #expect(note.created == WrapDateOutputType.yyyymmddDashes.date(from: "2024-02-29", fallbackToOtherFormats: false))
    #expect(note.subtitle == nil)
    #expect(note.secret == "s")
    let extra = note.originalModelData["extra"] as? [String: Any]
    #expect((extra?["k"] as? [Any])?.first as? Int == 1)
    #expect((extra?["k"] as? [Any])?.last as? Double == 2.5)
    // JSON keeps the null; property lists drop it with its key.
    #expect(extra?.keys.contains("n") == (format == .json))
}

@Suite("Persistence")
struct PersistenceTests {
    @Test("a model round-trips through Data, String and files in every format", arguments: WrapDataFormat.allCases)
    func model(format: WrapDataFormat) throws {
        let note = try StoredNote(parsing: noteJSON)
        let data = try note.data(format: format)
        expectNote(try StoredNote.read(from: data, format: format), format: format)
        expectNote(try StoredNote.read(from: data), format: format)            // detected
        if format != .binaryPlist {
            expectNote(try StoredNote.read(from: try note.string(format: format), format: format), format: format)
        } else {
            #expect(throws: WrapModelError.self) { _ = try note.string(format: .binaryPlist) }
        }
        let folder = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("note")
        try note.write(to: url, format: format)
        expectNote(try StoredNote.read(from: url), format: format)
        let reread = try StoredNote.read(from: url, mutable: true)
        #expect(reread.isMutable)
    }

    @Test("numbers keep Int, Double and Bool apart in property lists")
    func plistTypes() throws {
        let note = try StoredNote(parsing: #"{"count":1,"ratio":1.0,"pinned":false}"#)
        for format in [WrapDataFormat.xmlPlist, .binaryPlist] {
            let back = try StoredNote.read(from: note.data(format: format)).originalModelData
            #expect(back["count"] as? Int == 1)
            #expect(back["count"] is Int)
            #expect(back["ratio"] as? Double == 1.0)
            #expect(back["ratio"] is Double)
            #expect(back["pinned"] as? Bool == false)
        }
    }

    @Test("mutations are stored")
    func mutationsStored() throws {
        let note = try StoredNote(parsing: noteJSON, mutable: true)
        note.title = "U"
        note.subtitle = "sub"
        let back = try StoredNote.read(from: note.data(format: .xmlPlist))
        #expect(back.title == "U")
        #expect(back.subtitle == "sub")
    }

    @Test("arrays and dictionaries of models round-trip in every format", arguments: WrapDataFormat.allCases)
    func collections(format: WrapDataFormat) throws {
        let notes = try [StoredNote(parsing: noteJSON), StoredNote(parsing: #"{"title":"Second","count":2}"#)]
        let array = try [StoredNote].read(from: notes.data(format: format))
        #expect(array.map(\.title) == ["T", "Second"])
        #expect(array.map(\.count) == [3, 2])
        let dictionary = ["a": notes[0], "b": notes[1]]
        let back = try [String: StoredNote].read(from: dictionary.data(format: format))
        #expect(back.keys.sorted() == ["a", "b"])
        #expect(back["b"]?.title == "Second")
        let folder = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try notes.write(to: folder.appendingPathComponent("array"), format: format)
        try dictionary.write(to: folder.appendingPathComponent("dictionary"), format: format)
        #expect(try [StoredNote].read(from: folder.appendingPathComponent("array")).map(\.count) == [3, 2])
        #expect(try [String: StoredNote].read(from: folder.appendingPathComponent("dictionary"))["a"]?.title == "T")
        if format != .binaryPlist {
            #expect(try [StoredNote].read(from: notes.string(format: format)).count == 2)
            #expect(try [String: StoredNote].read(from: dictionary.string(format: format)).count == 2)
        }
    }

    @Test("a missing file throws unreadable naming the file")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/note.json")
        #expect(throws: WrapModelError.unreadable(url, reason: "no such file")) { _ = try StoredNote.read(from: url) }
    }

    @Test("corrupt and truncated files throw unreadable with the parse problem", arguments: WrapDataFormat.allCases)
    func corrupt(format: WrapDataFormat) throws {
        let folder = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("note")
        let full = try StoredNote(parsing: noteJSON).data(format: format)
        try full.prefix(full.count / 2).write(to: url)
        #expect {
            _ = try StoredNote.read(from: url, format: format)
        } throws: { error in
            guard case .unreadable(let failing, let reason)? = error as? WrapModelError else { return false }
            return failing == url && !reason.isEmpty
        }
    }

    @Test("roots of the wrong shape are refused")
    func wrongRoots() {
        #expect(throws: WrapModelError.notAnObject(found: "array")) { _ = try StoredNote.read(from: "[1]") }
        #expect(throws: WrapModelError.invalidValue(WrapModelIssue(keyPath: "", kind: .wrongType(expected: "array", found: "object")))) {
            _ = try [StoredNote].read(from: "{}")
        }
        #expect(throws: WrapModelError.invalidValue(WrapModelIssue(keyPath: "[1]", kind: .wrongType(expected: "object", found: "integer")))) {
            _ = try [StoredNote].read(from: "[{}, 3]")
        }
    }

    @Test("writing over an existing file replaces it whole")
    func atomicReplace() throws {
        let folder = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("note.json")
        try StoredNote(parsing: noteJSON).write(to: url)
        try StoredNote(parsing: #"{"title":"New"}"#).write(to: url)
        #expect(try StoredNote.read(from: url).title == "New")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["note.json"])
    }

    @Test("writing into a missing folder throws unwritable")
    func unwritable() throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/note.json")
        #expect {
            try StoredNote(parsing: noteJSON).write(to: url)
        } throws: { error in
            guard case .unwritable(let failing, _)? = error as? WrapModelError else { return false }
            return failing == url
        }
    }
}
