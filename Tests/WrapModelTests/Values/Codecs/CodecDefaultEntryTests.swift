import Foundation
import Testing
import WrapModel

/// Integers, with its own fallback entry: it reads `defaultValue + 1000` where nothing converts,
/// so a test can tell which entry a property called.
struct MarkedFallbackCodec: WrapValueCodec {
    var expectedDescription: String { "integer" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Int? { stored.int }

    func encode(_ value: Int, context: WrapEncodingContext) -> Any? { value }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext, default defaultValue: Int) -> Int {
        decode(stored, context: context) ?? defaultValue + 1000
    }
}

final class FallbackModel: WrapModel, @unchecked Sendable {
    @Property("marked", codec: MarkedFallbackCodec(), defaultValue: 7) var marked: Int
    @Property("money") var money: Money?
    @Property("count", defaultValue: 5) var count: Int
    @Property("maybe") var maybe: Int?
}

@Suite("Codecs: the decode entry with a default")
struct CodecDefaultEntryTests {
    @Test("a property converts through the codec's decode(_:context:default:)")
    func propertiesUseTheDefaultedEntry() {
        let model = FallbackModel(data: ["marked": "x"], mutable: false)
        #expect(model.marked == 1007)
        #expect(FallbackModel(data: ["marked": 3], mutable: false).marked == 3)
        #expect(FallbackModel(data: [:], mutable: false).marked == 7)   // absent: no conversion at all
    }

    @Test("codecs without their own entry read their value, or the default when it does not convert")
    func defaultImplementation() {
        let model = FallbackModel(data: ["money": ["amount": 2, "currency": "EUR"], "count": "many", "maybe": "no"], mutable: false)
        #expect(model.money == Money(amount: 2, currency: "EUR"))
        #expect(model.count == 5)
        #expect(model.maybe == nil)
        let converted = FallbackModel(data: ["money": ["amount": "bad"], "count": 9, "maybe": 4], mutable: false)
        #expect(converted.money == nil)
        #expect(converted.count == 9)
        #expect(converted.maybe == 4)
    }
}
