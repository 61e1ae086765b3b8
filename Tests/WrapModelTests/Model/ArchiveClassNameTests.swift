import Foundation
import Testing
import WrapModel

/// A model whose keyed archives an older app wrote under another class name: 1.3.7 code declared
/// `@objc(LegacyArchivedCustomer) class ArchivedCustomer`, and its archives name the class that
/// way. Declared at the top level, as keyed archiving on Linux requires.
final class ArchivedCustomer: WrapModel, @unchecked Sendable {
    @Property("name") var name: String
    @MutProperty("visits") var visits: Int
}

/// Reading archives that name a model class by an older name, through the unarchiver's class-name
/// mapping. The archives are written as a 1.3.7 build wrote them: `NSKeyedArchiver.setClassName`
/// would do that on Apple platforms, but on Linux (swift-corelibs-foundation) it does not change
/// the name written, so the tests rename the class in an XML archive instead.
@Suite("Keyed archives that name a model class by an older name", .serialized)
struct ArchiveClassNameTests {
    static let legacyName = "LegacyArchivedCustomer"

    /// An archive of `model` whose class entry says `legacyName`, as `@objc(LegacyArchivedCustomer)`
    /// made archivers write it.
    static func legacyArchive(of model: ArchivedCustomer) throws -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.outputFormat = .xml
        archiver.encode(model, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let swiftName = NSStringFromClass(ArchivedCustomer.self)
        let xml = String(decoding: archiver.encodedData, as: UTF8.self)
        #expect(xml.contains("<string>\(swiftName)</string>"))
        return Data(xml.replacingOccurrences(of: "<string>\(swiftName)</string>", with: "<string>\(legacyName)</string>").utf8)
    }

    @Test("setClass(_:forClassName:) on an unarchiver reads an archive naming the old class as the model class")
    func unarchiverMapping() throws {
        let customer = try ArchivedCustomer(parsing: #"{"name": "Ada", "visits": 3, "theme": "dark"}"#, mutable: true)
        customer.visits = 4
        let archive = try Self.legacyArchive(of: customer)

        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archive)
        unarchiver.setClass(ArchivedCustomer.self, forClassName: Self.legacyName)
        let restored = try #require(unarchiver.decodeObject(of: ArchivedCustomer.self, forKey: NSKeyedArchiveRootObjectKey))
        unarchiver.finishDecoding()
        #expect(restored.name == "Ada")
        #expect(restored.visits == 4)
        #expect(restored.isMutable)
        #expect(restored.originalModelData["theme"] as? String == "dark")
        #expect(restored == customer)
    }

    @Test("Without a mapping the old name names no class: unarchivedObject(ofClass:from:) throws")
    func noMapping() throws {
        let archive = try Self.legacyArchive(of: try ArchivedCustomer(parsing: #"{"name": "Ada"}"#))
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: ArchivedCustomer.self, from: archive)
        }
    }

    @Test("NSKeyedUnarchiver.setClass(_:forClassName:) maps the old name for every unarchiver")
    func classWideMapping() throws {
        let archive = try Self.legacyArchive(of: try ArchivedCustomer(parsing: #"{"name": "Bea", "visits": 1}"#))
        NSKeyedUnarchiver.setClass(ArchivedCustomer.self, forClassName: Self.legacyName)
        defer { NSKeyedUnarchiver.setClass(nil, forClassName: Self.legacyName) }
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: ArchivedCustomer.self, from: archive))
        #expect(restored.name == "Bea")
        #expect(restored.visits == 1)
        #expect(!restored.isMutable)
    }
}
