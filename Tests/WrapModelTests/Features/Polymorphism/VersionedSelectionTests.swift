import Foundation
import Testing
import WrapModel

/// A versioned family whose step 1 moved the discriminator from `kind` into `shape.type`.
class VersionedShape: WrapModel, WrapPolymorphic, WrapModelVersioning, @unchecked Sendable {
    static var subclassSelector: WrapSubclassSelector {
        .discriminator("shape.type", ["circle": VersionedCircle.self, "square": VersionedSquare.self])
    }
    class var migrations: [WrapMigration] { [.renameKey(from: "kind", to: "shape.type")] }
    @Property("id") var id: Int
}

/// Keeps the family's steps: version 1.
final class VersionedCircle: VersionedShape, @unchecked Sendable {
    @Property("radius") var radius: Double
}

/// The family's steps and one of its own (centimetres became millimetres), which is not
/// idempotent: version 2.
final class VersionedSquare: VersionedShape, @unchecked Sendable {
    override class var migrations: [WrapMigration] {
        super.migrations + [.transform(key: "side") { ($0 as? Int).map { $0 * 10 } }]
    }
    @Property("side") var side: Int
}

final class ShapeBoard: WrapModel, @unchecked Sendable {
    @Property("shapes") var shapes: [VersionedShape]
}

@Suite("Subclass selection after migration")
struct VersionedSelectionTests {
    private func sorted(_ data: Data) throws -> String {
        String(decoding: try WrapJSON.data(from: WrapJSON.parse(data), options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("a migration that moves the discriminator selects the subclass the moved value names")
    func movedDiscriminator() throws {
        let circle = try #require(VersionedShape.model(json: #"{"id":1,"kind":"circle","radius":2.5}"#) as? VersionedCircle)
        #expect(circle.radius == 2.5)
        #expect(circle.validate().isEmpty)
        #expect(try circle.jsonString(options: [.keepUnmodeledKeys, .sortedKeys])
                == #"{"id":1,"radius":2.5,"shape":{"type":"circle"},"version":1}"#)
    }

    @Test("the chosen subclass runs its own remaining steps once, from the family's version")
    func subclassSteps() throws {
        let old = try #require(try VersionedShape.model(parsing: #"{"id":2,"kind":"square","side":3}"#) as? VersionedSquare)
        #expect(old.side == 30)
        var bytes = try old.data(format: .json)
        #expect(try sorted(bytes) == #"{"id":2,"shape":{"type":"square"},"side":30,"version":2}"#)
        for _ in 0..<2 {
            let again = try #require(try VersionedShape.read(from: bytes) as? VersionedSquare)
            #expect(again.side == 30)
            bytes = try again.data(format: .json)
            #expect(try sorted(bytes) == #"{"id":2,"shape":{"type":"square"},"side":30,"version":2}"#)
        }
        let atFamilyVersion = try #require(
            VersionedShape.model(json: #"{"version":1,"id":3,"shape":{"type":"square"},"side":4}"#) as? VersionedSquare)
        #expect(atFamilyVersion.side == 40)
        #expect(atFamilyVersion.originalModelData["version"] as? Int == 2)
    }

    @Test("collections, stores and placeholders select after migrating")
    func everyCreationSite() throws {
        let board = try ShapeBoard(parsing: #"{"shapes":[{"id":1,"kind":"circle","radius":1.5},{"id":2,"kind":"square","side":1},{"id":3,"kind":"hexagon"}]}"#)
        #expect(board.shapes.map { String(describing: type(of: $0)) } == ["VersionedCircle", "VersionedSquare", "VersionedShape"])
        #expect((board.shapes[1] as? VersionedSquare)?.side == 10)
        #expect(board.validate().map(\.description) == [#"shapes[2].shape.type: no subclass for "hexagon""#])
        #expect(try sorted(board.data(format: .json)) == #"{"shapes":[{"id":1,"radius":1.5,"shape":{"type":"circle"},"version":1},"#
                + #"{"id":2,"shape":{"type":"square"},"side":10,"version":2},{"id":3,"shape":{"type":"hexagon"},"version":1}]}"#)

        let store = WrapModelStore<VersionedShape>(identityKeyPath: "id")
        try store.import(#"[{"id":5,"kind":"circle"}]"#)
        #expect(store.model(forIdentity: 5) is VersionedCircle)
        #expect(store.modelOrPlaceholder(forIdentity: 6) is VersionedCircle == false)
        try store.import(#"{"id":6,"kind":"square","side":2}"#)
        let square = try #require(store.model(forIdentity: 6) as? VersionedSquare)
        #expect(square.side == 20)
    }
}
