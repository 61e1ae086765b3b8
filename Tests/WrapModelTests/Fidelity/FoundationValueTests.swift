import Foundation
import Testing
import WrapModel

final class FoundationAddress: WrapModel, @unchecked Sendable {
    @MutProperty("street") var street: String
    @MutProperty("city") var city: String
    @Property("zip") var zip: Int
}

final class FoundationItem: WrapModel, @unchecked Sendable {
    @MutProperty("id") var id: Int
    @MutProperty("name") var name: String
    @MutProperty("price") var price: Double

    var summary: String { "\(id):\(name):\(price)" }
}

enum FoundationTier: Int, WrapConvertibleEnum {
    case unknown, basic, gold
    static func conversionDict() -> [String: FoundationTier] { ["basic": .basic, "gold": .gold] }
}

/// Every built-in property type, read from values of every kind a dictionary may hold.
final class FoundationCatalog: WrapModel, @unchecked Sendable {
    enum Plan: String { case free, pro }
    enum Level: Int { case low = 1, high = 2 }

    @MutProperty("int") var int: Int
    @Property("int_text") var intText: Int
    @Property("int_rounded_text") var intRoundedText: Int
    @Property("int_from_double") var intFromDouble: Int
    @Property("double") var double: Double
    @Property("double_text") var doubleText: Double
    @Property("double_decimal") var doubleDecimal: Double
    @Property("float") var float: Float
    @Property("bool") var bool: Bool
    @Property("bool_text") var boolText: Bool
    @Property("bool_number") var boolNumber: Bool
    @MutProperty("string") var string: String
    @MutProperty("decimal") var decimal: Decimal
    @Property("decimal_text") var decimalText: Decimal
    @Property("decimal_number") var decimalNumber: Decimal
    @Property("int64") var int64: Int64
    @Property("uint64") var uint64: UInt64
    @Property("uint64_text") var uint64Text: UInt64
    @Property("url") var url: URL?
    @Property("uuid") var uuid: UUID?
    @MutProperty("iso", date: .iso8601) var iso: Date?
    @Property("dibs", date: .dibs) var dibs: Date?
    @Property("ymd", date: .yyyymmdd) var ymd: Date?
    @Property("mdy", date: .mdySlashes) var mdy: Date?
    @Property("iso_fraction", iso8601Options: [.withInternetDateTime, .withFractionalSeconds]) var isoFraction: Date?
    @Property("formatted", dateFormat: "dd.MM.yyyy") var formatted: Date?
    @MutProperty("plan", defaultValue: .free) var plan: Plan
    @Property("level", defaultValue: .low) var level: Level
    @Property("tier", defaultValue: .unknown) var tier: FoundationTier
    @Property("address") var address: FoundationAddress?
    @Property("items") var items: [FoundationItem]
    @Property("by_name") var byName: [String: FoundationItem]
    @Property("groups") var groups: [String: [FoundationItem]]
    @Property("ints") var ints: [Int]
    @Property("doubles") var doubles: [Double]
    @Property("floats") var floats: [Float]
    @Property("strings") var strings: [String]
    @Property("scores") var scores: [String: Int]
    @Property("extra") var extra: [String: Any]
    @MutProperty("opt_int") var optInt: Int?
    @Property("missing") var missing: Int?
    @Property("null") var null: String?
    @Property("nested.deep.value") var deep: Int
    let intStr = WPIntStr("int_str")
    let numInt = WPNumInt("num_int")
    let numFloat = WPNumFloat("num_float")
    let wpBool = WPBool("wp_bool", boolType: .ynString)
    let generic = WP<[Double]>("generic", defaultValue: [])
    let genericDict = WP<[String: Int]>("generic_dict", defaultValue: [:])
    @Property("wrong_int") var wrongInt: Int
    @Property("wrong_string") var wrongString: String
    @Property("bad_date", date: .iso8601) var badDate: Date?
    @Property("unknown_plan", defaultValue: .free) var unknownPlan: Plan
    @Property("unknown_tier", defaultValue: .unknown) var unknownTier: FoundationTier
    @Property("absent") var absent: Int
}

