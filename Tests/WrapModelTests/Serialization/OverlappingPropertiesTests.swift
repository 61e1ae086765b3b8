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

/// What each of two declarations over one key path reads after a write through the other: the
/// written value, in the model, its copies, its output and its merge patch.
@Suite("Reading when properties overlap")
struct OverlappingReadsTests {
    private let json = #"{"address": {"city": "London", "zip": "W1"}}"#

    @Test("after a write through the submodel, the dotted property reads the written value")
    func afterSubmodelWrite() throws {
        let customer = try OverlapCustomer(parsing: json, mutable: true)
        customer.address?.city = "Paris"
        #expect(customer.address?.city == "Paris")
        #expect(customer.city == "Paris")
        #expect(try customer.jsonString() == #"{"address":{"city":"Paris","zip":"W1"}}"#)
        #expect(try customer.mergePatchData() == Data(#"{"address":{"city":"Paris"}}"#.utf8))
        #expect(customer.editableCopy().city == "Paris")
        let reread = try OverlapCustomer(parsing: customer.jsonData())
        #expect(reread.city == "Paris")
        #expect(reread.address?.city == "Paris")
    }

    @Test("after a write through the dotted property, the submodel reads the written value")
    func afterDottedWrite() throws {
        let customer = try OverlapCustomer(parsing: json, mutable: true)
        customer.city = "Rome"
        #expect(customer.city == "Rome")
        #expect(customer.address?.city == "Rome")
        #expect(try customer.jsonString() == #"{"address":{"city":"Rome","zip":"W1"}}"#)
        #expect(try customer.mergePatchData() == Data(#"{"address":{"city":"Rome"}}"#.utf8))
        #expect(customer.editableCopy().address?.city == "Rome")
        let reread = try OverlapCustomer(parsing: customer.jsonData())
        #expect(reread.address?.city == "Rome")
        #expect(reread.city == "Rome")
    }
}
