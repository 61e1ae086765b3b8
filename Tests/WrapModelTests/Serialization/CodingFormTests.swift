import Foundation
import Testing
import WrapModel

final class Session: WrapModel, @unchecked Sendable {
    @StrProperty("id") var id
    @StrProperty("password", serializeForOutput: false) var password
}

final class Login: WrapModel, @unchecked Sendable {
    @StrProperty("user") var user
    @StrProperty("token", serializeForOutput: false) var token
    @ModelProperty("session") var session: Session?
}

final class EditableSession: WrapModel, @unchecked Sendable {
    @StrProperty("id") var id
    @MutStrProperty("password", serializeForOutput: false) var password
}

final class EditableLogin: WrapModel, @unchecked Sendable {
    @MutStrProperty("user") var user
    @MutStrProperty("token", serializeForOutput: false) var token
    @ModelProperty("session") var session: EditableSession?
}

/// What a user encodes for a request: models inside a struct, an array and a dictionary.
struct LoginRequest: Codable {
    let sentAt: Int
    let login: Login
    let others: [Login]
    let byName: [String: Login]
}

@Suite("Codable: an encoder chooses the complete form (default) or the posting form")
struct CodingFormTests {
    static let loginJSON = #"{"user":"ada","token":"s3cret","theme":"dark","session":{"id":"x1","password":"hunter2","ttl":60}}"#

    static func request() throws -> LoginRequest {
        let login = try Login(parsing: loginJSON)
        let other = try Login(parsing: #"{"user":"bob","token":"t2","session":{"id":"x2","password":"p2"}}"#)
        return LoginRequest(sentAt: 5, login: login, others: [other], byName: ["bob": other])
    }

    static func encoded(_ request: LoginRequest, form: WrapCodingForm?) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        if let form { encoder.userInfo[WrapModel.codingFormKey] = form }
        return String(decoding: try encoder.encode(request), as: UTF8.self)
    }

    @Test("a struct holding a model encoded with JSONEncoder carries the secrets by default, and decodes back to them")
    func completeByDefault() throws {
        let json = try Self.encoded(Self.request(), form: nil)
        #expect(json == #"{"byName":{"bob":{"session":{"id":"x2","password":"p2"},"token":"t2","user":"bob"}},"#
            + #""login":{"session":{"id":"x1","password":"hunter2","ttl":60},"theme":"dark","token":"s3cret","user":"ada"},"#
            + #""others":[{"session":{"id":"x2","password":"p2"},"token":"t2","user":"bob"}],"sentAt":5}"#)
        #expect(try Self.encoded(Self.request(), form: .complete) == json)
        let back = try JSONDecoder().decode(LoginRequest.self, from: Data(json.utf8))
        #expect(back.login.token == "s3cret")
        #expect(back.login.session?.password == "hunter2")
        #expect(back.others.first?.session?.password == "p2")
    }

    @Test("with the posting form set on the encoder, no model in the struct carries a serializeForOutput: false value, nested models included")
    func postingLeavesSecretsOut() throws {
        let json = try Self.encoded(Self.request(), form: .posting)
        #expect(json == #"{"byName":{"bob":{"session":{"id":"x2"},"user":"bob"}},"#
            + #""login":{"session":{"id":"x1","ttl":60},"theme":"dark","user":"ada"},"#
            + #""others":[{"session":{"id":"x2"},"user":"bob"}],"sentAt":5}"#)
        #expect(!json.contains("s3cret") && !json.contains("hunter2") && !json.contains("p2") && !json.contains("t2"))
    }

    @Test("the posting form also leaves secrets out of a property list, written values included")
    func postingPropertyListAndWrites() throws {
        let login = try EditableLogin(parsing: Self.loginJSON, mutable: true)
        login.user = "grace"
        login.token = "n3w-secret"
        login.session?.password = "n3w-password"
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        encoder.userInfo[WrapModel.codingFormKey] = WrapCodingForm.posting
        let encoded = try encoder.encode([login])
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(text.contains("<string>grace</string>") && !text.contains("<string>ada</string>"))
        #expect(!text.contains("s3cret") && !text.contains("hunter2"))
        #expect(!text.contains("n3w-secret") && !text.contains("n3w-password"))
        // Decoded, the written values are there and the secrets are not.
        let back = try PropertyListDecoder().decode([EditableLogin].self, from: encoded)
        #expect(back.map(\.user) == ["grace"])
        #expect(back.map(\.token) == [""])
        #expect(back.first?.session?.id == "x1")
        #expect(back.first?.session?.password == "")
        // The complete form carries the written secrets.
        encoder.userInfo[WrapModel.codingFormKey] = WrapCodingForm.complete
        let complete = try PropertyListDecoder().decode([EditableLogin].self, from: encoder.encode([login]))
        #expect(complete.first?.token == "n3w-secret")
        #expect(complete.first?.session?.password == "n3w-password")
    }

    @Test("any output options can be asked for: the declared form leaves unmodelled keys out too")
    func explicitOptions() throws {
        let json = try Self.encoded(Self.request(), form: .options([.declaredOnly, .withNulls]))
        #expect(json == #"{"byName":{"bob":{"session":{"id":"x2"},"user":"bob"}},"#
            + #""login":{"session":{"id":"x1"},"user":"ada"},"#
            + #""others":[{"session":{"id":"x2"},"user":"bob"}],"sentAt":5}"#)
    }

    @Test("a userInfo value that is not a WrapCodingForm fails the encoding instead of guessing")
    func wrongValue() throws {
        let encoder = JSONEncoder()
        encoder.userInfo[WrapModel.codingFormKey] = "posting"
        #expect(throws: EncodingError.self) { try encoder.encode(Self.request()) }
    }
}
