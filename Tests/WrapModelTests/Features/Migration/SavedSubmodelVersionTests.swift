import Foundation
import Synchronization
import Testing
import WrapModel

/// A versioned submodel whose one step is not idempotent: running it twice shows (`"a!!"`).
final class DriftLeaf: WrapModel, WrapModelVersioning, @unchecked Sendable {
    static let migrations: [WrapMigration] = [
        .transform(key: "note") { (($0 as? String) ?? "") + "!" },
    ]
    @Property("note") var note: String
}

/// An unversioned model between a parent and a versioned leaf.
final class DriftHolder: WrapModel, @unchecked Sendable {
    @Property("leaf") var leaf: DriftLeaf?
}

/// An unversioned parent holding versioned leaves in every kind of model property.
final class DriftParent: WrapModel, @unchecked Sendable {
    @Property("leaf") var leaf: DriftLeaf?
    @MutProperty("leaves") var leaves: [DriftLeaf]
    let embedded = WPEmbModelArray<DriftLeaf>("embedded", embedPath: "item")
    @Property("byName") var byName: [String: DriftLeaf]
    @Property("groups") var groups: [String: [DriftLeaf]]
    @Property("holder") var holder: DriftHolder?
}

/// A versioned parent (its own step is not idempotent either) holding versioned leaves.
final class DriftVersionedParent: WrapModel, WrapModelVersioning, @unchecked Sendable {
    static var versionKey: String { "schema" }
    static let migrations: [WrapMigration] = [
        .transform(key: "count") { (($0 as? Int) ?? 0) + 1 },
    ]
    @Property("count") var count: Int
    @Property("leaves") var leaves: [DriftLeaf]
}

/// Counts the models of its class created, to see which output creates them.
final class CountedLeaf: WrapModel, @unchecked Sendable {
    static let created = Atomic<Int>(0)
    @Property("note") var note: String
    override func didReadData() { Self.created.add(1, ordering: .relaxed) }
    static var createdCount: Int { created.load(ordering: .relaxed) }
}

final class CountedParent: WrapModel, @unchecked Sendable {
    @Property("leaf") var leaf: CountedLeaf?
    @Property("leaves") var leaves: [CountedLeaf]
}

