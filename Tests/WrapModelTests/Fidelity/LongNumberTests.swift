import Foundation
import Testing
import WrapModel

final class Coordinate: WrapModel, @unchecked Sendable {
    @DoubleProperty("n") var number
}

private struct CoordinateEnvelope: Codable {
    let coordinate: Coordinate
}

/// Numbers with more digits than a `Double` keeps: `JSONSerialization` reads them as
/// `NSDecimalNumber`s, whose `doubleValue` on Linux is a few units in the last place off.
@Suite("Long numbers (NSDecimalNumber) are written and read from their exact digits")
struct LongNumberTests {
    /// A model over what `JSONSerialization` makes of `{"n": literal}`.
    private static func fromDictionary(_ literal: String) -> Coordinate {
        Coordinate(data: jsonObject(#"{"n": \#(literal)}"#), mutable: false)
    }

    @Test("a long number from a JSONSerialization dictionary is written to JSON as its exact digits, not through Linux's doubleValue",
          arguments: [
              ("-65.61361699999998", "-65.61361699999998"),        // doubleValue: -65.61361699999996
              ("-65.613616999999984", "-65.613616999999984"),
              ("0.30000000000000004441", "0.30000000000000004441"),  // more digits than a Double holds
              ("-1.2345678901234567890e-5", "-0.00001234567890123456789"),
              ("6.02214076000000000001e23", "602214076000000000001000"),
              ("123456789012345678901234567890", "123456789012345678901234567890"),  // integer beyond Double's 2^53 and UInt64
              ("-9223372036854775808", "-9223372036854775808"),
          ])
    func writtenExactly(literal: String, written: String) throws {
        let model = Self.fromDictionary(literal)
        #expect(try model.jsonString(options: [.keepUnmodeledKeys]) == #"{"n":\#(written)}"#)
        #expect(try WrapJSON.data(from: model.originalModelData) == Data(#"{"n":\#(written)}"#.utf8))
    }

    @Test("a Double property reads the Double nearest a long number's digits, from a dictionary as from bytes and after a JSON round trip",
          arguments: [
              ("-65.61361699999998", -65.61361699999998),
              ("-65.613616999999984", -65.61361699999999),
              ("0.30000000000000004441", 0.30000000000000004),
              ("-1.2345678901234567890e-5", -1.2345678901234568e-05),
              ("6.02214076000000000001e23", 6.02214076e+23),
              ("123456789012345678901234567890", 1.2345678901234568e+29),
          ])
    func readsNearestDouble(literal: String, nearest: Double) throws {
        let fromDictionary = Self.fromDictionary(literal)
        let fromBytes = try Coordinate(parsing: #"{"n": \#(literal)}"#)
        #expect(fromDictionary.number == nearest)
        #expect(fromBytes.number == nearest)
        #expect(try Coordinate.read(from: fromDictionary.data()).number == nearest)
        #expect(try Coordinate.read(from: fromDictionary.data(format: .xmlPlist)).number == nearest)
        #expect(try Coordinate.read(from: fromDictionary.data(format: .binaryPlist)).number == nearest)
    }

    @Test("Codable encodes a long number as the Double nearest its digits")
    func codable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(CoordinateEnvelope(coordinate: Self.fromDictionary("-65.61361699999998")))
        #expect(String(decoding: data, as: UTF8.self) == #"{"coordinate":{"n":-65.61361699999998}}"#)
        #expect(try JSONDecoder().decode(CoordinateEnvelope.self, from: data).coordinate.number == -65.61361699999998)
    }

    @Test("a NaN decimal (what an overflowing NSDecimalNumber holds) has no JSON form")
    func notANumber() {
        let model = Coordinate(data: ["n": NSDecimalNumber.notANumber], mutable: false)
        #expect(throws: WrapModelError.unencodable(keyPath: "n", found: "NaN")) {
            try model.jsonData(options: [.keepUnmodeledKeys])
        }
    }
}
