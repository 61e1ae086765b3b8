import Foundation
import Testing
import WrapModel

final class DecimalTrack: WrapModel, @unchecked Sendable {
    let points = WP<[Double]>("points", defaultValue: [])
    /// Kept as the data holds them, so equality compares the numbers themselves.
    let samples = WP<[Any]>("samples", defaultValue: [])
}

final class DecimalRoute: WrapModel, @unchecked Sendable {
    let id = WPInt("id")
    let track = WPModel<DecimalTrack>("track")
}

class DecimalShape: WrapModel, WrapPolymorphic, @unchecked Sendable {
    static var subclassSelector: WrapSubclassSelector {
        .discriminator("kind", ["339430301": DecimalSquare.self, "9223372036854775807": DecimalCircle.self])
    }
}

final class DecimalSquare: DecimalShape, @unchecked Sendable {}
final class DecimalCircle: DecimalShape, @unchecked Sendable {}

final class DecimalReading: WrapModel, @unchecked Sendable {
    let value = WPNumFloat("value")
}

private struct DecimalRouteEnvelope: Codable {
    let route: DecimalRoute
}

/// Numbers held as `NSDecimalNumber` (what `JSONSerialization` makes of a literal with many digits
/// or of an integer at `Int64`'s edges), whose Linux `doubleValue` is not correctly rounded
/// (`339430301.000000000000000000001` gives `339430300.9999999`).
@Suite("NSDecimalNumber values compare and encode by their exact digits")
struct DecimalNumberTests {
    private static func decimal(_ text: String) -> NSDecimalNumber { NSDecimalNumber(string: text) }

    /// A route whose `id` holds `id` and whose submodel's `points` and `samples` hold `numbers`,
    /// all as `NSDecimalNumber`s.
    private static func route(id: String, numbers: [String]) -> DecimalRoute {
        let decimals: [Any] = numbers.map(decimal)
        return DecimalRoute(data: ["id": decimal(id), "track": ["points": decimals, "samples": decimals]], mutable: false)
    }