/// Foundation's dates and data, which no JSON holds.
final class FoundationStamp: WrapModel, @unchecked Sendable {
    @Property("name") var name: String
    @Property("when") var when: String
    @Property("blob") var blob: String
    @Property("meta") var meta: [String: Any]
}

/// Versioned data whose version number may be held as any kind of number or string.
final class FoundationVersioned: WrapModel, WrapModelVersioning, @unchecked Sendable {
    static let migrations: [WrapMigration] = [
        .renameKey(from: "name", to: "title"),
        .steps(.addValue("EUR", forKey: "meta.currency"), .removeKey("legacy")),
    ]
    @Property("title") var title: String
    @Property("meta.currency") var currency: String
    @Property("count") var count: Int
}

enum FoundationStores {
    static let people = WrapModelStore<FoundationItem>(identityKeyPath: "id")
}

/// References by id into a store, given as any kind of identity.
final class FoundationPost: WrapModel, @unchecked Sendable {
    @Property("author", store: FoundationStores.people) var author: FoundationItem?
    @ReferenceArrayProperty("likers", store: FoundationStores.people) var likers: [FoundationItem]
}

/// A subclass chosen by a discriminator held as a string or a number.
class FoundationMedia: WrapModel, WrapPolymorphic, @unchecked Sendable {
    static var subclassSelector: WrapSubclassSelector {
        .discriminator("type", ["photo": FoundationPhoto.self, "7": FoundationVideo.self])
    }
    @Property("id") var id: Int
}

final class FoundationPhoto: FoundationMedia, @unchecked Sendable {
    @Property("width") var width: Int
}

final class FoundationVideo: FoundationMedia, @unchecked Sendable {
    @Property("seconds") var seconds: Double
}

final class FoundationFeed: WrapModel, @unchecked Sendable {
    @Property("featured") var featured: FoundationMedia?
    @Property("media") var media: [FoundationMedia]
}

/// A model built from Foundation objects reads, validates, outputs, imports, merges, persists,
/// migrates and compares exactly as one built from the same Swift values, and as one parsed
/// from the JSON bytes of those values. The Foundation input is built here as Apple platforms
/// hand it over (`JSONSerialization`, property lists, `UserDefaults`).
@Suite("Foundation objects read as the Swift values they stand for")
struct FoundationValueTests {
    // MARK: - Input

    /// The data, as Swift values.
    static var catalog: [String: Any] { [
        "int": 42,
        "int_text": "42",
        "int_rounded_text": "12.6",
        "int_from_double": 3.6,
        "double": 2.5,
        "double_text": "2.5",
        "double_decimal": Decimal(string: "-65.61361699999998")!,
        "float": 0.1,
        "bool": true,
        "bool_text": "yes",
        "bool_number": 0,
        "string": "Ada",
        "decimal": Decimal(string: "1.10")!,
        "decimal_text": "0.1",
        "decimal_number": 0.1,
        "int64": 9_223_372_036_854_775_807,
        "uint64": UInt64.max,
        "uint64_text": "18446744073709551615",
        "url": "https://example.com/a?b=1",
        "uuid": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
        "iso": "2016-11-01T21:14:33Z",
        "dibs": "2017-02-05T17:03:13.000-03:00",
        "ymd": 20_180_215,
        "mdy": "05/06/2018",
        "iso_fraction": "2016-11-01T21:14:33.250Z",
        "formatted": "01.02.2019",
        "plan": "pro",
        "level": "2",
        "tier": "Gold",
        "address": ["street": "St James's Sq", "city": "London", "zip": "12345"] as [String: Any],
        "items": [["id": 1, "name": "a", "price": "9.5"] as [String: Any],
                  ["id": "2", "name": "b", "price": 3] as [String: Any], "junk"] as [Any],
        "by_name": ["x": ["id": 3, "name": "x"] as [String: Any], "skip": NSNull()] as [String: Any],
        "groups": ["g": [["id": 4, "name": "g"] as [String: Any]] as [Any]] as [String: Any],
        "ints": [1, "2", 3.6, "x"] as [Any],
        "doubles": [1, "2.5", Decimal(string: "-65.61361699999998")!] as [Any],
        "floats": [0.5, "0.25"] as [Any],
        "strings": ["a", "b", 1] as [Any],
        "scores": ["a": 1, "b": "2"] as [String: Any],
        "extra": ["k": [1, "two", ["three": 3.5] as [String: Any]] as [Any]] as [String: Any],
        "opt_int": "7",
        "null": NSNull(),
        "nested": ["deep": ["value": "11"] as [String: Any]] as [String: Any],
        "int_str": "2139",
        "num_int": "3.6",
        "num_float": "0.125",
        "wp_bool": "Y",
        "generic": [Decimal(string: "-65.61361699999998")!, 1] as [Any],
        "generic_dict": ["a": 1, "b": 2.0] as [String: Any],
        "wrong_int": "abc",
        "wrong_string": 5,
        "bad_date": "not a date",
        "unknown_plan": "enterprise",
        "unknown_tier": "platinum",
    ] }

