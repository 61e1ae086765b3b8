import Foundation
import Testing
import WrapModel

@Suite("Output options")
struct WrapOutputOptionsTests {
    let profile = try! OutputProfile(parsing: #"{"name": "Ada", "token": "s3cret", "theme": {"dark": true}}"#)

    @Test("each option alone, in the lossless default form and in the declared form", arguments: [
        // The default: the input as it came (keys the model does not declare too), less `token`.
        (WrapOutputOptions(), #"{"name":"Ada","theme":{"dark":true}}"#),
        // Lossless output writes nil only for a value written as nil: `nickname` was never sent.
        ([.withNulls, .sortedKeys], #"{"name":"Ada","theme":{"dark":true}}"#),
        ([.includeNonOutputProperties, .sortedKeys], #"{"name":"Ada","theme":{"dark":true},"token":"s3cret"}"#),
        ([.keepUnmodeledKeys, .sortedKeys], #"{"name":"Ada","theme":{"dark":true}}"#),
        (.declaredOnly, #"{"name":"Ada"}"#),
        ([.declaredOnly, .withNulls, .sortedKeys], #"{"name":"Ada","nickname":null}"#),
        ([.declaredOnly, .includeNonOutputProperties, .sortedKeys], #"{"name":"Ada","token":"s3cret"}"#),
        // declaredOnly wins over an explicit keepUnmodeledKeys.
        ([.declaredOnly, .keepUnmodeledKeys], #"{"name":"Ada"}"#),
        // Lossless output writes only what was written: an absent, unwritten value stays absent.
        ([.keepUnmodeledKeys, .includeNonOutputProperties, .withNulls, .sortedKeys],
         #"{"name":"Ada","theme":{"dark":true},"token":"s3cret"}"#),
    ] as [(WrapOutputOptions, String)])
    func options(options: WrapOutputOptions, expected: String) throws {
        #expect(try profile.jsonString(options: options) == expected)
        #expect(try profile.jsonData(options: options) == Data(expected.utf8))
    }

    @Test("pretty printing")
    func pretty() throws {
        #expect(try profile.jsonString(options: [.declaredOnly, .prettyPrinted, .sortedKeys, .withNulls]) == """
            {
              "name" : "Ada",
              "nickname" : null
            }
            """)
    }

    @Test("outputData gives the same content as a dictionary")
    func outputData() {
        let data = profile.outputData(options: [.declaredOnly, .includeNonOutputProperties])
        #expect(data.count == 2)
        #expect(data["name"] as? String == "Ada")
        #expect(data["token"] as? String == "s3cret")
    }

    /// Literal texts, so that a member order that came from Swift's per-process hash seed would
    /// differ in some run: a comparison within one process could not see it.
    @Test("output is the same bytes in every process: sorted by key, or unsorted in the order received")
    func stable() throws {
        let sorted = #"{"big":9007199254740993,"customer":{"address":{"city":"London"},"name":"Ada","vip":true},"#
            + #""extra":{"a":[1,2.5,true,null,"x"],"b":{}},"items":[{"qty":1,"sku":"A"},{"qty":2,"sku":"B","tags":["x"]}],"#
            + #""n":-0.5,"status":"placed","totals":{"currency":"EUR","net":10,"tax":2}}"#
        let received = #"{"status":"placed","extra":{"a":[1,2.5,true,null,"x"],"b":{}},"customer":{"name":"Ada","vip":true,"#
            + #""address":{"city":"London"}},"items":[{"qty":1,"sku":"A"},{"qty":2,"sku":"B","tags":["x"]}],"#
            + #""totals":{"net":10,"tax":2,"currency":"EUR"},"n":-0.5,"big":9007199254740993}"#
        let declared = #"{"status":"placed","customer":{"name":"Ada"},"items":[{"qty":1},{"qty":2}],"totals":{"net":10}}"#
        for mutable in [false, true] {
            let order = try OutputOrder(parsing: unmodeledOrderJSON, mutable: mutable)
            #expect(try order.jsonString(options: [.keepUnmodeledKeys, .sortedKeys]) == sorted)
            #expect(try order.jsonString(options: [.keepUnmodeledKeys]) == received)
            #expect(try order.jsonString(options: .declaredOnly) == declared)
            // The dictionary outputData builds, written sorted, is the same bytes.
            #expect(try WrapJSON.data(from: order.outputData(options: .keepUnmodeledKeys), options: .sortedKeys) == Data(sorted.utf8))
        }
    }

    @Test("a value set to nil is removed with keepUnmodeledKeys, or written as null with withNulls")
    func nilWithKeepUnmodeled() throws {
        let model = try OutputProfile(parsing: #"{"name": "Ada", "nickname": "A", "x": 1}"#, mutable: true)
        model.nickname = nil
        #expect(try model.jsonString(options: [.keepUnmodeledKeys, .sortedKeys]) == #"{"name":"Ada","x":1}"#)
        #expect(try model.jsonString(options: [.keepUnmodeledKeys, .sortedKeys, .withNulls]) == #"{"name":"Ada","nickname":null,"x":1}"#)
    }

    @Test("currentModelDataAsJSON is pretty, sorted and for output")
    func currentModelDataAsJSON() {
        #expect(profile.currentModelDataAsJSON(withNulls: true) == """
            {
              "name" : "Ada",
              "nickname" : null
            }
            """)
    }
}

@Suite("Lossless round trip")
struct LosslessRoundTripTests {
    @Test("changing one field and posting back changes only that field")
    func changeOneField() throws {
        let order = try OutputOrder(parsing: unmodeledOrderJSON, mutable: true)
        order.status = "shipped"
        // includeNonOutputProperties: the payload also holds a `serializeForOutput: false` field.
        let output = try order.jsonData(options: [.keepUnmodeledKeys, .includeNonOutputProperties, .sortedKeys])

        var expected = try #require(WrapJSON.parse(Data(unmodeledOrderJSON.utf8)) as? [String: Any])
        expected["status"] = "shipped"
        #expect(output == (try WrapJSON.data(from: expected, options: [.sortedKeys])))
    }

    @Test("changes inside submodels and model arrays keep their siblings")
    func nestedChanges() throws {
        let order = try OutputOrder(parsing: unmodeledOrderJSON, mutable: true)
        order.customer?.name = "Grace"
        order.items[1].quantity = 5
        order.net = 11
        let output = try #require(WrapJSON.parse(order.jsonData(options: [.keepUnmodeledKeys])) as? [String: Any])
        let customer = try #require(output["customer"] as? [String: Any])
        #expect(customer["name"] as? String == "Grace")
        #expect(customer["vip"] as? Bool == true)
        #expect(customer["token"] == nil)   // serializeForOutput: false is left out for output
        #expect((customer["address"] as? [String: Any])?["city"] as? String == "London")
        let items = try #require(output["items"] as? [[String: Any]])
        #expect(items.map { $0["qty"] as? Int } == [1, 5])
        #expect(items.map { $0["sku"] as? String } == ["A", "B"])
        #expect(items[1]["tags"] as? [String] == ["x"])
        let totals = try #require(output["totals"] as? [String: Any])
        #expect(totals["net"] as? Int == 11)
        #expect(totals["tax"] as? Int == 2)
        #expect(totals["currency"] as? String == "EUR")
        #expect(output["big"] as? Int == 9007199254740993)
        #expect(output["n"] as? Double == -0.5)
    }

    @Test("with declaredOnly, only declared properties are written")
    func declaredOnly() throws {
        let order = try OutputOrder(parsing: unmodeledOrderJSON)
        #expect(try order.jsonString(options: [.declaredOnly, .sortedKeys])
                == #"{"customer":{"name":"Ada"},"items":[{"qty":1},{"qty":2}],"status":"placed","totals":{"net":10}}"#)
    }
}
