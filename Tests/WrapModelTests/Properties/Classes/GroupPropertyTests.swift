import Foundation
import Testing
import WrapModel

final class Preferences: WrapModel, @unchecked Sendable {
    let email = WPBool("pref_email", boolType: .yesNo)
    let sms = WPBool("pref_sms", boolType: .ynString)
    let channel = WPOptStr("pref.channel")
}

final class Member: WrapModel, @unchecked Sendable {
    let name = WPStr("name")
    let prefs = WPGroup<Preferences>()
    let hiddenPrefs = WPGroup<HiddenGroup>(serializeForOutput: false)
}

final class HiddenGroup: WrapModel, @unchecked Sendable {
    let token = WPStr("token")
}

@Suite("WrapPropertyGroup")
struct GroupPropertyTests {
    static let json = #"{"name": "Ann", "pref_email": "yes", "pref_sms": "N", "pref": {"channel": "push"}, "token": "t"}"#

    @Test("A group reads the parent's own dictionary level")
    func reads() throws {
        let member = try #require(Member(json: Self.json))
        #expect(member.prefs.value.email.value == true)
        #expect(member.prefs.value.sms.value == false)
        #expect(member.prefs.value.channel.value == "push")
        #expect(member.hiddenPrefs.value.token.value == "t")
        #expect(canonical(member.prefs.value.originalModelData) == canonical(member.originalModelData))
        #expect(member.prefs.value === member.prefs.value)
    }

    @Test("A group takes the parent's mutability and lock", arguments: [false, true])
    func lockAndMutability(mutable: Bool) throws {
        let member = try #require(Member(json: Self.json, mutable: mutable))
        #expect(member.prefs.value.isMutable == mutable)
        #expect(member.prefs.value.lock === member.lock)
    }

    @Test("Group output merges into the parent's level")
    func output() throws {
        let member = try #require(Member(json: Self.json, mutable: true))
        member.prefs.value.sms.value = true
        member.prefs.value.channel.value = "mail"
        #expect(canonical(member.currentModelData(withNulls: false)) == canonical([
            "name": "Ann", "pref_email": "yes", "pref_sms": "Y", "pref": ["channel": "mail"], "token": "t",
        ]))
        #expect(canonical(member.currentModelData(withNulls: false, forOutput: true)) == canonical([
            "name": "Ann", "pref_email": "yes", "pref_sms": "Y", "pref": ["channel": "mail"],
        ]))
        member.prefs.value.channel.value = nil
        #expect(canonical(member.currentModelData(withNulls: true, forOutput: true)) == canonical([
            "name": "Ann", "pref_email": "yes", "pref_sms": "Y", "pref": ["channel": NSNull()],
        ]))
    }

    @Test("A group of an empty model writes its defaults")
    func emptyOutput() {
        let member = Member()
        #expect(canonical(member.currentModelData(withNulls: false, forOutput: true)) ==
                canonical(["name": "", "pref_email": "no", "pref_sms": "N"]))
    }

    @Test("Copies carry group mutations into the copy's own group")
    func copies() throws {
        let member = try #require(Member(json: Self.json, mutable: true))
        member.prefs.value.email.value = false
        let copy = member.mutableCopy() as! Member
        #expect(copy.prefs.value.email.value == false)
        #expect(copy.prefs.value !== member.prefs.value)
        #expect(copy.prefs.value.lock === copy.lock)
        copy.prefs.value.email.value = true
        #expect(member.prefs.value.email.value == false)
        #expect(canonical(copy.currentModelData(withNulls: false, forOutput: true)["pref_email"]) == "s:yes")
        member.clearMutations()
        #expect(member.prefs.value.email.value == true)
    }
}