    /// What every property of ``catalog`` reads, one line per property.
    static let catalogReads = [
        "int 42", "intText 42", "intRoundedText 13", "intFromDouble 4",
        "double 2.5", "doubleText 2.5", "doubleDecimal -65.61361699999998", "float 0.1",
        "bool true", "boolText true", "boolNumber false", "string Ada",
        "decimal 1.1", "decimalText 0.1", "decimalNumber 0.1",
        "int64 9223372036854775807", "uint64 18446744073709551615", "uint64Text 18446744073709551615",
        "url https://example.com/a?b=1", "uuid E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "iso 1478034873.0", "dibs 1486324993.0", "ymd 1518652800.0", "mdy 1525564800.0",
        "isoFraction 1478034873.25", "formatted 1548979200.0",
        "plan pro", "level high", "tier gold",
        "address St James's Sq|London|12345",
        "items 1:a:9.5,2:b:3.0", "byName x=3:x:0.0", "groups g=4:g:0.0",
        "ints [1, 2, 4]", "doubles [1.0, 2.5, -65.61361699999998]", "floats [0.5, 0.25]", "strings [\"a\", \"b\"]",
        "scores a=1,b=2", #"extra {"k":[1,"two",{"three":3.5}]}"#,
        "optInt 7", "missing nil", "null nil", "deep 11",
        "intStr 2139", "numInt 4", "numFloat 0.125", "wpBool true",
        "generic [-65.61361699999998, 1.0]", "genericDict a=1,b=2",
        "wrongInt 0", "wrongString ", "badDate nil", "unknownPlan free", "unknownTier unknown", "absent 0",
    ]

    /// What `validate()` reports for ``catalog``, sorted.
    static let catalogIssues = [
        "absent: missing value",
        "bad_date: unparseable date \"not a date\"",
        "by_name.x.price: missing value",
        "groups.g[0].price: missing value",
        "ints: 1 element did not convert and was dropped",
        "items: 1 element did not convert and was dropped",
        "strings: 1 element did not convert and was dropped",
        "unknown_plan: unknown enum value \"enterprise\"",
        "unknown_tier: unknown enum value \"platinum\"",
        "wrong_int: expected integer, found string",
        "wrong_string: expected string, found integer",
    ]

