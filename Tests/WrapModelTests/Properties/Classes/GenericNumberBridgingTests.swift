import Foundation
import Testing
import WrapModel

/// Generic declarations over numbers, which read with `as? T`.
final class Measurements: WrapModel, @unchecked Sendable {
    let matrix = WP<[[Double]]>("matrix", defaultValue: [])
    let optionalMatrix = WPOpt<[[Double]]>("matrix")
    let counts = WP<[String: [Int]]>("counts", defaultValue: [:])
    let weights = WP<[Float]>("weights", defaultValue: [])
    let flags = WP<[Bool]>("flags", defaultValue: [])
    let flag = WP<Bool>("flag", defaultValue: false)
    let ratio = WP<Double>("ratio", defaultValue: -1)
    let whole = WP<Int>("whole", defaultValue: -1)
    let wide = WP<Int64>("wide", defaultValue: -1)
    let optionalRatios = WPOpt<[Double]>("ratios")
    // Values that NSNumber bridging does not convert: each reads its default.
    let half = WP<Int>("half", defaultValue: -1)                   // 1.5 is not an Int
    let numericText = WP<Double>("numeric_text", defaultValue: -1)  // "2" is a string
    let numberAsText = WP<String>("ratio", defaultValue: "none")    // 3 is not a string
    let two = WP<Bool>("two", defaultValue: false)                  // only 0 and 1 are booleans
    let mixed = WP<[Int]>("mixed", defaultValue: [7])               // [1, 1.5]: the whole array fails
    let unsafeDouble = WP<Double>("beyond_2_53", defaultValue: -1)  // 2^53 + 1 has no exact Double
    let tenth = WP<[Float]>("tenth", defaultValue: [9])             // 0.1 has no exact Float
    let beyondFloat = WP<Float>("beyond_float", defaultValue: -1)   // 16777217 has no exact Float
    let negativeUnsigned = WP<UInt>("negative", defaultValue: 9)
    // Targets that are not numbers are cast as they always were.
    let rawCounts = WP<[String: Any]>("counts", defaultValue: [:])
    let rawMatrix = WP<[Any]>("matrix", defaultValue: [])
}

private struct MeasurementsEnvelope: Codable {
    let measurements: Measurements
}