@Suite("Saving submodels of versioned types")
struct SavedSubmodelVersionTests {
    static let stored = #"""
    {"leaf":{"note":"a"},"leaves":[{"note":"b"}],"embedded":[{"item":{"note":"c"}}],"byName":{"k":{"note":"d"}},\#
    "groups":{"g":[{"note":"e"}]},"holder":{"leaf":{"note":"f"}},"extra":1}
    """#
    /// Every leaf migrated once and marked with the current version.
    static let migrated = #"""
    {"byName":{"k":{"note":"d!","version":1}},"embedded":[{"item":{"note":"c!","version":1}}],"extra":1,\#
    "groups":{"g":[{"note":"e!","version":1}]},"holder":{"leaf":{"note":"f!","version":1}},\#
    "leaf":{"note":"a!","version":1},"leaves":[{"note":"b!","version":1}]}
    """#

    /// The stored bytes with their keys sorted, to compare exactly.
    private func sorted(_ data: Data) throws -> String {
        String(decoding: try WrapJSON.data(from: WrapJSON.parse(data), options: [.sortedKeys]), as: UTF8.self)
    }

    private func readEveryLeaf(_ parent: DriftParent) -> [String] {
        [parent.leaf?.note ?? "-"] + parent.leaves.map(\.note) + parent.embedded.value.map(\.note)
            + parent.byName.values.map(\.note) + (parent.groups["g"] ?? []).map(\.note) + [parent.holder?.leaf?.note ?? "-"]
    }

    @Test("saving a parent writes submodels it never read at their current version, and reloading does not migrate them again")
    func unreadChildrenSaveMigrated() throws {
        var bytes = Data(Self.stored.utf8)
        for _ in 0..<2 {
            let parent = try DriftParent.read(from: bytes)
            bytes = try parent.data(format: .json)
            #expect(try sorted(bytes) == Self.migrated)
        }
        #expect(readEveryLeaf(try DriftParent.read(from: bytes)) == ["a!", "b!", "c!", "d!", "e!", "f!"])
    }

    @Test("saving a parent after reading every submodel writes them at their current version")
    func readChildrenSaveMigrated() throws {
        var bytes = Data(Self.stored.utf8)
        for _ in 0..<2 {
            let parent = try DriftParent.read(from: bytes, mutable: true)
            #expect(readEveryLeaf(parent) == ["a!", "b!", "c!", "d!", "e!", "f!"])
            bytes = try parent.data(format: .json)
            #expect(try sorted(bytes) == Self.migrated)
        }
    }

    @Test("write(to:) and property lists store submodels at their current version")
    func fileAndPropertyListSaveMigrated() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try DriftParent.read(from: Self.stored).write(to: url)
        try DriftParent.read(from: url).write(to: url)
        #expect(try sorted(Data(contentsOf: url)) == Self.migrated)

        var plist = try DriftParent.read(from: Self.stored).data(format: .binaryPlist)
        plist = try DriftParent.read(from: plist).data(format: .xmlPlist)
        let again = try DriftParent.read(from: plist)
        #expect(try sorted(again.jsonData(options: [.keepUnmodeledKeys])) == Self.migrated)
    }

    @Test("a keyed archive stores submodels at their current version")
    func archiveSavesMigrated() throws {
        var parent = try DriftParent.read(from: Self.stored)
        for _ in 0..<2 {
            parent = try #require(try archiveRoundTrip(parent))
            #expect(try sorted(WrapJSON.data(from: parent.originalModelData)) == Self.migrated)
        }
        #expect(readEveryLeaf(parent) == ["a!", "b!", "c!", "d!", "e!", "f!"])
    }

    @Test("lossless output and Codable write submodels at their current version")
    func losslessAndCodableWriteMigrated() throws {
        var bytes = Data(Self.stored.utf8)
        for _ in 0..<2 {
            bytes = try DriftParent(parsing: bytes).jsonData(options: [.keepUnmodeledKeys])
            #expect(try sorted(bytes) == Self.migrated)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var encoded = try encoder.encode(DriftParent(parsing: Self.stored))
        encoded = try encoder.encode(JSONDecoder().decode(DriftParent.self, from: encoded))
        #expect(String(decoding: encoded, as: UTF8.self) == Self.migrated)
    }

    @Test("only the submodel written to changes beyond its migration")
    func writtenAndUnwrittenChildren() throws {
        let parent = try DriftParent.read(from: Self.stored, mutable: true)
        parent.leaves = [try DriftLeaf(parsing: #"{"note":"new"}"#)]
        let saved = try sorted(parent.data(format: .json))
        #expect(saved == Self.migrated.replacingOccurrences(of: #""leaves":[{"note":"b!","version":1}]"#,
                                                            with: #""leaves":[{"note":"new!","version":1}]"#))
    }

    @Test("a versioned parent and its submodels each migrate once over two saves")
    func versionedParent() throws {
        var bytes = Data(#"{"count":1,"leaves":[{"note":"x"},{"note":"y","version":1}]}"#.utf8)
        for _ in 0..<2 {
            bytes = try DriftVersionedParent.read(from: bytes).data(format: .json)
            #expect(try sorted(bytes) == #"{"count":2,"leaves":[{"note":"x!","version":1},{"note":"y","version":1}],"schema":1}"#)
        }
    }

    @Test("lossless output of a tree without versioned types creates none of its unread submodels")
    func unversionedTreeStaysVerbatim() throws {
        // Output learns what a class declares from its first instance: make one first.
        _ = CountedLeaf(data: [:], mutable: false)
        let before = CountedLeaf.createdCount
        let parent = try CountedParent(parsing: #"{"leaf":{"note":"a"},"leaves":[{"note":"b"}],"x":1.0}"#)
        #expect(try parent.jsonString(options: [.keepUnmodeledKeys]) == #"{"leaf":{"note":"a"},"leaves":[{"note":"b"}],"x":1.0}"#)
        #expect(try parent.data(format: .json) == Data(#"{"leaf":{"note":"a"},"leaves":[{"note":"b"}],"x":1.0}"#.utf8))
        #expect(CountedLeaf.createdCount == before)
    }
}
