import Foundation
import Testing
import WrapModel

@Suite("Merge patch (RFC 7396)")
struct MergePatchTests {
    @Test("nothing written: an empty patch and no changes")
    func empty() throws {
        let model = try FidCustomer(parsing: #"{"name":"Ada","address":{"city":"London"}}"#, mutable: true)
        _ = model.city
        #expect(model.hasChanges == false)
        #expect(model.mergePatch().isEmpty)
        #expect(try model.mergePatchData() == Data("{}".utf8))
        model.name = "Ada"          // written, but the same value: nothing to send
        #expect(model.hasChanges == false)
        model.name = "Grace"
        #expect(model.hasChanges)
    }

    @Test("written values at their key paths, nested; written nil as null; arrays whole")
    func changes() throws {
        let json = #"{"name":"Ada","address":{"city":"London","zip":"N1"},"lines":[{"sku":"A","qty":1},{"sku":"B","qty":2}],"internal":"i"}"#
        let model = try FidCustomer(parsing: json, mutable: true)
        model.city = "Paris"
        model.lines[0].quantity = 5
        model.internalCode = "changed"
        #expect(try model.mergePatchData(options: [.sortedKeys]) ==
            Data(#"{"address":{"city":"Paris"},"lines":[{"qty":5,"sku":"A"},{"qty":2,"sku":"B"}]}"#.utf8))
        // A property declared not for output is left alone unless asked for.
        #expect(try model.mergePatchData(options: [.sortedKeys, .includeNonOutputProperties]) ==
            Data(#"{"address":{"city":"Paris"},"internal":"changed","lines":[{"qty":5,"sku":"A"},{"qty":2,"sku":"B"}]}"#.utf8))
        let order = try FidOrder(parsing: #"{"note":"x","price":1}"#, mutable: true)
        order.note = nil
        #expect(canonical(order.mergePatch()) == "{note=null}")
    }

    @Test("applying the patch to the original gives the lossless output, on random writes to the bundled documents")
    func patchReproducesLosslessOutput() throws {
        var generator = RelRandom(seed: 7)
        // github.json is an array: the events are read from it inside an object, so that the
        // model is made from the document and its patch has a document to apply to.
        let github = Data(#"{"events": "#.utf8) + (try fixtureData("github.json")) + Data("}".utf8)
        let documents = [try fixtureData("tweet.json"), try fixtureData("twitter.json"), github]
        var nonEmptyPatches = 0
        for round in 0..<(TestScale.isFull ? 400 : 40) {
            let document = documents[round % documents.count]
            let model: any PatchFixture = round % documents.count == 2
                ? try PatchEvent.eventModel(document, &generator)
                : try PatchStatus.statusModel(document, &generator)
            let original = try JSONSerialization.jsonObject(with: document)
            let patch = try #require(try JSONSerialization.jsonObject(with: model.patchData()) as? [String: Any])
            let lossless = try JSONSerialization.jsonObject(with: model.losslessData())
            let patched = Self.apply(patch, to: original)
            #expect(canonical(patched) == canonical(lossless), "round \(round)")
            if !patch.isEmpty { nonEmptyPatches += 1 }
        }
        // A write may give a value back (`nil` to a member that was null), but most change the
        // document: then only the patch, applied, makes it the output.
        #expect(nonEmptyPatches >= (TestScale.isFull ? 400 : 40) * 3 / 4, "\(nonEmptyPatches) patches were not empty")
    }

    /// RFC 7396's MergePatch algorithm, section 2.
    static func apply(_ patch: Any, to target: Any) -> Any {
        guard let patch = patch as? [String: Any] else { return patch }
        var result = (target as? [String: Any]) ?? [:]
        for (key, value) in patch {
            if value is NSNull {
                result.removeValue(forKey: key)
            } else {
                result[key] = apply(value, to: result[key] ?? NSNull())
            }
        }
        return result
    }
}

protocol PatchFixture {
    func patchData() throws -> Data
    func losslessData() throws -> Data
}

extension WrapModel: PatchFixture {
    func patchData() throws -> Data { try mergePatchData() }
    func losslessData() throws -> Data { try jsonData(options: [.keepUnmodeledKeys]) }
}

final class PatchUser: WrapModel, @unchecked Sendable {
    @MutStrProperty("screen_name") var screenName
    @MutOptStrProperty("location") var location
    @MutIntProperty("followers_count") var followers
}

final class PatchStatus: WrapModel, @unchecked Sendable {
    @MutStrProperty("text") var text
    @MutIntProperty("retweet_count") var retweets
    @MutBoolProperty("favorited") var favorited
    @MutOptStrProperty("in_reply_to_screen_name") var replyTo
    @ModelProperty("user") var user: PatchUser?
    @MutStrProperty("metadata.result_type") var resultType

    /// A status of `document` (a tweet, or the first statuses of a search response) with random writes.
    static func statusModel(_ document: Data, _ generator: inout RelRandom) throws -> WrapModel {
        let root = try PatchSearch(parsing: document, mutable: true)
        let statuses = root.statuses.isEmpty ? [try PatchStatus(parsing: document, mutable: true)] : Array(root.statuses.prefix(5))
        for status in statuses {
            switch generator.next() % 7 {
            case 0: status.text = "edited \(generator.next() % 100)"
            case 1: status.retweets = Int(generator.next() % 1000)
            case 2: status.favorited.toggle()
            case 3: status.replyTo = generator.next() % 2 == 0 ? nil : "someone"
            case 4: status.user?.location = generator.next() % 2 == 0 ? nil : "Paris"
            case 5: status.resultType = "popular"
            default: status.user?.followers += 1
            }
        }
        return root.statuses.isEmpty ? statuses[0] : root
    }
}

final class PatchSearch: WrapModel, @unchecked Sendable {
    @MutModelArrayProperty("statuses") var statuses: [PatchStatus]
}

final class PatchActor: WrapModel, @unchecked Sendable {
    @MutStrProperty("login") var login
}

final class PatchEvent: WrapModel, @unchecked Sendable {
    @MutStrProperty("type") var type
    @ModelProperty("actor") var actor: PatchActor?
    @MutBoolProperty("public") var isPublic

    /// The events of a GitHub events array, read inside an object (`{"events": [...]}`), with
    /// random writes to the first four.
    static func eventModel(_ document: Data, _ generator: inout RelRandom) throws -> WrapModel {
        let holder = try PatchEvents(parsing: document, mutable: true)
        for event in holder.events.prefix(4) {
            switch generator.next() % 3 {
            case 0: event.type = "WatchEvent"
            case 1: event.actor?.login = "renamed"
            default: event.isPublic.toggle()
            }
        }
        return holder
    }
}

final class PatchEvents: WrapModel, @unchecked Sendable {
    @MutModelArrayProperty("events") var events: [PatchEvent]
}

func fixtureData(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources"))
    return try Data(contentsOf: url)
}

final class QuickStartPurchase: WrapModel, @unchecked Sendable {
    @Property() var sku: String
    @Property() var price: Double
}

final class QuickStartAddress: WrapModel, @unchecked Sendable {
    @Property() var street: String
    @MutProperty() var city: String
}

final class QuickStartCustomer: WrapModel, @unchecked Sendable {
    override class var keyNaming: WrapKeyNaming { .snakeCase }

    @Property() var lastName: String
    @MutProperty("customer_identifier") var custNumber: Int
    @MutProperty(date: .iso8601) var dateJoined: Date?
    @Property("address.city") var city: String?
    @Property() var address: QuickStartAddress?
    @Property() var purchases: [QuickStartPurchase]
}

@Suite("The README's quick start")
struct QuickStartTests {
    @Test("prints what its comments say")
    func quickStart() throws {
        let body = """
            {"last_name": "Lovelace", "customer_identifier": 7, "date_joined": "2016-11-01T21:14:33Z",
             "address": {"street": "St James's Sq", "city": "London"}, "theme": "dark",
             "purchases": [{"sku": "A1", "price": 9.5}]}
            """
        let customer = try QuickStartCustomer(parsing: body, mutable: true)
        #expect(customer.lastName == "Lovelace" && customer.city == "London" && customer.purchases.count == 1)
        customer.custNumber = 12
        customer.address?.city = "Paris"
        #expect(try customer.mergePatchData() == Data(#"{"customer_identifier":12,"address":{"city":"Paris"}}"#.utf8))
        #expect(try customer.jsonString(options: [.keepUnmodeledKeys]) ==
            #"{"last_name":"Lovelace","customer_identifier":12,"date_joined":"2016-11-01T21:14:33Z","address":{"street":"St James's Sq","city":"Paris"},"theme":"dark","purchases":[{"sku":"A1","price":9.5}]}"#)
        #expect(customer.hasChanges)
    }
}