    static func reads(_ model: FoundationCatalog) -> [String] {
        func date(_ date: Date?) -> String { date.map { "\($0.timeIntervalSince1970)" } ?? "nil" }
        func members<V>(_ dictionary: [String: V], _ render: (V) -> String) -> String {
            dictionary.keys.sorted().map { "\($0)=\(render(dictionary[$0]!))" }.joined(separator: ",")
        }
        let extra = (try? WrapJSON.data(from: model.extra, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) }
        return [
            "int \(model.int)", "intText \(model.intText)", "intRoundedText \(model.intRoundedText)",
            "intFromDouble \(model.intFromDouble)",
            "double \(model.double)", "doubleText \(model.doubleText)", "doubleDecimal \(model.doubleDecimal)",
            "float \(model.float)",
            "bool \(model.bool)", "boolText \(model.boolText)", "boolNumber \(model.boolNumber)", "string \(model.string)",
            "decimal \(model.decimal)", "decimalText \(model.decimalText)", "decimalNumber \(model.decimalNumber)",
            "int64 \(model.int64)", "uint64 \(model.uint64)", "uint64Text \(model.uint64Text)",
            "url \(model.url?.absoluteString ?? "nil")", "uuid \(model.uuid?.uuidString ?? "nil")",
            "iso \(date(model.iso))", "dibs \(date(model.dibs))", "ymd \(date(model.ymd))", "mdy \(date(model.mdy))",
            "isoFraction \(date(model.isoFraction))", "formatted \(date(model.formatted))",
            "plan \(model.plan)", "level \(model.level)", "tier \(model.tier)",
            "address \(model.address.map { "\($0.street)|\($0.city)|\($0.zip)" } ?? "nil")",
            "items \(model.items.map(\.summary).joined(separator: ","))",
            "byName \(members(model.byName, \.summary))",
            "groups \(members(model.groups) { $0.map(\.summary).joined(separator: ";") })",
            "ints \(model.ints)", "doubles \(model.doubles)", "floats \(model.floats)", "strings \(model.strings)",
            "scores \(members(model.scores) { "\($0)" })", "extra \(extra ?? "unwritable")",
            "optInt \(model.optInt.map(String.init) ?? "nil")", "missing \(model.missing.map(String.init) ?? "nil")",
            "null \(model.null ?? "nil")", "deep \(model.deep)",
            "intStr \(model.intStr.value)", "numInt \(model.numInt.value.map { "\($0)" } ?? "nil")",
            "numFloat \(model.numFloat.value.map { "\($0)" } ?? "nil")", "wpBool \(model.wpBool.value)",
            "generic \(model.generic.value)", "genericDict \(members(model.genericDict.value) { "\($0)" })",
            "wrongInt \(model.wrongInt)", "wrongString \(model.wrongString)", "badDate \(date(model.badDate))",
            "unknownPlan \(model.unknownPlan)", "unknownTier \(model.unknownTier)", "absent \(model.absent)",
        ]
    }

    /// The catalog as Swift values, as the Foundation twin in `shape`, and parsed from its JSON.
    static func catalogs(_ shape: FoundationShape, mutable: Bool = false) throws -> (swift: FoundationCatalog, foundation: FoundationCatalog, bytes: FoundationCatalog) {
        let twin = foundationTwin(catalog, shape)
        let bytes = try WrapJSON.data(from: catalog, options: [.sortedKeys])
        return (FoundationCatalog(data: catalog, mutable: mutable), FoundationCatalog(data: twin, mutable: mutable),
                try FoundationCatalog(parsing: bytes, mutable: mutable))
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    // MARK: - The twin holds what it says

    @Test("The twin holds Foundation objects, in Swift or Foundation containers as its shape says", arguments: FoundationShape.allCases)
    func twinHoldsFoundationObjects(shape: FoundationShape) {
        let twin = foundationTwin(Self.catalog, shape)
        let classes = foundationClasses(in: twin)
        let leaves: Set = ["NSString", "NSNumber", "NSDecimalNumber", "NSNull"]
        switch shape {
        case .leaves:
            #expect(classes == leaves)
        case .containers, .mixed:
            // Every value of the top level that is an array or object is an NSArray or NSDictionary.
            #expect(classes == leaves.union(["NSArray", "NSDictionary"]))
        }
        #expect(type(of: twin["int_text"]!) is NSString.Type)
        #expect(type(of: twin["double_decimal"]!) is NSDecimalNumber.Type)
    }

    // MARK: - Reading and validation

    @Test("Every property reads as from Swift values and from bytes", arguments: FoundationShape.allCases)
    func everyPropertyReads(shape: FoundationShape) throws {
        let (swift, foundation, bytes) = try Self.catalogs(shape)
        #expect(Self.reads(swift) == Self.catalogReads)
        #expect(Self.reads(foundation) == Self.catalogReads)
        #expect(Self.reads(bytes) == Self.catalogReads)
    }

    @Test("validate() reports the same issues, with the same type names", arguments: FoundationShape.allCases)
    func validationMatches(shape: FoundationShape) throws {
        let (swift, foundation, bytes) = try Self.catalogs(shape)
        #expect(swift.validate().map(\.description).sorted() == Self.catalogIssues)
        #expect(foundation.validate().map(\.description).sorted() == Self.catalogIssues)
        #expect(bytes.validate().map(\.description).sorted() == Self.catalogIssues)
    }

    @Test("Values of the wrong type are named as JSON names them, NSString, NSDate and NSData included")
    func wrongTypesAreNamed() {
        let swift: [String: Any] = ["name": 5, "when": Date(timeIntervalSince1970: 0), "blob": Data([1, 2]), "meta": "x"]
        let expected = [
            "blob: expected string, found data", "meta: expected object, found string",
            "name: expected string, found integer", "when: expected string, found date",
        ]
        for data in [swift, foundationTwin(swift, .leaves)] {
            #expect(FoundationStamp(data: data, mutable: false).validate().map(\.description).sorted() == expected)
        }
        let numericString = FoundationCatalog(data: ["int_str": NSString(string: "x"), "int": NSString(string: " 4.2e1")], mutable: false)
        #expect(numericString.int == 42)
        #expect(numericString.validate().filter { $0.keyPath == "int" || $0.keyPath == "int_str" }.map(\.description)
                == ["int_str: expected integer or numeric string, found string"])
    }

