import Foundation
import Testing
import WrapModel

/// What a declaration's arguments give differs from model to model when they are read from
/// state that changes: these fixtures read theirs from globals.
enum PerModelSettings {
    nonisolated(unsafe) static var key = "name"
    nonisolated(unsafe) static var posted = true
}

final class PerModelKeyed: WrapModel, @unchecked Sendable {
    @MutProperty(PerModelSettings.key) var value: String?
    @MutProperty("id") var id: Int
}

final class PerModelPosted: WrapModel, @unchecked Sendable {
    @MutProperty("secret", serializeForOutput: PerModelSettings.posted) var secret: String?
}

@Suite("Declarations whose arguments differ from model to model", .serialized)
struct PerModelDeclarationTests {
    @Test("A key read at creation is the key each model reads, writes and outputs")
    func perModelKey() throws {
        PerModelSettings.key = "name"
        let first = try PerModelKeyed(parsing: #"{"name": "a", "title": "b", "id": 1}"#, mutable: true)
        PerModelSettings.key = "title"
        let second = try PerModelKeyed(parsing: #"{"name": "a", "title": "b", "id": 2}"#, mutable: true)
        PerModelSettings.key = "name"
        #expect(first.value == "a")
        #expect(second.value == "b")
        second.value = "c"
        #expect(try second.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"id":2,"title":"c"}"#)
        #expect(try second.mergePatchData() == Data(#"{"title":"c"}"#.utf8))
        #expect(try second.jsonString() == #"{"name":"a","title":"c","id":2}"#)
        #expect(second.validate().isEmpty)
        #expect(try first.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"id":1,"name":"a"}"#)
    }

    @Test("serializeForOutput read at creation cannot differ from the class's first model: refused with an issue")
    func perModelOutputFlagRefused() throws {
        PerModelSettings.posted = true
        _ = PerModelPosted(data: [:], mutable: false)
        PerModelSettings.posted = false
        let model = try PerModelPosted(parsing: #"{"secret": "s"}"#)
        PerModelSettings.posted = true
        let issues = model.validate()
        #expect(issues.count == 1)
        #expect(issues.first?.description == "secret: declaration refused: this model declared serializeForOutput: false, transient: false where the class's first model declared serializeForOutput: true, transient: false; these cannot differ from model to model, so it keeps the class's")
        #expect(try model.jsonString() == #"{"secret":"s"}"#)
    }
}
