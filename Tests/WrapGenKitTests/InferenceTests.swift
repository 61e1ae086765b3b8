import Foundation
import Testing
import WrapModel
@testable import WrapGenKit

@Suite struct NamingTests {
    @Test(arguments: [
        ("first_name", "firstName"), ("last-name", "lastName"), ("FirstName", "firstName"), ("userID", "userID"),
        ("user_ID", "userID"), ("URL", "url"), ("HTMLBody", "htmlBody"), ("2fa", "_2fa"), ("$ref", "ref"),
        ("", "field"), ("@@", "field"), ("café au lait", "caféAuLait"), ("PLEYEL_PLEYEL", "pleyelPleyel"), ("名前", "名前"), ("a.b.c", "aBC"), ("__private", "private"),
    ])
    func camelCase(_ key: String, _ expected: String) {
        #expect(Naming.camelCase(key) == expected)
    }

    @Test func keywordsAreEscapedAndInheritedMembersRenamed() {
        #expect(Naming.spelled("default") == "`default`")
        #expect(Naming.spelled("name") == "name")
        var namer = MemberNamer()
        #expect(namer.claim("description") == "descriptionField")
        #expect(namer.claim("hash") == "hashField")
        #expect(namer.claim("name") == "name")
        #expect(namer.claim("name") == "name2")
        #expect(namer.claim("name") == "name3")
        #expect(namer.claim("descriptionField") == "descriptionField2")
    }

    @Test func typeNamesAvoidCollisionsAndShadowing() {
        var namer = TypeNamer()
        namer.reserve("Customer")
        #expect(namer.claim("Address", prefix: "Customer") == "Address")
        #expect(namer.claim("Address", prefix: "Company") == "CompanyAddress")
        #expect(namer.claim("Address", prefix: "Company") == "CompanyAddress2")
        #expect(namer.claim("Date", prefix: "Event") == "EventDate")
        #expect(namer.claim("String", prefix: "Event") == "EventString")
        #expect(namer.claim("Customer", prefix: "Order") == "OrderCustomer")
        #expect(namer.claim("3d", prefix: "Scene") == "Scene3d")
    }

    @Test(arguments: [("items", "item"), ("categories", "category"), ("addresses", "address"), ("boxes", "box"),
                      ("status", "statusItem"), ("data", "dataItem")])
    func singular(_ plural: String, _ expected: String) {
        #expect(Naming.singular(plural) == expected)
    }
}

@Suite struct InferenceTests {
    private func source(_ samples: [String], options: WrapGenOptions = WrapGenOptions(style: .wrappers)) throws -> String {
        try WrapGen.generate(jsonSamples: samples.enumerated().map { ("s\($0.offset).json", Data($0.element.utf8)) },
                             rootName: "Root", options: options).source
    }

    @Test func dateTypePrefersTheFormatThatWritesTheSampleBack() {
        #expect(JSONInference.dateType(for: ["2016-11-01T21:14:33Z"]) == .iso8601)
        #expect(JSONInference.dateType(for: ["2017-02-05T17:03:13.000+00:00"]) == .dibs)
        #expect(JSONInference.dateType(for: ["05/06/2018"]) == .mdySlashes)
        #expect(JSONInference.dateType(for: ["05/06/2018", "25/06/2018"]) == .dmySlashes)
        #expect(JSONInference.dateType(for: ["2018-02-15", "15/02/2018"]) == nil)
        #expect(JSONInference.dateType(for: ["tomorrow"]) == nil)
        #expect(JSONInference.dateType(for: []) == nil)
    }

    @Test func numbersIntegralInEverySampleAreInt() throws {
        let text = try source(["{\"a\": 1, \"b\": 1, \"c\": 1.0, \"d\": 1e3}", "{\"a\": 2, \"b\": 2.5, \"c\": 2, \"d\": 4}"])
        #expect(text.contains("@IntProperty(\"a\") var a: Int"))
        #expect(text.contains("@DoubleProperty(\"b\") var b: Double"))
        #expect(text.contains("@DoubleProperty(\"c\") var c: Double"))
        #expect(text.contains("@DoubleProperty(\"d\") var d: Double"))
    }

