import Foundation
import Testing
import WrapModel

/// Version 0: {"name", "price_cents", "legacy"}; 1 renamed name → title; 2 added currency and
/// dropped legacy; 3 turned cents into a decimal price inside "pricing".
final class MigratedProduct: WrapModel, WrapModelVersioning, @unchecked Sendable {
    static let migrations: [WrapMigration] = [
        .renameKey(from: "name", to: "title"),
        .steps(.addValue("EUR", forKey: "currency"), .removeKey("legacy")),
        .steps(.transform(key: "price_cents") { ($0 as? Int).map { Double($0) / 100 } },
               .renameKey(from: "price_cents", to: "pricing.amount")),
    ]
    @MutStrProperty("title") var title
    @StrProperty("currency") var currency
    @DoubleProperty("pricing.amount") var amount
    @ModelArrayProperty("variants") var variants: [MigratedVariant]
}

/// A versioned submodel with its own key and steps.
final class MigratedVariant: WrapModel, WrapModelVersioning, @unchecked Sendable {
    static var versionKey: String { "v" }
    static let migrations: [WrapMigration] = [
        .custom { data in
            if let size = data["size"] as? String { data["size"] = size.uppercased() }
        },
    ]
    @StrProperty("size") var size
}

@Suite("Migration")
struct MigrationTests {
    @Test("data of every older version reaches the current version", arguments: [
        (#"{"name":"Mug","price_cents":1250,"legacy":true}"#, 0),
        (#"{"version":1,"title":"Mug","price_cents":1250,"legacy":true}"#, 1),
        (#"{"version":2,"title":"Mug","price_cents":1250,"currency":"EUR"}"#, 2),
        (#"{"version":3,"title":"Mug","pricing":{"amount":12.5},"currency":"EUR"}"#, 3),
    ])
    func everyVersion(json: String, version: Int) throws {
        let product = try MigratedProduct(parsing: json)
        #expect(MigratedProduct.currentVersion == 3)
        #expect(try WrapJSON.data(from: product.originalModelData, options: [.sortedKeys])
                == Data(#"{"currency":"EUR","pricing":{"amount":12.5},"title":"Mug","version":3}"#.utf8))
        #expect(product.title == "Mug")
        #expect(product.amount == 12.5)
        #expect(product.currency == "EUR")
    }

    @Test("addValue only fills absent keys")
    func addValueKeepsExisting() throws {
        let product = try MigratedProduct(parsing: #"{"version":1,"title":"T","currency":"USD"}"#)
        #expect(product.currency == "USD")
    }

    @Test("output after migrating writes the current version")
    func outputWritesVersion() throws {
        let product = try MigratedProduct(parsing: #"{"name":"Mug","price_cents":100}"#, mutable: true)
        product.title = "Cup"
        #expect(try product.jsonString(options: [.sortedKeys])
                == #"{"currency":"EUR","pricing":{"amount":1.0},"title":"Cup","variants":[],"version":3}"#)
        let stored = try MigratedProduct.read(from: product.data(format: .xmlPlist))
        #expect(stored.originalModelData["version"] as? Int == 3)
        #expect(stored.title == "Cup")
    }

    @Test("submodels of versioned types migrate their own level")
    func nested() throws {
        let product = try MigratedProduct(parsing: #"{"name":"Tee","variants":[{"size":"s"},{"v":1,"size":"m"}]}"#)
        #expect(product.variants.map(\.size) == ["S", "m"])
        #expect(product.variants.map { $0.originalModelData["v"] as? Int } == [1, 1])
    }

    @Test("data from a newer version throws instead of being misread")
    func newerVersion() throws {
        let json = #"{"version":7,"title":"Future"}"#
        #expect(throws: WrapModelError.unsupportedVersion(found: 7, current: 3)) { _ = try MigratedProduct(parsing: json) }
        #expect(throws: WrapModelError.unsupportedVersion(found: 7, current: 3)) { _ = try MigratedProduct.read(from: json) }
        #expect(throws: WrapModelError.unsupportedVersion(found: 7, current: 3)) {
            _ = try [MigratedProduct].read(from: "[\(json)]")
        }
    }

    @Test("a migrated model is read concurrently without races")
    func concurrentReads() throws {
        let product = try MigratedProduct(parsing: #"{"name":"Mug","price_cents":1250}"#)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 {
                results.record(product.title == "Mug" && product.amount == 12.5 && product.currency == "EUR")
            }
        }
        #expect(results.failures == 0)
        #expect(results.total == 4000)
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var total = 0
    private(set) var failures = 0

    func record(_ ok: Bool) {
        lock.lock()
        total += 1
        if !ok { failures += 1 }
        lock.unlock()
    }
}
