import Foundation
import Testing
import WrapModel

@Suite("Transient properties, read/write hooks and nested reference output")
struct StateFeatureTests {
    @Test("Transient properties are read and written but never output or persisted")
    func transient() throws {
        let note = try #require(StateNote(json: #"{"text": "hi", "draft": "old", "cursor": 3, "secret": "s", "extra": 1}"#, mutable: true))
        #expect(note.draft == "old")
        #expect(note.cursor.value == 3)
        #expect(note.$draft.isTransient && note.cursor.isTransient && !note.secret.isTransient)
        note.draft = "new"
        note.cursor.value = 9
        #expect(note.draft == "new")
        #expect(canonical(note.currentModelData(withNulls: true)) == canonical(["text": "hi", "secret": "s"]))
        #expect(canonical(note.outputData(options: [.keepUnmodeledKeys])) == canonical(["text": "hi", "extra": 1]))
        #expect(canonical(note.outputData(options: .persistence)) == canonical(["text": "hi", "secret": "s", "extra": 1]))
        let stored = try StateNote.read(from: try note.data(format: .binaryPlist))
        #expect(stored.draft == nil && stored.cursor.value == 0 && stored.secret.value == "s")
        let decoded = try JSONDecoder().decode(StateNote.self, from: try JSONEncoder().encode(note))
        #expect(decoded.draft == nil && decoded.secret.value == "s")
        let archived = try #require(try archiveRoundTrip(note))
        #expect(archived.draft == nil && archived.cursor.value == 0 && archived.text == "hi")
    }

    @Test("A submodel's transient properties are left out even when it holds no mutation")
    func transientInSubmodel() throws {
        let book = try #require(StateNotebook(json: #"{"title": "t", "note": {"text": "x", "draft": "d"}}"#))
        #expect(canonical(book.outputData(options: .persistence)) == canonical(["title": "t", "note": ["text": "x"]]))
        #expect(canonical(book.outputData(options: [.keepUnmodeledKeys])) == canonical(["title": "t", "note": ["text": "x"]]))
    }

    @Test("didReadData runs once a model is created from data, submodels included")
    func readHook() throws {
        let article = try #require(StateArticle(json: #"{"body": "one two three", "comments": [{"body": "a b"}]}"#))
        #expect(article.wordCount == 3)
        #expect(article.comments.value[0].wordCount == 2)
        #expect(StateArticle.model(data: ["body": "x"], mutable: false).wordCount == 1)
        #expect(try StateArticle.importModels(from: #"[{"body": "p q r s"}]"#)[0].wordCount == 4)
    }

    @Test("willWriteOutput runs before output, may write on the root, and not for equality")
    func writeHook() throws {
        let article = try #require(StateArticle(json: #"{"body": "b", "edited": 1}"#, mutable: true))
        _ = article == article.mutableCopy() as! StateArticle
        _ = article.hash
        #expect(article.writes.value == 0)
        let output = article.outputData(options: .declaredOnly)
        #expect(canonical(output["edited"]) == canonical(2))
        _ = try article.jsonData(options: .declaredOnly)
        #expect(article.writes.value == 2)
        #expect(article.edited == 3)
    }

    @Test("References can be written as nested objects; cycles end at an identity")
    func nestedReferences() throws {
        let store = StateStores.people
        try store.import(#"[{"id": 1, "name": "Ann", "friend": 2, "team": [2, 3]}, {"id": 2, "name": "Bo", "friend": 1}, {"id": 3, "name": "Cy"}]"#)
        let ann = try #require(store.model(forIdentity: 1))
        #expect(canonical(ann.outputData(options: .declaredOnly)) == canonical(["id": 1, "name": "Ann", "friend": 2, "team": [2, 3]]))
        let nested = ann.outputData(options: [.declaredOnly, .referencesAsObjects])
        #expect(canonical(nested) == canonical([
            "id": 1, "name": "Ann",
            "friend": ["id": 2, "name": "Bo", "friend": 1, "team": [Any]()],
            "team": [["id": 2, "name": "Bo", "friend": 1, "team": [Any]()], ["id": 3, "name": "Cy", "team": [Any]()]],
        ] as [String: Any]))
        // A model referring to itself ends at once.
        let selfish = try #require(store.import(#"{"id": 4, "name": "Di", "friend": 4}"#).models.first)
        #expect(canonical(selfish.outputData(options: [.declaredOnly, .referencesAsObjects])) == canonical(["id": 4, "name": "Di", "friend": 4, "team": [Any]()] as [String: Any]))
        #expect(try selfish.jsonString(options: [.declaredOnly, .referencesAsObjects, .sortedKeys]) == #"{"friend":4,"id":4,"name":"Di","team":[]}"#)
        // Compact JSON, written straight from the properties, nests the same way.
        #expect(try selfish.jsonData(options: [.declaredOnly, .referencesAsObjects]) == Data(#"{"id":4,"name":"Di","friend":4,"team":[]}"#.utf8))
        #expect(canonical(jsonObject(String(decoding: try ann.jsonData(options: [.declaredOnly, .referencesAsObjects]), as: UTF8.self)))
                == canonical(nested))
    }

    @Test("Write hooks of submodels and model arrays run before the lock is taken, so they may write")
    func nestedWriteHooks() throws {
        let article = try #require(StateArticle(json: #"{"body": "b", "edited": 1, "comments": [{"body": "c", "edited": 7}]}"#, mutable: true))
        let comment = article.comments.value[0]
        #expect(canonical(article.outputData(options: .declaredOnly)["comments"]) == canonical([["body": "c", "edited": 8, "comments": [Any]()]]))
        #expect(comment.writes.value == 1)
        #expect(article.edited == 2)
        _ = article.mergePatch()
        #expect(comment.edited == 9)
        // A property's raw value is read under the lock: no hook runs there.
        _ = article.comments.rawValue(withNulls: false, forOutput: true)
        #expect(comment.writes.value == 2)
    }
}