    @Test func absentOrNullMakesOptional() throws {
        let text = try source(["{\"a\": 1, \"b\": 1, \"c\": true}", "{\"b\": null, \"c\": null}"], options: WrapGenOptions(style: .classic))
        #expect(text.contains("let a = WPOptInt(\"a\")"))
        #expect(text.contains("let b = WPOptInt(\"b\")"))
        #expect(text.contains("let c = WPOpt<Bool>(\"c\")"))
    }

    @Test func arrayElementsMergeIntoOneClass() throws {
        let text = try source(["{\"items\": [{\"a\": 1}, {\"a\": 2.5, \"b\": \"x\"}]}", "{\"items\": [{\"a\": 3, \"c\": []}]}"])
        #expect(text.contains("@ModelArrayProperty(\"items\") var items: [Item]"))
        #expect(text.contains("final class Item: WrapModel, NonisolatedModel, @unchecked Sendable {\n    @DoubleProperty(\"a\") var a: Double\n"
                              + "    @OptStrProperty(\"b\") var b: String?\n"))
    }

    @Test func nearlyTheSameKeysMakeOneClass() throws {
        // The reply is a post without a `reply` of its own: one class, `reply` optional.
        let post = #"{"id": 1, "text": "a", "lang": "en", "user": "x", "reply": {"id": 2, "text": "b", "lang": "fr", "user": "y"}}"#
        let text = try source([#"{"post": \#(post)}"#])
        #expect(text.contains("@ModelProperty(\"reply\") var reply: Post?"))
        #expect(!text.contains("final class Reply"))
        // Half the keys shared, or a shared key of another type: two classes.
        let apart = try source([#"{"a": {"id": 1, "x": 1, "y": 2, "z": 3}, "b": {"id": 2, "x": 1, "p": 1, "q": 2}, "c": {"id": 3, "x": "s", "y": 2, "z": 3}}"#])
        #expect(apart.contains("final class RootA:") && apart.contains("final class RootB:") && apart.contains("final class RootC:"))
    }

    @Test("json infers UUID and URL when every sample's string at a key parses as one, in every style")
    func uuidsAndURLsAreInferred() throws {
        let samples = [#"{"id": "9B2E6C1A-4F3D-4A8E-9C1B-2F6E8D7A5B4C", "link": "https://example.com/a?b=1"}"#,
                       #"{"id": "7C9E6679-7425-40DE-944B-E07FC1F90AE7", "link": "ftp://files.example.org/f.csv"}"#]
        #expect(try source(samples).contains("""
                final class Root: WrapModel, NonisolatedModel, @unchecked Sendable {
                    @Property("id") var id: UUID?
                    @Property("link") var link: URL?
                }
                """))
        #expect(try source(samples, options: WrapGenOptions(style: .property, mutable: true)).contains("""
                    @MutProperty var id: UUID?
                    @MutProperty var link: URL?
                """))
        #expect(try source(samples, options: WrapGenOptions(style: .classic)).contains("""
                    let id = WP<UUID?>("id", codec: UUID?.wrapCodec, defaultValue: nil)
                    let link = WP<URL?>("link", codec: URL?.wrapCodec, defaultValue: nil)
                """))
    }

    @Test("a key that is a URL or UUID in some samples only stays String; null or absent keeps the type")
    func mixedSamplesStayStrings() throws {
        let text = try source([
            #"{"site": "https://example.com", "ref": "9B2E6C1A-4F3D-4A8E-9C1B-2F6E8D7A5B4C", "avatar": "", "receipt": null}"#,
            #"{"site": "n/a", "ref": "none", "avatar": "https://cdn.example/a.png", "receipt": "https://example.com/r/1", "extra": "https://example.com"}"#,
        ])
        #expect(text.contains("""
                final class Root: WrapModel, NonisolatedModel, @unchecked Sendable {
                    @StrProperty("avatar") var avatar: String
                    @Property("extra") var extra: URL?
                    @Property("receipt") var receipt: URL?
                    @StrProperty("ref") var ref: String
                    @StrProperty("site") var site: String
                }
                """))
    }

    @Test("UUIDs written in lower case are inferred with a note that output writes them in upper case")
    func lowerCaseUUIDsAreNoted() throws {
        let text = try source([#"{"id": "0f8fad5b-d9cb-469f-a165-70867728950e"}"#])
        #expect(text.contains("""
                    /// Lower case in the samples; WrapModel writes UUIDs in upper case.
                    @Property("id") var id: UUID?
                """))
    }

    @Test("a URL is a scheme, :// and a host in the characters RFC 3986 allows", arguments: [
        ("https://example.com", true), ("HTTPS://EXAMPLE.COM/A", true), ("ftp://files.example.org/a.csv", true),
        ("https://user@example.com:8080/a%20b?x=1&y=[2]#top", true), ("git://github.com/a/b.git", true),
        ("https://example.com/a b", false), ("/orders/12", false), ("mailto:ada@example.org", false),
        ("https://api.example.com/users{/id}", false), ("http://", false), ("http:///path", false),
        ("https://exämple.com", false), ("https://example.com/%zz", false), ("12:30", false), ("", false),
        ("1http://example.com", false),
    ])
    func absoluteURLs(_ text: String, _ isURL: Bool) {
        #expect(JSONInference.isAbsoluteURL(text) == isURL)
    }

    @Test("integers written as strings in every sample become asString: true; one other string or a number does not")
    func integerStrings() throws {
        let samples = [#"{"qty": "12", "code": "12", "zip": "75001", "count": "3"}"#,
                       #"{"qty": "-3", "code": "x", "zip": "007", "count": 3}"#]
        #expect(try source(samples, options: WrapGenOptions(style: .property)).contains("""
                final class Root: WrapModel, NonisolatedModel, @unchecked Sendable {
                    @Property var code: String

                    /// Mixed types in the samples (number, string).
                    @ROProperty(WPOpt<Any>("count")) var count: Any?

                    /// Integers written as strings: read as `Int`, written back as strings.
                    @Property(asString: true) var qty: Int

                    @Property var zip: String
                }
                """))
    }

    @Test func mixedTypesFallBackToAny() throws {
        let text = try source(["{\"a\": 1}", "{\"a\": \"one\"}"])
        #expect(text.contains("/// Mixed types in the samples (number, string)."))
        #expect(text.contains("@ROProperty(WPOpt<Any>(\"a\")) var a: Any?"))
    }

    @Test func keysAreEscapedInStringLiterals() throws {
        let text = try source(["{\"say \\\"hi\\\"\\\\n\": 1, \"tab\\there\": 2}"])
        #expect(text.contains("@IntProperty(\"say \\\"hi\\\"\\\\n\") var sayHiN: Int"))
        #expect(text.contains("@IntProperty(\"tab\\there\") var tabHere: Int"))
    }

    @Test func classicAndWrapperStylesForEveryKind() throws {
        let sample = """
            {"i": 1, "d": 1.5, "b": true, "s": "x", "dt": "2018-02-15", "m": {"x": 1}, "ma": [{"x": 1}],
             "ia": [1], "da": [1.5], "sa": ["x"], "ba": [true], "dict": {}, "any": null}
            """
        let classic = try source([sample], options: WrapGenOptions(style: .classic))
        for line in ["let i = WPInt(\"i\")", "let d = WPDouble(\"d\")", "let b = WPBool(\"b\")", "let s = WPStr(\"s\")",
                     "let dt = WPDate(\"dt\", dateType: .yyyymmddDashes)", "let m = WPModel<RootM>(\"m\")",
                     "let ma = WPModelArray<RootM>(\"ma\")", "let ia = WPIntArray(\"ia\")", "let da = WPDoubleArray(\"da\")",
                     "let sa = WPStrArray(\"sa\")", "let ba = WrapPropertyArray<Bool>(\"ba\")", "let dict = WPDict(\"dict\")",
                     "let any = WPOpt<Any>(\"any\")"] {
            #expect(classic.contains("    " + line + "\n"), "\(line)")
        }
        let mutable = try source([sample], options: WrapGenOptions(style: .wrappers, mutable: true))
        for line in ["@MutIntProperty(\"i\") var i: Int", "@MutDateProperty(\"dt\", dateType: .yyyymmddDashes) var dt: Date?",
                     "@MutModelProperty(\"m\") var m: RootM?", "@MutModelArrayProperty(\"ma\") var ma: [RootM]",
                     "@RWProperty(WrapPropertyArray<Bool>(\"ba\")) var ba: [Bool]", "@RWProperty(WPOpt<Any>(\"any\")) var any: Any?"] {
            #expect(mutable.contains("    " + line + "\n"), "\(line)")
        }
    }
}
