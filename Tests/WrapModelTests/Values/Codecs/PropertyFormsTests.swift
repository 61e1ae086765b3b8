import Foundation
import Testing
import WrapModel

final class FormsRecord: WrapModel, @unchecked Sendable {
    @MutProperty("sku", asString: true) var sku: Int
    @Property("plain", asString: false) var plain: Int
    @MutProperty("alt", asString: true) var alternate: Int?
    @MutProperty("cents", transformer: "forms.cents", defaultValue: 0) var price: Double
    @Property("label", transformer: "forms.upper") var label: String?
    @Property("missing", transformer: "forms.nobody") var nobody: String?
}

@Suite("@Property spellings of 1.3.7's string integers and named transformers")
struct PropertyFormsTests {
    init() {
        WrapValueTransformers.register(name: "forms.cents",
                                       forward: { ($0 as? Int).map { Double($0) / 100 } },
                                       reverse: { ($0 as? Double).map { Int(($0 * 100).rounded()) } })
        WrapValueTransformers.register(name: "forms.upper", forward: { ($0 as? String)?.uppercased() }, reverse: nil)
    }

    @Test("asString reads numbers and numeric strings and writes a string, as WPIntStr")
    func intAsString() throws {
        let record = try #require(FormsRecord(json: #"{"sku": 2139, "plain": "12", "alt": "7"}"#, mutable: true))
        #expect(record.sku == 2139)
        #expect(record.plain == 12)
        #expect(record.alternate == 7)
        record.sku = 40
        record.alternate = nil
        #expect(try record.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"cents":0,"plain":12,"sku":"40"}"#)
    }

    @Test("transformer: forward on read, reverse on output; an unknown name is reported")
    func transformers() throws {
        let record = try #require(FormsRecord(json: #"{"cents": 1250, "label": "new", "missing": "x"}"#, mutable: true))
        #expect(record.price == 12.5)
        #expect(record.label == "NEW")
        #expect(record.nobody == nil)
        record.price = 3.99
        #expect(try record.jsonString(options: [.sortedKeys, .keepUnmodeledKeys]) == #"{"cents":399,"label":"new","missing":"x"}"#)
        #expect(record.validate().map(\.description).contains(#"missing: no value transformer named "forms.nobody""#))
    }
}
