import Foundation
import Testing
import WrapModel

final class LenientPerson: WrapModel, @unchecked Sendable {
    @StrProperty("firstName") var firstName
    @IntArrayProperty("list") var list
}

@Suite("Lenient JSON readers: a leading byte-order mark and trailing commas")
struct LenientJSONTests {
    static let bom = "\u{FEFF}"

    @Test("trailing commas are accepted by the lenient readers", arguments: [
        (#"{"firstName": "Sparse", }"#, "Sparse", [Int]()),
        (#"{"firstName":"A","list":[1,2,],}"#, "A", [1, 2]),
        (#"{"x":{"y":[{"z":1,},],},"list":[3,]}"#, "", [3]),
        ("\u{FEFF}{\"list\":[1,]}", "", [1]),
        ("\u{FEFF}  {\"firstName\":\"B\"}", "B", []),
    ])
    func lenientAccepts(json: String, name: String, list: [Int]) throws {
        let fromString = try #require(LenientPerson(json: json))
        #expect(fromString.firstName == name)
        #expect(fromString.list == list)
        let fromData = try #require(LenientPerson(jsonData: Data(json.utf8)))
        #expect(fromData.list == list)
        #expect(try LenientPerson.importModels(from: json).map(\.list) == [list])
        #expect(try LenientPerson.importModels(from: Data(json.utf8)).map(\.list) == [list])
        #expect(try LenientPerson.read(from: Data(json.utf8)).list == list)
        #expect(try LenientPerson.read(from: json, format: .json).firstName == name)
        #expect(try WrapModelCollections.readArray(json: json) == 1)
    }

    @Test("init(parsing:) stays strict and reports the offset", arguments: [
        (#"{"a":1,}"#, 7),
        ("[1,2,]", 5),
        ("\u{FEFF}{}", 0),
    ])
    func strictRefuses(json: String, offset: Int) {
        #expect(throws: WrapModelError.self) { try LenientPerson(parsing: json) }
        do {
            _ = try LenientPerson(parsing: json)
        } catch {
            if case .malformedJSON(_, let at) = error { #expect(at == offset) } else { Issue.record("\(error)") }
        }
    }

    @Test("an empty member or element is refused even leniently", arguments: [
        "{,}", "[,]", #"{"list":[1,,2]}"#, #"{"list":[,1]}"#, #"{"a":1,,}"#, "{\"a\":1},", "\u{FEFF}\u{FEFF}{}", "\u{FEFF}",
    ])
    func lenientStillRefuses(json: String) {
        #expect(LenientPerson(json: json) == nil)
        #expect(LenientPerson(jsonData: Data(json.utf8)) == nil)
        #expect(throws: WrapModelError.self) { try LenientPerson.importModels(from: json) }
        #expect(throws: WrapModelError.self) { try LenientPerson.read(from: Data(json.utf8), format: .json) }
    }

    @Test("a keyed archive holding JSON with a byte-order mark and a trailing comma decodes")
    func archiveLenient() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(false, forKey: "mutable")
        archiver.encode(Data("\u{FEFF}{\"firstName\":\"C\",}".utf8) as NSData, forKey: "data")
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        let model = try #require(LenientPerson(coder: unarchiver))
        #expect(model.firstName == "C")
    }
}

/// Reads through the collection persistence API.
enum WrapModelCollections {
    static func readArray(json: String) throws -> Int {
        let text = json.trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}"))
        return try [LenientPerson].read(from: "\u{FEFF}[\(text),]").count
    }
}
