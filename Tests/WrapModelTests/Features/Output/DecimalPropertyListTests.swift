import Foundation
import Testing
import WrapModel

final class PlistPrice: WrapModel, @unchecked Sendable {
    @MutProperty("price") var price: Decimal
    @MutProperty("big") var big: Decimal?
}

@Suite("Decimal values in property lists")
struct DecimalPropertyListTests {
    @Test("a written Decimal survives every format exactly, as a real, an integer or its text", arguments: [
        WrapDataFormat.json, .xmlPlist, .binaryPlist,
    ])
    func writtenDecimals(format: WrapDataFormat) throws {
        let model = try #require(PlistPrice(json: #"{"price": 1}"#, mutable: true))
        model.price = Decimal(string: "0.3")!
        model.big = Decimal(string: "12345678901234567890.123")!
        let back = try PlistPrice.read(from: model.data(format: format))
        #expect(back.price == Decimal(string: "0.3"))
        #expect(back.big == Decimal(string: "12345678901234567890.123"))
        model.price = 42
        #expect(try PlistPrice.read(from: model.data(format: format)).price == 42)
    }

    @Test("XML property lists write a Decimal as a real when a Double holds it, else as its exact text")
    func xmlForms() throws {
        let model = try #require(PlistPrice(json: "{}", mutable: true))
        model.price = Decimal(string: "0.3")!
        model.big = Decimal(string: "12345678901234567890.123")!
        let text = try model.string(format: .xmlPlist)
        #expect(text.contains("<key>price</key>\n\t<real>0.3</real>"))
        #expect(text.contains("<key>big</key>\n\t<string>12345678901234567890.123</string>"))
        model.big = 7
        #expect(try model.string(format: .xmlPlist).contains("<key>big</key>\n\t<integer>7</integer>"))
    }
}