    // MARK: - Output

    @Test("Lossless output and the 1.3.7 output are the same bytes and values", arguments: FoundationShape.allCases)
    func outputMatches(shape: FoundationShape) throws {
        let (swift, foundation, bytes) = try Self.catalogs(shape)
        let expected = try WrapJSON.data(from: Self.catalog, options: [.sortedKeys])
        #expect(try swift.jsonData(options: [.sortedKeys]) == expected)
        #expect(try foundation.jsonData(options: [.sortedKeys]) == expected)
        #expect(try bytes.jsonData(options: [.sortedKeys]) == expected)
        let declared = canonical(swift.currentModelData(withNulls: true))
        #expect(declared.contains("int_str=s:2139"))
        #expect(declared.contains("num_int=i:4"))
        #expect(declared.contains("wp_bool=s:Y"))
        #expect(declared.contains("decimal_number=other(Decimal:0.1)"))
        #expect(canonical(foundation.currentModelData(withNulls: true)) == declared)
        #expect(canonical(bytes.currentModelData(withNulls: true)) == declared)
        #expect(try foundation.jsonData(options: [.declaredOnly, .sortedKeys]) == swift.jsonData(options: [.declaredOnly, .sortedKeys]))
    }

    @Test("After writes, output and the merge patch are the same", arguments: FoundationShape.allCases)
    func writesMatch(shape: FoundationShape) throws {
        let (swift, foundation, bytes) = try Self.catalogs(shape, mutable: true)
        for model in [swift, foundation, bytes] {
            model.int = 7
            model.string = "Grace"
            model.decimal = Decimal(string: "2.50")!
            model.iso = Date(timeIntervalSince1970: 0)
            model.plan = .free
            model.optInt = nil
            model.address?.city = "Paris"
            model.items[0].name = "A"
            model.numInt.value = NSNumber(value: 9)
        }
        let patch = #"{"address":{"city":"Paris"},"decimal":2.5,"int":7,"iso":"1970-01-01T00:00:00Z","items":[{"id":1,"name":"A","price":"9.5"},{"id":"2","name":"b","price":3},"junk"],"num_int":9,"opt_int":null,"plan":"free","string":"Grace"}"#
        #expect(Self.text(try swift.mergePatchData(options: [.sortedKeys])) == patch)
        #expect(Self.text(try foundation.mergePatchData(options: [.sortedKeys])) == patch)
        #expect(Self.text(try bytes.mergePatchData(options: [.sortedKeys])) == patch)
        let lossless = try swift.jsonData(options: [.sortedKeys])
        #expect(Self.text(lossless).contains(#""address":{"city":"Paris","street":"St James's Sq","zip":"12345"}"#))
        #expect(try foundation.jsonData(options: [.sortedKeys]) == lossless)
        #expect(try bytes.jsonData(options: [.sortedKeys]) == lossless)
        #expect(canonical(foundation.currentModelData(withNulls: true)) == canonical(swift.currentModelData(withNulls: true)))
        #expect(canonical(bytes.currentModelData(withNulls: true)) == canonical(swift.currentModelData(withNulls: true)))
        #expect(swift.hasChanges && foundation.hasChanges && bytes.hasChanges)
    }

