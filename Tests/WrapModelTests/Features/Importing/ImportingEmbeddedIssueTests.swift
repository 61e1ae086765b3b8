import Foundation
import Testing
import WrapModel

/// Stores of their own, keyed differently, as Groot's "identity"-keyed powers are.
enum EmbeddedIssueStores {
    static let powers = WrapModelStore<EmbeddedIssuePower>(identityKeyPath: "identity")
    static let characters = WrapModelStore<EmbeddedIssueCharacter>(identityKeyPath: "id")
    static let classicPowers = WrapModelStore<EmbeddedIssuePower>(identityKeyPath: "identity")
    static let classicCharacters = WrapModelStore<EmbeddedIssueClassicCharacter>(identityKeyPath: "id")
    static let extrasPowers = WrapModelStore<EmbeddedIssuePower>(identityKeyPath: "identity")
    static let extrasCharacters = WrapModelStore<EmbeddedIssueCharacterWithExtras>(identityKeyPath: "id")
}

final class EmbeddedIssuePower: WrapModel, @unchecked Sendable {
    @Property("id") var id: String
    @Property("name") var name: String
}

final class EmbeddedIssueCharacter: WrapModel, @unchecked Sendable {
    @Property("id") var id: String
    @Property("name") var name: String
    @ReferenceArrayProperty("powers", store: EmbeddedIssueStores.powers) var powers: [EmbeddedIssuePower]
}

final class EmbeddedIssueClassicCharacter: WrapModel, @unchecked Sendable {
    let id = WPStr("id")
    let powers = WPRefArray<EmbeddedIssuePower>("powers", store: EmbeddedIssueStores.classicPowers)
}

/// Keeps property objects in an array before its reference declaration, which 1.3.7 allowed.
/// Describing the class stopped at the first declaration it could not place and published the
/// shorter table: the reference declaration was not in it, so imports no longer imported (or
/// reported) the embedded objects.
final class EmbeddedIssueCharacterWithExtras: WrapModel, @unchecked Sendable {
    @Property("id") var id: String
    let extras = [WPInt("rank"), WPInt("level")]
    @ReferenceArrayProperty("powers", store: EmbeddedIssueStores.extrasPowers) var powers: [EmbeddedIssuePower]
    @Property("name") var name: String
}

@Suite("Importing: problems of embedded objects")
struct ImportingEmbeddedIssueTests {
    @Test("An embedded object without the referenced store's identity is reported and not stored")
    func embeddedWithoutIdentityIsReported() throws {
        let result = try EmbeddedIssueStores.characters.import(
            #"{"id": "1699", "name": "Batman", "powers": [{"id": "4", "name": "Agility"}]}"#)
        #expect(result.issues == [WrapModelIssue(keyPath: "powers[0].identity", kind: .missing)])
        #expect(EmbeddedIssueStores.powers.count == 0)
        #expect(EmbeddedIssueStores.powers.placeholderCount == 0)
        let batman = try #require(EmbeddedIssueStores.characters.model(forIdentity: "1699"))
        #expect(batman.name == "Batman")
        #expect(batman.powers.isEmpty)
    }

    @Test("The report holds for a class whose first instance kept property objects in an array")
    func embeddedReportedWithObjectsInAnArray() throws {
        let json = #"{"id": "1699", "name": "Batman", "powers": [{"id": "4", "name": "Agility"}, {"identity": "9", "name": "Rich"}]}"#
        for _ in 0..<2 {
            let result = try EmbeddedIssueStores.extrasCharacters.import(json)
            #expect(result.issues == [WrapModelIssue(keyPath: "powers[0].identity", kind: .missing)])
        }
        #expect(EmbeddedIssueStores.extrasPowers.count == 1)
        let batman = try #require(EmbeddedIssueStores.extrasCharacters.model(forIdentity: "1699"))
        #expect(batman.name == "Batman")
        #expect(batman.powers.map(\.name) == ["Rich"])
    }

    @Test("The same report through a classic reference array declaration")
    func classicEmbeddedWithoutIdentityIsReported() throws {
        let result = try EmbeddedIssueStores.classicCharacters.import(
            #"[{"id": "1"}, {"id": "2", "powers": [{"identity": "p1", "name": "Flight"}, {"name": "x"}]}]"#)
        #expect(result.issues == [WrapModelIssue(keyPath: "[1].powers[1].identity", kind: .missing)])
        #expect(EmbeddedIssueStores.classicPowers.count == 1)
        #expect(EmbeddedIssueStores.classicPowers.model(forIdentity: "p1")?.name == "Flight")
    }
}
