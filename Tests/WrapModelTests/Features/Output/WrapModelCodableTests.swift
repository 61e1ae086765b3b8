import Foundation
import Testing
import WrapModel

private struct Envelope: Codable {
    let sentAt: Int
    let order: OutputOrder
    let note: String?
}

@Suite("Codable")
struct WrapModelCodableTests {
    @Test("a model inside a Codable struct survives JSONEncoder and JSONDecoder with its types")
    func json() throws {
        let order = try OutputOrder(parsing: unmodeledOrderJSON, mutable: true)
        order.status = "shipped"
        let data = try JSONEncoder().encode(Envelope(sentAt: 5, order: order, note: nil))
        let back = try JSONDecoder().decode(Envelope.self, from: data)
        #expect(back.sentAt == 5)
        #expect(back.order.status == "shipped")
        #expect(back.order.items.map(\.quantity) == [1, 2])
        #expect(back.order.net == 10)
        #expect(back.order.isMutable == false)
        let original = try #require(WrapJSON.parse(Data(unmodeledOrderJSON.utf8)) as? [String: Any])
        var expected = original
        expected["status"] = "shipped"
        // Codable stores the whole data, properties declared serializeForOutput: false included.
        #expect(try WrapJSON.data(from: back.order.originalModelData, options: [.sortedKeys])
                == WrapJSON.data(from: expected, options: [.sortedKeys]))
    }

    @Test("numbers, booleans, nulls and nesting keep their types through a property list")
    func propertyList() throws {
        let model = try OutputOrder(parsing: #"{"status":"s","i":3,"d":2.5,"b":false,"nested":{"arr":[1,"x",true]}}"#)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode(Envelope(sentAt: 1, order: model, note: "n"))
        let back = try PropertyListDecoder().decode(Envelope.self, from: data)
        let values = back.order.originalModelData
        #expect(values["status"] as? String == "s")
        #expect(values["i"] as? Int == 3)
        #expect(values["d"] as? Double == 2.5)
        #expect(values["b"] as? Bool == false)
        let nested = try #require(values["nested"] as? [String: Any])
        let array = try #require(nested["arr"] as? [Any])
        #expect(array.count == 3)
        #expect(array[0] as? Int == 1)
        #expect(array[1] as? String == "x")
        #expect(array[2] as? Bool == true)
        #expect(back.note == "n")
    }

    @Test("decoding a non-object fails with a DecodingError")
    func nonObject() {
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(OutputOrder.self, from: Data("[1]".utf8)) }
    }
}