    @Test("A value written back unchanged is no change, whatever class the data held it in", arguments: FoundationShape.allCases)
    func unchangedWritesAreNoChange(shape: FoundationShape) throws {
        let (swift, foundation, bytes) = try Self.catalogs(shape, mutable: true)
        for model in [swift, foundation, bytes] {
            model.int = 42
            model.string = "Ada"
            model.decimal = Decimal(string: "1.1")!
            model.address?.city = "London"
            #expect(!model.hasChanges)
            #expect(try model.mergePatchData() == Data("{}".utf8))
        }
    }

    // MARK: - Equality

    @Test("Models over either form are equal and hash alike", arguments: FoundationShape.allCases)
    func equalityAndHash(shape: FoundationShape) throws {
        let (swift, foundation, bytes) = try Self.catalogs(shape)
        #expect(swift == foundation)
        #expect(foundation == bytes)
        #expect(swift.hash == foundation.hash)
        #expect(foundation.hash == bytes.hash)
    }

    @Test("Dates and data compare and hash alike as Date or NSDate, Data or NSData", arguments: FoundationShape.allCases)
    func datesAndDataHashAlike(shape: FoundationShape) {
        let swift: [String: Any] = [
            "name": "stamp", "when": "x",
            "meta": ["at": Date(timeIntervalSince1970: 1_478_034_873.25), "bytes": Data([0, 255]),
                     "big": Decimal(string: "12345678901234567890.5")!, "list": [Date(timeIntervalSince1970: 0)] as [Any]] as [String: Any],
        ]
        let twin = foundationTwin(swift, shape)
        #expect(foundationClasses(in: twin) == (shape == .leaves ? ["NSString", "NSDate", "NSData", "NSDecimalNumber"] : ["NSString", "NSDictionary"]))
        let a = FoundationStamp(data: swift, mutable: false)
        let b = FoundationStamp(data: twin, mutable: false)
        #expect(a == b)
        #expect(a.hash == b.hash)
        let other = FoundationStamp(data: ["name": "stamp", "when": "x", "meta": ["at": NSDate(timeIntervalSince1970: 1)]], mutable: false)
        #expect(a != other)
    }

    @Test("A keyed archive keeps dates, data and decimals, from Swift values or Foundation objects", arguments: FoundationShape.allCases)
    func archivesKeepNonJSONValues(shape: FoundationShape) throws {
        // A date has no JSON form, so the archive holds the data as a property list.
        let swift: [String: Any] = [
            "name": "stamp",
            "meta": ["at": Date(timeIntervalSince1970: 0.5), "bytes": Data([1, 2]), "price": Decimal(string: "0.3")!,
                     "whole": Decimal(12)] as [String: Any],
        ]
        for data in [swift, foundationTwin(swift, shape)] {
            let model = FoundationStamp(data: data, mutable: false)
            let back = try #require(try archiveRoundTrip(model))
            #expect(back == model)
            #expect(canonical(back.meta) == "{at=date:0.5,bytes=other(Data:2 bytes),price=d:0.3,whole=i:12}")
        }
    }

    // MARK: - Import and merge

    static var imported: [Any] { [
        ["id": 1, "name": "a", "price": 9.5] as [String: Any],
        ["id": "2", "name": "b", "price": "1.25"] as [String: Any],
    ] }
    static var update: [Any] { [
        ["id": "1", "name": "a2"] as [String: Any],
        ["id": 2, "price": Decimal(string: "3.25")!, "name": NSNull()] as [String: Any],
        ["id": "", "name": "no identity"] as [String: Any],
    ] }

    static func storeState(_ store: WrapModelStore<FoundationItem>) -> [String] {
        store.all.map { model in
            let identity = store.identity(of: model).map { "\($0)" } ?? "none"
            let output = (try? model.jsonData(options: [.sortedKeys])).map(text) ?? "unwritable"
            return "\(identity) \(model.summary) \(output)"
        }
    }