    /// The same route over what `JSONSerialization` makes of its JSON text.
    private static func parsedRoute(id: String, numbers: [String]) -> DecimalRoute {
        let list = numbers.joined(separator: ", ")
        return DecimalRoute(data: jsonObject(#"{"id": \#(id), "track": {"points": [\#(list)], "samples": [\#(list)]}}"#), mutable: false)
    }

    private static func archived(_ model: DecimalRoute) throws -> DecimalRoute {
        let data = try NSKeyedArchiver.archivedData(withRootObject: model, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: DecimalRoute.self, from: data))
    }

    @Test("a model over JSONSerialization's decimals, stored as JSON or archived and read back, equals the original, with an equal hash",
          arguments: [
              ["338937284.000000000000000000001", "-65.613616999999977"],
              ["339430301.000000000000000000001", "0.30000000000000004441"],
              ["-9223372036854775808", "-65.613616999999977"],
          ])
    func storedCopyIsEqual(numbers: [String]) throws {
        let parsed = Self.parsedRoute(id: "7", numbers: numbers)
        let samples = parsed.track.value?.samples.value ?? []
        #expect(samples.count == 2 && samples.allSatisfy { $0 is NSDecimalNumber })
        for original in [parsed, Self.route(id: "7", numbers: numbers)] {
            for copy in [try DecimalRoute.read(from: original.data(format: .json)), try Self.archived(original)] {
                #expect(copy == original)
                #expect(original == copy)
                #expect(copy.hash == original.hash)
            }
        }
    }

    @Test("integral decimals at Int64's edges and up to UInt64.max survive every stored format, and compare equal")
    func storedIntegersAreEqual() throws {
        let original = Self.route(id: "-9223372036854775808",
                                  numbers: ["-9223372036854775808", "9223372036854775807", "18446744073709551615"])
        let formats: [WrapDataFormat] = [.json, .xmlPlist, .binaryPlist]
        for copy in try formats.map({ try DecimalRoute.read(from: original.data(format: $0), format: $0) }) + [try Self.archived(original)] {
            #expect(copy.id.value == Int.min)
            #expect(canonical(copy.track.value?.samples.value) == "[i:-9223372036854775808,i:9223372036854775807,i:18446744073709551615]")
            #expect(copy == original)
            #expect(copy.hash == original.hash)
        }
    }

    @Test("a decimal equals the Double nearest its digits, and an integral one the integer it holds")
    func comparesByNearestDouble() {
        func track(_ sample: Any) -> DecimalTrack { DecimalTrack(data: ["samples": [sample]], mutable: false) }
        let decimal = track(Self.decimal("338937284.000000000000000000001"))
        #expect(decimal == track(338937284.0))
        #expect(decimal.hash == track(338937284.0).hash)
        #expect(decimal == track(338937284))
        #expect(decimal.hash == track(338937284).hash)
        #expect(decimal != track((338937284.0 as Double).nextUp))
        #expect(track(Self.decimal("-65.613616999999977")) == track(-65.61361699999998))
        #expect(track(Self.decimal("-65.613616999999977")).hash == track(-65.61361699999998).hash)

        #expect(track(Self.decimal("-9223372036854775808")) == track(Int.min))
        #expect(track(Self.decimal("-9223372036854775808")).hash == track(Int.min).hash)
        #expect(track(Self.decimal("18446744073709551615")) == track(UInt64.max))
        #expect(track(Self.decimal("18446744073709551615")).hash == track(UInt64.max).hash)
        #expect(track(Self.decimal("18446744073709551614")) != track(UInt64.max))
    }

    @Test("a typed array of NSDecimalNumbers reads the Doubles nearest their digits")
    func typedDecimalArray() {
        let decimals = ["338937284.000000000000000000001", "-65.613616999999977"].map(Self.decimal)
        #expect(DecimalTrack(data: ["points": decimals], mutable: false).points.value == [338937284.0, -65.61361699999998])
    }

    private static func codableCopies(_ route: DecimalRoute) throws -> [DecimalRoute] {
        let envelope = DecimalRouteEnvelope(route: route)
        let json = try JSONDecoder().decode(DecimalRouteEnvelope.self, from: JSONEncoder().encode(envelope)).route
        let xmlEncoder = PropertyListEncoder()
        xmlEncoder.outputFormat = .xml
        let xml = try PropertyListDecoder().decode(DecimalRouteEnvelope.self, from: xmlEncoder.encode(envelope)).route
        let binaryEncoder = PropertyListEncoder()
        binaryEncoder.outputFormat = .binary
        let binary = try PropertyListDecoder().decode(DecimalRouteEnvelope.self, from: binaryEncoder.encode(envelope)).route
        return [json, xml, binary]
    }

    @Test("Codable gives back an integral decimal that fits Int as that Int",
          arguments: [
              ("-9223372036854775808", Int.min),
              ("9223372036854775807", Int.max),
              ("339430301", 339430301),
              ("-4.0", -4),
          ])
    func codableKeepsInt(text: String, expected: Int) throws {
        let route = Self.route(id: text, numbers: [])
        #expect(route.id.value == expected)
        for copy in try Self.codableCopies(route) {
            #expect(copy.id.value == expected)
            #expect(canonical(copy.outputData()["id"]) == "i:\(expected)")
        }
    }

    @Test("Codable gives back an integral decimal above Int.max that fits UInt64 as that integer")
    func codableKeepsUnsigned() throws {
        let route = Self.route(id: "18446744073709551615", numbers: ["9223372036854775808"])
        for copy in try Self.codableCopies(route) {
            #expect(try copy.jsonString(options: [.sortedKeys, .keepUnmodeledKeys])
                == #"{"id":18446744073709551615,"track":{"points":[9223372036854775808],"samples":[9223372036854775808]}}"#)
        }
    }

    @Test("Codable gives back any other decimal as the Double nearest its digits")
    func codableNearestDouble() throws {
        let route = Self.route(id: "1", numbers: ["339430301.000000000000000000001", "-65.613616999999977",
                                                  "123456789012345678901234567890"])
        for copy in try Self.codableCopies(route) {
            #expect(copy.track.value?.points.value == [339430301, -65.61361699999998, 1.2345678901234568e+29])
            #expect(canonical(copy.track.value?.samples.value) == "[i:339430301,d:-65.61361699999998,d:1.2345678901234568e+29]")
            #expect(copy == route)
            #expect(copy.hash == route.hash)
        }
    }

    @Test("a store identity held as a decimal is the identity the same literal gives from bytes")
    func identity() throws {
        for (literal, expected) in [("339430301.000000000000000000001", WrapModelIdentity.int(339430301)),
                                    ("9223372036854775807", .int(Int.max)),
                                    ("-9223372036854775808", .int(Int.min))] {
            let fromDictionary = try #require(jsonObject(#"{"id": \#(literal)}"#)["id"])
            let fromBytes = try #require(try DecimalRoute(parsing: #"{"id": \#(literal)}"#).originalModelData["id"])
            #expect(WrapModelIdentity(fromDictionary) == expected)
            #expect(WrapModelIdentity(fromBytes) == expected)
            #expect(WrapModelIdentity(Self.decimal(literal)) == expected)
        }
        #expect(WrapModelIdentity(Self.decimal("-65.613616999999977")) == nil)
    }

    @Test("a numeric discriminator held as a decimal selects the class the same literal selects from bytes")
    func discriminator() throws {
        for (literal, expected) in [("339430301.000000000000000000001", DecimalSquare.self as DecimalShape.Type),
                                    ("9223372036854775807", DecimalCircle.self)] {
            let json = #"{"kind": \#(literal)}"#
            #expect(type(of: DecimalShape.model(data: jsonObject(json), mutable: false)) == expected)
            #expect(type(of: DecimalShape.model(data: ["kind": Self.decimal(literal)], mutable: false)) == expected)
            #expect(type(of: try DecimalShape.model(parsing: json)) == expected)
        }
    }

    @Test("an NSNumber float property written with a decimal outputs the Double nearest its digits")
    func numberFloatOutput() {
        let reading = DecimalReading(data: [:], mutable: true)
        reading.value.value = Self.decimal("-65.613616999999977")
        #expect(canonical(reading.outputData()["value"]) == "d:-65.61361699999998")
        reading.value.value = Self.decimal("339430301.000000000000000000001")
        #expect(canonical(reading.outputData()["value"]) == "d:339430301.0")
    }
}
