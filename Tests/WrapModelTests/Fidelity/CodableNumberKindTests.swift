import Foundation
import Testing
import WrapModel

final class KindModel: WrapModel, @unchecked Sendable {
    let doubles = WP<[Double]>("doubles", defaultValue: [])
    @DoubleProperty("one") var one
    let big = WP<Any?>("big", defaultValue: nil)
}

final class BareModel: WrapModel, @unchecked Sendable {}

private struct Envelope<M: WrapModel>: Codable {
    let model: M
}

@Suite("Codable keeps numbers' kinds")
struct CodableNumberKindTests {
    static let json = #"{"doubles": [1.0, 0.5], "one": 1.0, "int": 3, "neg": -0.0, "flag": true, "big": 1e300, "u": 2.0}"#

    private func roundTrips<M: WrapModel>(_ model: M) throws -> [M] {
        let envelope = Envelope(model: model)
        let json = try JSONDecoder().decode(Envelope<M>.self, from: JSONEncoder().encode(envelope)).model
        let xmlEncoder = PropertyListEncoder()
        xmlEncoder.outputFormat = .xml
        let xml = try PropertyListDecoder().decode(Envelope<M>.self, from: xmlEncoder.encode(envelope)).model
        let binaryEncoder = PropertyListEncoder()
        binaryEncoder.outputFormat = .binary
        let binary = try PropertyListDecoder().decode(Envelope<M>.self, from: binaryEncoder.encode(envelope)).model
        return [json, xml, binary]
    }

    @Test("[1.0, 0.5] stays [1.0, 0.5] and 1.0 stays a Double through every coder")
    func doublesStayDoubles() throws {
        let model = try KindModel(parsing: Self.json)
        for back in try roundTrips(model) {
            #expect(back.doubles.value == [1.0, 0.5])
            #expect(back.one == 1.0)
            let data = back.originalModelData
            #expect(data["one"] as? Double == 1.0)
            #expect(data["int"] as? Int == 3)
            #expect(data["flag"] as? Bool == true)
            #expect(data["doubles"] as? [Double] == [1.0, 0.5])
            #expect((data["neg"] as? Double)?.sign == .minus)
            // No coder tells 2.0 from 2: an integral double comes back as an integer, and lossless
            // output writes unwritten values as the data holds them. Typed reads are unaffected.
            #expect(try back.jsonString(options: [.sortedKeys, .keepUnmodeledKeys])
                == #"{"big":1e+300,"doubles":[1,0.5],"flag":true,"int":3,"neg":-0.0,"one":1,"u":2}"#)
            #expect(try back.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"big":1e+300,"doubles":[1.0,0.5],"one":1.0}"#)
        }
    }

    @Test("unsigned numbers above Int.max keep their value through Codable and property lists")
    func unsignedNumbers() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"big": 18446744073709551615, "mid": 9223372036854775808}"#.utf8))
        let model = BareModel(data: object as! [String: Any], mutable: false)
        let expected = #"{"big":18446744073709551615,"mid":9223372036854775808}"#
        #expect(try model.jsonString(options: [.sortedKeys, .keepUnmodeledKeys]) == expected)
        for back in try roundTrips(model) {
            #expect(try back.jsonString(options: [.sortedKeys, .keepUnmodeledKeys]) == expected)
        }
        for format in [WrapDataFormat.xmlPlist, .binaryPlist] {
            let back = try BareModel.read(from: model.data(format: format), format: format)
            #expect(try back.jsonString(options: [.sortedKeys, .keepUnmodeledKeys]) == expected)
        }
    }
}