    @Test("Import into an identity store, and a merge, with identities held as NSNumber and NSString", arguments: FoundationShape.allCases)
    func importAndMerge(shape: FoundationShape) throws {
        typealias Importing = (WrapModelStore<FoundationItem>) throws -> WrapModelStore<FoundationItem>.ImportResult
        func run(_ first: Importing, _ second: Importing) throws -> (state: [String], issues: [String], counts: [Int]) {
            let store = WrapModelStore<FoundationItem>(identityKeyPath: "id")
            let one = try first(store)
            let two = try second(store)
            #expect(store.model(forIdentity: 1) === one.models[0])
            return (Self.storeState(store), two.issues.map(\.description),
                    [one.insertedCount, one.updatedCount, two.insertedCount, two.updatedCount])
        }
        // The merged objects: new values win (the first one's identity is now the string "1"),
        // a null removes its member.
        let expected = [
            #"1 1:a2:9.5 {"id":"1","name":"a2","price":9.5}"#,
            #"2 2::3.25 {"id":2,"price":3.25}"#,
        ]
        let swift = try run({ try $0.import(jsonObject: Self.imported) }, { try $0.import(jsonObject: Self.update) })
        #expect(swift.state == expected)
        #expect(swift.issues == ["[2].id: expected integer or string identity, found empty string"])
        #expect(swift.counts == [2, 0, 0, 2])
        let foundation = try run({ try $0.import(jsonObject: foundationTwin(of: Self.imported, shape)) },
                                 { try $0.import(jsonObject: foundationTwin(of: Self.update, shape)) })
        #expect(foundation.state == expected)
        #expect(foundation.issues == swift.issues)
        #expect(foundation.counts == swift.counts)
        // From bytes, the same objects (the update's decimal as its JSON number).
        let bytes = try run({ try $0.import(try WrapJSON.data(from: Self.imported)) },
                            { try $0.import(try WrapJSON.data(from: Self.update)) })
        #expect(bytes.state == expected)
        #expect(bytes.counts == swift.counts)
    }

    @Test("References by an id held as NSString or NSNumber, or an embedded object, resolve to the same stored models",
          arguments: FoundationShape.allCases)
    func references(shape: FoundationShape) throws {
        let swift: [String: Any] = ["author": "501", "likers": [501, "502", ["id": 503, "name": "c"] as [String: Any]] as [Any]]
        let fromSwift = FoundationPost(data: swift, mutable: false)
        let fromFoundation = FoundationPost(data: foundationTwin(swift, shape), mutable: false)
        let author = try #require(fromSwift.author)
        #expect(fromFoundation.author === author)
        #expect(FoundationStores.people.identity(of: author) == 501)
        #expect(fromSwift.likers.map(\.id) == [501, 502, 503])
        #expect(zip(fromSwift.likers, fromFoundation.likers).allSatisfy { $0 === $1 })
        #expect(fromFoundation.likers.count == 3)
        #expect(FoundationStores.people.model(forIdentity: 503)?.name == "c")
        let written = #"{"author":"501","likers":[501,"502",{"id":503,"name":"c"}]}"#
        #expect(Self.text(try fromSwift.jsonData(options: [.sortedKeys])) == written)
        #expect(Self.text(try fromFoundation.jsonData(options: [.sortedKeys])) == written)
        #expect(fromFoundation.validate().map(\.description) == fromSwift.validate().map(\.description))
    }

    // MARK: - Persistence

    @Test("Stored and read back in every format, a model reads and outputs as before",
          arguments: FoundationShape.allCases, [WrapDataFormat.json, .xmlPlist, .binaryPlist])
    func persistenceRoundTrip(shape: FoundationShape, format: WrapDataFormat) throws {
        let (swift, foundation, _) = try Self.catalogs(shape)
        let stored = try foundation.data(format: format)
        let back = try FoundationCatalog.read(from: stored, format: format)
        #expect(Self.reads(back) == Self.catalogReads)
        #expect(back == swift)
        #expect(back.hash == swift.hash)
        let swiftBack = try FoundationCatalog.read(from: try swift.data(format: format), format: format)
        #expect(try back.jsonData(options: [.sortedKeys]) == swiftBack.jsonData(options: [.sortedKeys]))
        if format != .binaryPlist {
            #expect(try foundation.data(format: format, prettyPrinted: true) == swift.data(format: format, prettyPrinted: true))
        }
    }