@Suite("WrapProperty<T> reads numbers as bridged NSNumbers read, whatever made the data")
struct GenericNumberBridgingTests {
    static let json = #"""
    {"matrix": [[1, 0], [0.5, 2]],
     "counts": {"a": [1, 2], "b": [3.0]},
     "weights": [1, 0.5, 2],
     "flags": [0, 1, true, false],
     "flag": 1,
     "ratio": 3,
     "whole": 4.0,
     "wide": 9007199254740993,
     "ratios": [true, 2, -0.0],
     "half": 1.5,
     "numeric_text": "2",
     "two": 2,
     "mixed": [1, 1.5],
     "beyond_2_53": 9007199254740993,
     "tenth": [0.1],
     "beyond_float": 16777217,
     "negative": -1}
    """#

    /// Every value the declarations read, rendered exactly (types included).
    static func reading(_ model: Measurements) -> [String] {
        [
            "matrix \(model.matrix.value)",
            "optionalMatrix \(String(describing: model.optionalMatrix.value))",
            "counts \(model.counts.value.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })",
            "weights \(model.weights.value)",
            "flags \(model.flags.value)",
            "flag \(model.flag.value)",
            "ratio \(model.ratio.value)",
            "whole \(model.whole.value)",
            "wide \(model.wide.value)",
            "optionalRatios \(String(describing: model.optionalRatios.value))",
            "half \(model.half.value)",
            "numericText \(model.numericText.value)",
            "numberAsText \(model.numberAsText.value)",
            "two \(model.two.value)",
            "mixed \(model.mixed.value)",
            "unsafeDouble \(model.unsafeDouble.value)",
            "tenth \(model.tenth.value)",
            "beyondFloat \(model.beyondFloat.value)",
            "negativeUnsigned \(model.negativeUnsigned.value)",
            "rawCounts keys \(model.rawCounts.value.keys.sorted())",
            "rawMatrix count \(model.rawMatrix.value.count)",
        ]
    }

    static let expected = [
        "matrix [[1.0, 0.0], [0.5, 2.0]]",
        "optionalMatrix Optional([[1.0, 0.0], [0.5, 2.0]])",
        #"counts ["a=[1, 2]", "b=[3]"]"#,
        "weights [1.0, 0.5, 2.0]",
        "flags [false, true, true, false]",
        "flag true",
        "ratio 3.0",
        "whole 4",
        "wide 9007199254740993",
        "optionalRatios Optional([1.0, 2.0, -0.0])",
        "half -1",
        "numericText -1.0",
        "numberAsText none",
        "two false",
        "mixed [7]",
        "unsafeDouble -1.0",
        "tenth [9.0]",
        "beyondFloat -1.0",
        "negativeUnsigned 9",
        #"rawCounts keys ["a", "b"]"#,
        "rawMatrix count 2",
    ]

    /// The same document as `JSONSerialization` gives it (NSNumbers) and as the package parses it.
    static func sources() throws -> [(String, Measurements)] {
        [
            ("JSONSerialization dictionary", Measurements(data: jsonObject(json), mutable: false)),
            ("init(jsonData:)", try #require(Measurements(jsonData: Data(json.utf8)))),
            ("init(parsing:)", try Measurements(parsing: json)),
        ]
    }

    @Test("a model reads [[Double]], [String: [Int]], [Float] and Bool from 0/1 the same from a JSONSerialization dictionary and from bytes")
    func sameFromDictionaryAndBytes() throws {
        for (source, model) in try Self.sources() {
            #expect(Self.reading(model) == Self.expected, "\(source)")
        }
    }

    @Test("the same declarations read the same after a persistence round trip", arguments: WrapDataFormat.allCases)
    func sameAfterPersistence(format: WrapDataFormat) throws {
        for (source, model) in try Self.sources() {
            let back = try Measurements.read(from: model.data(format: format))
            #expect(Self.reading(back) == Self.expected, "\(source) through \(format)")
        }
    }

    @Test("the same declarations read the same after a keyed archive round trip")
    func sameAfterArchive() throws {
        for (source, model) in try Self.sources() {
            let back = try #require(try archiveRoundTrip(model))
            #expect(Self.reading(back) == Self.expected, "\(source)")
        }
    }

    @Test("the same declarations read the same after a Codable round trip")
    func sameAfterCodable() throws {
        for (source, model) in try Self.sources() {
            let data = try JSONEncoder().encode(MeasurementsEnvelope(measurements: model))
            let back = try JSONDecoder().decode(MeasurementsEnvelope.self, from: data).measurements
            #expect(Self.reading(back) == Self.expected, "\(source)")
        }
    }

    @Test("long numbers (NSDecimalNumber from JSONSerialization) read as from bytes: the Double nearest their digits, integers exactly")
    func longNumbers() throws {
        let json = #"{"v": [-65.61361699999998, 0.30000000000000004441], "w": [-9223372036854775808], "x": [100.00000000000000000001]}"#
        for model in [LongNumbers(data: jsonObject(json), mutable: false), try LongNumbers(parsing: json)] {
            #expect(model.doubles.value == [-65.61361699999998, 0.30000000000000004])
            #expect(model.integers.value == [Int.min])
            #expect(model.nearlyWhole.value == [100])
            #expect(model.nearlyWholeAsDouble.value == [100])
        }
    }

    @Test("one number reads alike whether JSONSerialization (an NSNumber) or the package's reader (a Swift value) made it",
          arguments: [
              ("1", "Double", "1.0"), ("true", "Double", "1.0"), ("1.5", "Int", "default"), ("2", "Bool", "default"),
              ("0", "Bool", "false"), ("1.0", "Bool", "true"), ("-0.0", "Bool", "false"), ("0.5", "Float", "0.5"),
              ("0.1", "Float", "default"), ("4.0", "Int", "4"), ("true", "Int", "1"), ("\"1\"", "Int", "default"),
          ])
    func swiftAndFoundationAlike(literal: String, type: String, expected: String) throws {
        let json = #"{"v": \#(literal)}"#
        let fromFoundation = Scalars(data: jsonObject(json), mutable: false)
        let fromBytes = try Scalars(parsing: json)
        #expect(fromFoundation.reading(type) == expected)
        #expect(fromBytes.reading(type) == expected)
    }
}

final class LongNumbers: WrapModel, @unchecked Sendable {
    let doubles = WP<[Double]>("v", defaultValue: [])
    let integers = WP<[Int]>("w", defaultValue: [])
    let nearlyWhole = WP<[Int]>("x", defaultValue: [7])            // the nearest Double is 100.0
    let nearlyWholeAsDouble = WP<[Double]>("x", defaultValue: [])
}

/// One generic declaration of each number type over the same key.
final class Scalars: WrapModel, @unchecked Sendable {
    let int = WP<Int?>("v", defaultValue: nil)
    let double = WP<Double?>("v", defaultValue: nil)
    let float = WP<Float?>("v", defaultValue: nil)
    let bool = WP<Bool?>("v", defaultValue: nil)

    func reading(_ type: String) -> String {
        let value: Any? = switch type {
        case "Int": int.value
        case "Double": double.value
        case "Float": float.value
        default: bool.value
        }
        return value.map { "\($0)" } ?? "default"
    }
}
