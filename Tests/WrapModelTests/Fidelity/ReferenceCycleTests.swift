import Foundation
import Testing
import WrapModel

enum CycleStores {
    static let nodes = WrapModelStore<CycleNode>(identityKeyPath: "id")
    static let publishers = WrapModelStore<CyclePublisher>(identityKeyPath: "id")
    static let characters = WrapModelStore<CycleCharacter>(identityKeyPath: "id")
    static let placeholders = WrapModelStore<CycleNode>(identityKeyPath: "meta.id")
}

final class CycleNode: WrapModel, @unchecked Sendable {
    @IntProperty("id") var id
    @MutReferenceProperty("next", store: CycleStores.nodes) var next: CycleNode?
}

final class CyclePublisher: WrapModel, @unchecked Sendable {
    @StrProperty("id") var id
    @MutReferenceArrayProperty("characters", store: CycleStores.characters) var characters: [CycleCharacter]
}

final class CycleCharacter: WrapModel, @unchecked Sendable {
    @StrProperty("id") var id
    @MutReferenceProperty("publisher", store: CycleStores.publishers) var publisher: CyclePublisher?
}

@Suite("References that form cycles; placeholders keep the raw identity")
struct ReferenceCycleTests {
    @Test("a node whose next is itself: output, equality, hash and description terminate")
    func selfReference() throws {
        let node = try CycleNode(parsing: #"{"id": 1}"#, mutable: true)
        node.next = node
        #expect(try node.jsonString(options: [.sortedKeys]) == #"{"id":1,"next":1}"#)
        #expect(try node.jsonString(options: [.keepUnmodeledKeys]) == #"{"id":1,"next":1}"#)
        #expect(canonical(node.mergePatch()) == "{next=i:1}")
        #expect(node == node.mutableCopy() as! CycleNode)
        #expect(node.hash == (node.copy() as! CycleNode).hash)
        #expect(node.description == "CycleNode (mutable) {\n  \"id\" : 1,\n  \"next\" : 1\n}")
    }

    @Test("Groot's publisher.characters <-> character.publisher write identities only")
    func mutualReferences() throws {
        let marvel = try CyclePublisher(parsing: #"{"id": "marvel"}"#, mutable: true)
        let ironMan = try CycleCharacter(parsing: #"{"id": "1699", "name": "Iron Man"}"#, mutable: true)
        let spiderMan = try CycleCharacter(parsing: #"{"id": "1700"}"#, mutable: true)
        marvel.characters = [ironMan, spiderMan]
        ironMan.publisher = marvel
        spiderMan.publisher = marvel
        #expect(try marvel.jsonString(options: [.sortedKeys]) == #"{"characters":["1699","1700"],"id":"marvel"}"#)
        #expect(try ironMan.jsonString(options: [.keepUnmodeledKeys]) == #"{"id":"1699","name":"Iron Man","publisher":"marvel"}"#)
        #expect(marvel != ironMan)
        #expect(ironMan.description.contains(#""publisher" : "marvel""#))
    }

    @Test("a placeholder made from a raw string identity holds the string, as a reference's does")
    func placeholderRawIdentity() throws {
        let byString = CycleStores.placeholders.modelOrPlaceholder(forIdentity: "1699")
        #expect(try byString.jsonString(options: [.keepUnmodeledKeys]) == #"{"meta":{"id":"1699"}}"#)
        #expect(CycleStores.placeholders.modelOrPlaceholder(forIdentity: 1699) === byString)
        let byInt = CycleStores.placeholders.modelOrPlaceholder(forIdentity: 1700)
        #expect(try byInt.jsonString(options: [.keepUnmodeledKeys]) == #"{"meta":{"id":1700}}"#)
    }
}
