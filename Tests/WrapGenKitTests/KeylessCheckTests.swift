import Foundation
import Testing
import WrapModel
@testable import WrapGenKit

/// `wrapgen check` on declarations without a key (`@Property() var createdAt: Date?`): the key is
/// the name converted by the class's `keyNaming`, as the runtime converts it. The compiled
/// classes of `Golden/Keyless/KeylessAccount.swift` are read by both and must agree.
@Suite struct KeylessCheckTests {
    static let folder = Fixtures.golden.appendingPathComponent("Keyless")

    static func models() throws -> DeclaredModels {
        try CheckCommand.readModels(in: folder.path).models
    }

    static func check(_ response: String, as className: String, models: DeclaredModels? = nil) throws -> [String] {
        let value = try JSONSource.parse(Data(response.utf8), file: "r.json")
        return ModelChecker(models: try models ?? Self.models()).check(value, as: className).map(\.description)
    }

    static let cleanAccount = """
        {"account_id": 7, "created_at": "2024-03-18T09:30:00Z", "id": "a-7", "login_count": "12",
         "owner": {"firstName": "Ada", "last_name": "Lovelace", "nickname": "A"},
         "profile_url": "https://example.org/ada", "tags": ["x"], "entries": [{"entry-kind": "note"}]}
        """

    static let driftedAccount = """
        {"accountID": 7, "account_id": "seven", "createdAt": "2024-03-18T09:30:00Z", "created_at": "yesterday",
         "login_count": "many", "owner": {"first_name": "Ada", "lastName": "L", "nickname": 3},
         "profile_url": 5, "tags": [1, "x"], "entries": [{"entry_kind": "note"}, {"entry-kind": 3}]}
        """

