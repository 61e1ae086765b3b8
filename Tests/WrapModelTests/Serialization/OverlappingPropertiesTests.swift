import Foundation
import Testing
import WrapModel

final class OverlapAddress: WrapModel, @unchecked Sendable {
    @MutStrProperty("city") var city
}

/// Two declarations cover `address.city`: the submodel and a dotted key path.
final class OverlapCustomer: WrapModel, @unchecked Sendable {
    @MutOptStrProperty("address.city") var city
    @ModelProperty("address") var address: OverlapAddress?
}

/// A whole dictionary and a dotted key path into it.
final class OverlapRaw: WrapModel, @unchecked Sendable {
    @MutOptStrProperty("address.city") var city
    @MutDictProperty("address") var rawAddress
}

@Suite("Output when properties overlap")
struct OverlappingPropertiesTests {
    private let json = #"{"address": {"city": "London", "zip": "W1"}}"#

    @Test("a write through the submodel is not undone by the dotted property's unchanged value")
    func submodelWriteWins() throws {
        let customer = try OverlapCustomer(parsing: json, mutable: true)
        #expect(customer.city == "London")
        customer.address?.city = "Paris"
        #expect(try customer.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"address":{"city":"Paris"}}"#)
        #expect(try customer.jsonString(options: [.sortedKeys, .keepUnmodeledKeys]) == #"{"address":{"city":"Paris","zip":"W1"}}"#)
    }

    @Test("a write through the dotted key path is not undone by the submodel's unchanged value")
    func dottedWriteWins() throws {
        let customer = try OverlapCustomer(parsing: json, mutable: true)
        _ = customer.address
        customer.city = "Rome"
        #expect(try customer.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"address":{"city":"Rome"}}"#)
    }

    @Test("a written dictionary is not undone by an unchanged dotted property inside it, and vice versa")
    func dictionaryAndDottedPath() throws {
        let replaced = try OverlapRaw(parsing: json, mutable: true)
        replaced.rawAddress = ["city": "Oslo"]
        #expect(try replaced.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"address":{"city":"Oslo"}}"#)
        let edited = try OverlapRaw(parsing: json, mutable: true)
        edited.city = "Bergen"
        #expect(try edited.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"address":{"city":"Bergen","zip":"W1"}}"#)
    }
}
