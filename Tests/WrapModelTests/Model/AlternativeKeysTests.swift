import Foundation
import Testing
import WrapModel

/// An API that spells a field two ways (a v1 and a v2 name).
final class AltUser: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @MutProperty("avatar_url|avatarUrl|avatar") var avatar: String?
    @MutProperty("profile.display_name|profile.displayName") var displayName: String
    let age = WPInt("age|years")
}

@Suite("Alternative keys: the first present is read, and written back there")
struct AlternativeKeysTests {
    @Test("the first key the data holds (not null) is read, through wrappers and classic objects")
    func reads() throws {
        let v1 = try AltUser(parsing: #"{"id": 1, "avatar_url": "a.png", "profile": {"display_name": "Ann"}, "age": 30}"#)
        #expect(v1.avatar == "a.png" && v1.displayName == "Ann" && v1.age.value == 30)
        let v2 = try AltUser(parsing: #"{"id": 2, "avatarUrl": "b.png", "profile": {"displayName": "Bo"}, "years": 41}"#)
        #expect(v2.avatar == "b.png" && v2.displayName == "Bo" && v2.age.value == 41)
        let both = try AltUser(parsing: #"{"id": 3, "avatar_url": null, "avatar": "c.png", "avatarUrl": "d.png"}"#)
        #expect(both.avatar == "d.png")
        let none = try AltUser(parsing: #"{"id": 4}"#)
        #expect(none.avatar == nil && none.displayName == "" && none.age.value == 0)
        let fromDictionary = AltUser(data: ["avatar": "e.png", "years": 5], mutable: false)
        #expect(fromDictionary.avatar == "e.png" && fromDictionary.age.value == 5)
    }

    @Test("a write goes to the key that was read, else the first; every output form agrees")
    func writes() throws {
        let v2 = try AltUser(parsing: #"{"id": 2, "avatarUrl": "b.png", "profile": {"displayName": "Bo"}, "extra": true}"#, mutable: true)
        v2.avatar = "new.png"
        v2.displayName = "Bea"
        #expect(String(decoding: try v2.jsonData(options: [.sortedKeys]), as: UTF8.self)
                == #"{"avatarUrl":"new.png","extra":true,"id":2,"profile":{"displayName":"Bea"}}"#)
        #expect(String(decoding: try v2.jsonData(options: [.declaredOnly, .sortedKeys]), as: UTF8.self)
                == #"{"age":0,"avatarUrl":"new.png","id":2,"profile":{"displayName":"Bea"}}"#)
        #expect(String(decoding: try v2.mergePatchData(), as: UTF8.self) == #"{"avatarUrl":"new.png","profile":{"displayName":"Bea"}}"#)
        #expect(canonical(v2.currentModelData(withNulls: false))
                == canonical(["id": 2, "avatarUrl": "new.png", "profile": ["displayName": "Bea"], "age": 0] as [String: Any]))

        let fresh = try AltUser(parsing: #"{"id": 5}"#, mutable: true)
        fresh.avatar = "first.png"
        #expect(String(decoding: try fresh.jsonData(options: [.sortedKeys]), as: UTF8.self) == #"{"avatar_url":"first.png","id":5}"#)
    }

    @Test("validation reports the first key when none is present, and no alternative as unmodeled")
    func validation() throws {
        let v2 = try AltUser(parsing: #"{"id": 2, "avatarUrl": "b.png", "profile": {"displayName": "Bo"}, "years": 3}"#)
        #expect(v2.validate(options: .unmodeledKeys).isEmpty)
        let missing = try AltUser(parsing: #"{"id": 1, "other": 1}"#)
        #expect(missing.validate(options: .unmodeledKeys) == [
            WrapModelIssue(keyPath: "age", kind: .missing),
            WrapModelIssue(keyPath: "other", kind: .unmodeledKey),
            WrapModelIssue(keyPath: "profile.display_name", kind: .missing),
        ])
    }
}

/// The example of Docs/Properties.md, as printed there.
final class AltMember: WrapModel, @unchecked Sendable {
    @MutProperty("avatar_url|avatarUrl") var avatar: String?
    @Property("profile.display_name|profile.displayName") var displayName: String
    let age = WPInt("age|years")
}

@Test("Docs/Properties.md's alternative keys example prints what the page says")
func alternativeKeysDocumentedExample() throws {
    let v2 = try AltMember(parsing: #"{"avatarUrl": "a.png", "years": 7}"#, mutable: true)
    #expect(v2.avatar == "a.png" && v2.age.value == 7)
    v2.avatar = "b.png"
    #expect(String(decoding: try v2.jsonData(), as: UTF8.self) == #"{"avatarUrl":"b.png","years":7}"#)
}
