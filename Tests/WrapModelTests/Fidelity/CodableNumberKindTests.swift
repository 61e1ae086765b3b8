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

    @Test("typed reads give [1.0, 0.5] and 1.0 as Doubles through every coder; the data keeps each value's kind, but an integral double is an integer")
    func doublesStayDoubles() throws {
        let model = try KindModel(parsing: Self.json)
        for back in try roundTrips(model) {
            #expect(back.doubles.value == [1.0, 0.5])
            #expect(type(of: back.doubles.value) == [Double].self)
            #expect(back.one == 1.0)
            // `as? Double` would accept an integer NSNumber too: the canonical form tells them apart.
            #expect(canonical(back.originalModelData)
                == "{big=d:1e+300,doubles=[i:1,d:0.5],flag=b:true,int=i:3,neg=d:-0.0,one=i:1,u=i:2}")
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
