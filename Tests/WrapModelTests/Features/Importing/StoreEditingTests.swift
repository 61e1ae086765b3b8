import Foundation
import Testing
import WrapModel

final class EditAddress: WrapModel, @unchecked Sendable {
    @MutProperty var city: String
}

final class EditMember: WrapModel, @unchecked Sendable {
    @Property var id: Int
    @MutProperty var name: String
    @Property var address: EditAddress?
}

/// What an import does to a stored model a screen is editing or showing (the answers of
/// Docs/Observation.md, "Editing in SwiftUI").
@Suite("Editing stored models")
struct StoreEditingTests {
    private func storeWithAda() throws -> (WrapModelStore<EditMember>, EditMember) {
        let store = WrapModelStore<EditMember>(identityKeyPath: "id")
        _ = try store.import(#"[{"id": 1, "name": "Ada", "address": {"city": "London"}}]"#)
        return (store, try #require(store.model(forIdentity: 1)))
    }

    @Test("a stored model is mutable, and an import drops what was written to it")
    func importDropsLocalWrites() throws {
        let (store, ada) = try storeWithAda()
        #expect(ada.isMutable)
        ada.name = "Ada L."
        #expect(ada.name == "Ada L.")
        _ = try store.import(#"[{"id": 1, "address": {"city": "Oslo"}}]"#)
        #expect(ada.name == "Ada")                       // the stored data's value, not the write
        #expect(!ada.hasChanges)
    }

    @Test("an editable copy keeps its edits through an import")
    func copyKeepsEdits() throws {
        let (store, ada) = try storeWithAda()
        let draft = ada.editableCopy()
        draft.name = "Draft"
        _ = try store.import(#"[{"id": 1, "name": "Server"}]"#)
        #expect(draft.name == "Draft")
        #expect(ada.name == "Server")
        #expect(try draft.mergePatchData() == Data(#"{"name":"Draft"}"#.utf8))
    }

    @Test("a submodel held across an import keeps its old data; the parent gives a new one")
    func heldSubmodel() throws {
        let (store, ada) = try storeWithAda()
        let held = try #require(ada.address)
        _ = try store.import(#"[{"id": 1, "address": {"city": "Oslo"}}]"#)
        #expect(held.city == "London")
        #expect(ada.address?.city == "Oslo")
        #expect(ada.address !== held)
    }
}