    @Test("Property lists holding Foundation strings, dates and data read back as Swift values")
    func propertyListLeavesReadBack() throws {
        let swift: [String: Any] = ["name": "stamp", "meta": ["at": Date(timeIntervalSince1970: 0), "bytes": Data([7])] as [String: Any]]
        let model = FoundationStamp(data: foundationTwin(swift, .containers), mutable: false)
        let xml = try model.data(format: .xmlPlist)
        #expect(Self.text(xml).contains("<date>1970-01-01T00:00:00Z</date>"))
        #expect(Self.text(xml).contains("<data>Bw==</data>"))
        for format in [WrapDataFormat.xmlPlist, .binaryPlist] {
            let back = try FoundationStamp.read(from: try model.data(format: format), format: format)
            #expect(back.name == "stamp")
            #expect(back == FoundationStamp(data: swift, mutable: false))
            let meta = back.meta
            #expect(type(of: meta["at"]!) == Date.self)
            #expect(type(of: meta["bytes"]!) == Data.self)
        }
    }

    // MARK: - Migration

    @Test("Versioned data migrates whatever holds its version number", arguments: [
        ("1", 1), ("0", 0), ("1.0", 1),
    ])
    func migrationReadsVersions(version: String, steps: Int) throws {
        var swift: [String: Any] = ["version": version, "legacy": true, "count": "3"]
        swift[steps == 0 ? "name" : "title"] = "Mug"
        let variants: [Any] = [swift, foundationTwin(swift, .leaves),
                               swift.merging(["version": NSNumber(value: Double(version)!)]) { $1 },
                               swift.merging(["version": NSDecimalNumber(string: version)]) { $1 }]
        for data in variants {
            let model = FoundationVersioned(data: data as! [String: Any], mutable: false)
            #expect(model.validate().map(\.description) == [])
            #expect(model.title == "Mug")
            #expect(model.currency == "EUR")
            #expect(model.count == 3)
            #expect(canonical(model.originalModelData) == #"{count=s:3,meta={currency=s:EUR},title=s:Mug,version=i:2}"#)
            #expect(Self.text(try model.jsonData(options: [.sortedKeys])) == #"{"count":"3","meta":{"currency":"EUR"},"title":"Mug","version":2}"#)
        }
    }

    // MARK: - Polymorphism

    @Test("A discriminator held as NSString or NSNumber chooses the subclass", arguments: FoundationShape.allCases)
    func discriminators(shape: FoundationShape) throws {
        let swift: [String: Any] = [
            "featured": ["type": "photo", "id": 1, "width": "640"] as [String: Any],
            "media": [["type": 7, "id": 2, "seconds": "1.5"] as [String: Any],
                      ["type": "photo", "id": "3"] as [String: Any],
                      ["type": "unknown", "id": 4] as [String: Any]] as [Any],
        ]
        for data in [swift, foundationTwin(swift, shape)] {
            let feed = FoundationFeed(data: data, mutable: false)
            let featured = try #require(feed.featured as? FoundationPhoto)
            #expect(featured.width == 640)
            #expect(feed.media.map { String(describing: type(of: $0)) } == ["FoundationVideo", "FoundationPhoto", "FoundationMedia"])
            #expect((feed.media[0] as? FoundationVideo)?.seconds == 1.5)
            #expect(feed.media.map(\.id) == [2, 3, 4])
            #expect(feed.validate().map(\.description).sorted()
                    == ["media[1].width: missing value", #"media[2].type: no subclass for "unknown""#])
        }
    }

    // MARK: - Codable

    @Test("Codable encodes the same JSON", arguments: FoundationShape.allCases)
    func codable(shape: FoundationShape) throws {
        let (swift, foundation, bytes) = try Self.catalogs(shape)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = try encoder.encode(swift)
        #expect(try encoder.encode(foundation) == expected)
        #expect(try encoder.encode(bytes) == expected)
        let decoded = try JSONDecoder().decode(FoundationCatalog.self, from: expected)
        #expect(Self.reads(decoded) == Self.catalogReads)
    }
}