    @Test("check reads the keys a snake_case, kebab-case or as-is class gives its keyless properties")
    func keysFromNames() throws {
        let models = try Self.models()
        #expect(models.notes == [
            "KeylessAccount.swift:59: cannot check this declaration of KeylessCustom.code (KeylessCustom names keys with a custom "
                + "WrapKeyNaming, which wrapgen cannot run); its key is not known, so its values are not checked and no key of an object read as "
                + "KeylessCustom is reported as not read",
        ])
        #expect(models.properties(of: "KeylessAccount").map(\.keyPath) == [
            "account_id", "created_at", "entries", "id", "login_count", "owner", "profile_url", "tags",
        ])
        #expect(models.properties(of: "KeylessOwner").map(\.keyPath) == ["firstName", "last_name", "nickname"])
        #expect(models.properties(of: "KeylessEntry").map(\.keyPath) == ["entry-kind"])
        #expect(models.properties(of: "KeylessNote").map(\.keyPath) == ["entry-kind", "note-text"])
        #expect(models.properties(of: "KeylessPlain").map(\.keyPath) == ["default", "displayName"])
    }

    @Test("a subclass that overrides the naming renames the keys it inherits, in check as in the runtime")
    func subclassNamingAppliesToInheritedDeclarations() throws {
        #expect(try Self.models().properties(of: "KeylessSnakeNote").map(\.keyPath) == ["entry_kind", "note_text"])
        let response = #"{"entry-kind": "memo", "note-text": "hi"}"#
        #expect(try Self.check(response, as: "KeylessNote") == [])
        let expected = [
            "entry-kind: not read by any property", "entry_kind: missing value",
            "note-text: not read by any property", "note_text: missing value",
        ]
        #expect(try Self.check(response, as: "KeylessSnakeNote") == expected)
        let runtime = try #require(KeylessSnakeNote(json: response)).validate(options: .unmodeledKeys).map(\.description)
        #expect(runtime == expected)
    }

    @Test("check and validate() report the same issues for keyless properties", arguments: [
        ("KeylessAccount", cleanAccount), ("KeylessAccount", driftedAccount), ("KeylessAccount", "{}"),
        ("KeylessNote", #"{"entry-kind": "memo", "note-text": 1, "noteText": "x"}"#),
        ("KeylessSnakeNote", #"{"entry_kind": "memo", "note_text": "hi"}"#),
        ("KeylessPlain", #"{"default": "x", "display_name": "Ada"}"#),
    ])
    func checkAgreesWithValidate(_ className: String, _ response: String) throws {
        let model: WrapModel? = switch className {
        case "KeylessAccount": KeylessAccount(json: response)
        case "KeylessNote": KeylessNote(json: response)
        case "KeylessSnakeNote": KeylessSnakeNote(json: response)
        default: KeylessPlain(json: response)
        }
        let runtime = try #require(model).validate(options: .unmodeledKeys).map(\.description)
        #expect(try Self.check(response, as: className) == runtime)
    }

    @Test("a drifted response is reported at the keys the naming gives")
    func driftedAccountIssues() throws {
        #expect(try Self.check(Self.cleanAccount, as: "KeylessAccount") == [])
        #expect(try Self.check(Self.driftedAccount, as: "KeylessAccount") == [
            "accountID: not read by any property",
            "account_id: expected integer, found string",
            "createdAt: not read by any property",
            #"created_at: unparseable date "yesterday""#,
            "entries[0].entry-kind: missing value",
            "entries[0].entry_kind: not read by any property",
            "entries[1].entry-kind: expected string, found integer",
            "id: missing value",
            "login_count: expected integer or numeric string, found string",
            "owner.firstName: missing value",
            "owner.first_name: not read by any property",
            "owner.lastName: not read by any property",
            "owner.last_name: missing value",
            "owner.nickname: expected string, found integer",
            "profile_url: expected URL string, found integer",
            "tags: 1 element did not convert and was dropped",
        ])
    }

    @Test("check notes a keyless property under a custom naming once, and reports none of its values or the keys beside it")
    func customNamingIsNotedOnce() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, response) in [#"{"CODE": 5, "id": "x", "extra": 1}"#, #"{"CODE": "A1", "id": 2}"#, "{}"].enumerated() {
            let url = folder.appendingPathComponent("custom\(index).json")
            try Data(response.utf8).write(to: url)
            paths.append(url.path)
        }
        var out = ""
        var err = ""
        let status = WrapGenCommand.run(["check"] + paths + ["--model-source", Self.folder.path, "--name", "KeylessCustom"],
                                        standardOutput: { out += $0 }, standardError: { err += $0 })
        #expect(status == 1)
        #expect(out == """
            custom0.json: id: expected integer, found string
            custom2.json: id: missing value
            2 issues in 3 responses checked as KeylessCustom

            """)
        #expect(err == "wrapgen: note: KeylessAccount.swift:59: cannot check this declaration of KeylessCustom.code (KeylessCustom "
                + "names keys with a custom WrapKeyNaming, which wrapgen cannot run); its key is not known, so its values are not "
                + "checked and no key of an object read as KeylessCustom is reported as not read\n")
        // The runtime reads "CODE"; check leaves that key's values and the keys no property reads alone.
        let runtime = try #require(KeylessCustom(json: #"{"CODE": 5, "id": "x", "extra": 1}"#)).validate(options: .unmodeledKeys)
        #expect(runtime.map(\.description) == ["CODE: expected string, found integer", "extra: not read by any property",
                                               "id: expected integer, found string"])
    }

    @Test("check reads every spelling of a keyNaming override and of a declaration without a key")
    func spellings() throws {
        let source = """
            // Generated by wrapgen from JSON sample s.json.
            final class OneLine: WrapModel, @unchecked Sendable {
                public override class var keyNaming: WrapKeyNaming { .snakeCase }
                @Property var createdAt: String
                @MutProperty() var userID: Int
                @Property(nil, date: .iso8601) var lastSeen: Date?
                @Property(serializeForOutput: false) var `default`: Int
                @Property(
                    date: .yyyymmdd
                ) var bornOn: Date?
                @Property("id") var identifier: Int
            }
            final class Lines: WrapModel, @unchecked Sendable {
                override class var keyNaming: WrapKeyNaming {
                    return WrapKeyNaming.kebabCase
                }
                @Property var postalCode: String
            }
            final class Getter: WrapModel, @unchecked Sendable {
                override static var keyNaming: WrapKeyNaming { get { .asIs } }
                @Property var postalCode: String
            }
            final class Computed: WrapModel, @unchecked Sendable {
                override class var keyNaming: WrapKeyNaming { Self.naming }
                static let naming = WrapKeyNaming.snakeCase
                @Property var postalCode: String
                @Property("zip") var zip: String
            }
            final class Custom: WrapModel, @unchecked Sendable {
                override class var keyNaming: WrapKeyNaming {
                    .custom { name in
                        name.count < 3 ? name : String(name.prefix(3))
                    }
                }
                @Property var postalCode: Money
            }
            final class FromHandWritten: AppModel, @unchecked Sendable {
                @Property var postalCode: String
            }
            final class FromElsewhere: ForeignModel, @unchecked Sendable {
                @Property var postalCode: String
            }
            final class OwnCodec: WrapModel, @unchecked Sendable {
                override class var keyNaming: WrapKeyNaming { .snakeCase }
                @Property(codec: MoneyCodec()) var unitPrice: Money?
            }
            """
        let handWritten = """
            class AppModel: WrapModel, @unchecked Sendable {
                override class var keyNaming: WrapKeyNaming { .snakeCase }
            }
            """
        var reader = DeclarationParser()
        reader.read(source, file: "S.swift")
        reader.read(handWritten, file: "AppModel.swift", readsClasses: false)
        let models = reader.declaredModels()
        #expect(models.properties(of: "OneLine").map { "\($0.keyPath) \($0.rule)" } == [
            "created_at string", "user_id int(reportsRange: true)",
            "last_seen date(WrapGenKit.DateRule.fixed(WrapModel.WrapDateOutputType.iso8601))", "default int(reportsRange: true)",
            "born_on date(WrapGenKit.DateRule.fixed(WrapModel.WrapDateOutputType.yyyymmdd))", "id int(reportsRange: true)",
        ])
        #expect(models.properties(of: "Lines").map(\.keyPath) == ["postal-code"])
        #expect(models.properties(of: "Getter").map(\.keyPath) == ["postalCode"])
        #expect(models.properties(of: "FromHandWritten").map(\.keyPath) == ["postal_code"])
        #expect(models.properties(of: "Computed").map(\.keyPath) == ["zip"])
        #expect(models.properties(of: "Custom").isEmpty)
        #expect(models.properties(of: "OwnCodec").map { "\($0.keyPath) \($0.rule)" } == ["unit_price anything"])
        let unknown = "its key is not known, so its values are not checked and no key of an object read as"
        #expect(models.notes == [
            "S.swift:26: cannot check this declaration of Computed.postalCode (wrapgen cannot read the key naming Self.naming of "
                + "Computed); \(unknown) Computed is reported as not read",
            "S.swift:35: cannot check this declaration of Custom.postalCode (Custom names keys with a custom WrapKeyNaming, which "
                + "wrapgen cannot run); \(unknown) Custom is reported as not read",
            "S.swift:41: cannot check this declaration of FromElsewhere.postalCode (FromElsewhere inherits its key naming from "
                + "ForeignModel, which is not declared in these files); \(unknown) FromElsewhere is reported as not read",
            #"S.swift:45: cannot check this declaration of OwnCodec.unitPrice (it uses a codec of your own, MoneyCodec()); values at "unit_price" are not checked"#,
        ])
        // Keys beside an unknown one are not reported as not read; known ones still are.
        #expect(try Self.check(#"{"postal_code": 1, "zip": "2", "other": 3}"#, as: "Computed", models: models) == [])
        #expect(try Self.check(#"{"unit_price": [], "other": 3}"#, as: "OwnCodec", models: models)
                == ["other: not read by any property"])
        #expect(try Self.check(#"{"postalCode": "x"}"#, as: "FromHandWritten", models: models)
                == ["postalCode: not read by any property", "postal_code: missing value"])
    }

    @Test("a custom naming in a subclass is noted on the superclass's keyless declaration it renames")
    func customNamingInSubclass() throws {
        let source = """
            // Generated by wrapgen from JSON sample s.json.
            class Base: WrapModel, @unchecked Sendable {
                @Property var firstName: String
            }
            final class Shouting: Base, @unchecked Sendable {
                override class var keyNaming: WrapKeyNaming { .custom { $0.uppercased() } }
            }
            """
        var reader = DeclarationParser()
        reader.read(source, file: "S.swift")
        let models = reader.declaredModels()
        #expect(models.notes == [
            "S.swift:3: cannot check this declaration of Base.firstName (Shouting names keys with a custom WrapKeyNaming, which "
                + "wrapgen cannot run); its key is not known, so its values are not checked and no key of an object read as Shouting is "
                + "reported as not read",
        ])
        #expect(try Self.check(#"{"firstName": 1, "x": 2}"#, as: "Base", models: models)
                == ["firstName: expected string, found integer", "x: not read by any property"])
        #expect(try Self.check(#"{"FIRSTNAME": 1, "x": 2}"#, as: "Shouting", models: models) == [])
    }
}
