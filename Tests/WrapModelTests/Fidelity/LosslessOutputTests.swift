import Foundation
import Testing
import WrapModel

enum FidStatus: Int, WrapConvertibleEnum, Sendable {
    case new, paid
    static func conversionDict() -> [String: FidStatus] { ["new": .new, "paid": .paid] }
}

final class FidOrder: WrapModel, @unchecked Sendable {
    @DateProperty("joined", dateType: .iso8601) var joined
    @DateProperty("last_login", dateType: .dibs) var lastLogin
    @IntStrProperty("qty") var quantity
    @IntProperty("price") var price
    @BoolProperty("flag", boolType: .yesNo) var flag
    @MutEnumProperty("status", defaultEnum: .new) var status: FidStatus
    @EnumProperty("kind", defaultEnum: .new) var kind: FidStatus
    @DoubleProperty("ratio") var ratio
    @StrProperty("absent") var absent
    @MutOptStrProperty("note") var note
}

final class FidLine: WrapModel, @unchecked Sendable {
    @MutStrProperty("sku") var sku
    @MutIntProperty("qty") var quantity
}

final class FidCustomer: WrapModel, @unchecked Sendable {
    @MutStrProperty("name") var name
    @MutStrProperty("address.city") var city
    @ModelProperty("card") var card: FidCard?
    @MutModelArrayProperty("lines") var lines: [FidLine]
    @MutStrProperty("internal", serializeForOutput: false) var internalCode
}

final class FidCard: WrapModel, @unchecked Sendable {
    @MutStrProperty("last4") var last4
    @StrProperty("token", serializeForOutput: false) var token
}

@Suite("Lossless output: what a client posts back is what it received")
struct LosslessOutputTests {
    static let order = #"{"joined":"2016-11-01T21:14:33.5Z","last_login":"2016-11-01T09:30:00.000-05:00","qty":"3","price":24,"flag":"Yes","status":"new","kind":"bogus","ratio":1.0,"big":12345678901234567890123,"e":1e2,"esc":"a\u00e9\/b"}"#

    @Test("an unmodified model writes the document back byte for byte")
    func unmodified() throws {
        let model = try FidOrder(parsing: Self.order)
        _ = (model.joined, model.lastLogin, model.quantity, model.price, model.flag, model.kind, model.ratio, model.absent)
        #expect(try model.jsonString(options: [.keepUnmodeledKeys]) == Self.order)
        #expect(try model.jsonData(options: [.keepUnmodeledKeys]) == Data(Self.order.utf8))
    }

    @Test("only the written property is converted; everything else keeps its text, type and order")
    func oneWrite() throws {
        let model = try FidOrder(parsing: Self.order, mutable: true)
        model.status = .paid
        #expect(try model.jsonString(options: [.keepUnmodeledKeys]) == Self.order.replacingOccurrences(
            of: #""status":"new""#, with: #""status":"paid""#))
    }

    @Test("without keepUnmodeledKeys output is 1.3.7's: every declared property in its declared form")
    func declaredForm() throws {
        let model = try FidOrder(parsing: Self.order, mutable: true)
        model.status = .paid
        #expect(try model.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"absent":"","flag":"yes","joined":"2016-11-01T21:14:33Z","kind":"new","last_login":"2016-11-01T14:30:00.000+00:00","price":24,"qty":"3","ratio":1.0,"status":"paid"}"#)
    }

    @Test("a written nil removes the member, or writes null with withNulls; a new member goes last")
    func nilAndNew() throws {
        let model = try FidOrder(parsing: #"{"note":"x","price":1}"#, mutable: true)
        model.note = nil
        #expect(try model.jsonString(options: [.keepUnmodeledKeys]) == #"{"price":1}"#)
        #expect(try model.jsonString(options: [.keepUnmodeledKeys, .withNulls]) == #"{"note":null,"price":1}"#)
        model.note = "y"
        #expect(try model.jsonString(options: [.keepUnmodeledKeys]) == #"{"note":"y","price":1}"#)
        let other = try FidOrder(parsing: #"{"price":1}"#, mutable: true)
        other.note = "z"
        #expect(try other.jsonString(options: [.keepUnmodeledKeys]) == #"{"price":1,"note":"z"}"#)
    }

    @Test("nested writes: a dotted key path, a submodel and one element of a model array")
    func nested() throws {
        let json = #"{"name":"Ada","address":{"city":"London","zip":"N1"},"card":{"last4":"1234","token":"t","brand":"V"},"lines":[{"sku":"A","qty":1,"x":1.50},{"sku":"B","qty":2}],"internal":"i","extra":[1,2.0]}"#
        let customer = try FidCustomer(parsing: json, mutable: true)
        customer.city = "Paris"
        customer.lines[1].quantity = 3
        // The non-output property and the card's token are left out; the rest is as it came.
        #expect(try customer.jsonString(options: [.keepUnmodeledKeys]) ==
            #"{"name":"Ada","address":{"city":"Paris","zip":"N1"},"card":{"last4":"1234","brand":"V"},"lines":[{"sku":"A","qty":1,"x":1.50},{"sku":"B","qty":3}],"extra":[1,2.0]}"#)
        #expect(try customer.jsonString(options: [.keepUnmodeledKeys, .includeNonOutputProperties]) ==
            #"{"name":"Ada","address":{"city":"Paris","zip":"N1"},"card":{"last4":"1234","token":"t","brand":"V"},"lines":[{"sku":"A","qty":1,"x":1.50},{"sku":"B","qty":3}],"internal":"i","extra":[1,2.0]}"#)
    }

    @Test("pretty printing and sorted keys lay out verbatim parts like the rest")
    func layout() throws {
        let model = try FidOrder(parsing: #"{"z": [1.0, {"b": "\u0041", "a": null}], "price": 2}"#)
        #expect(try model.jsonString(options: [.keepUnmodeledKeys, .sortedKeys]) == #"{"price":2,"z":[1.0,{"a":null,"b":"\u0041"}]}"#)
        #expect(try model.jsonString(options: [.keepUnmodeledKeys, .prettyPrinted]) == """
            {
              "z" : [
                1.0,
                {
                  "b" : "\\u0041",
                  "a" : null
                }
              ],
              "price" : 2
            }
            """)
    }

    @Test("outputData with keepUnmodeledKeys gives the same content as plain values")
    func outputDataPlain() throws {
        let model = try FidOrder(parsing: Self.order)
        let data = model.outputData(options: [.keepUnmodeledKeys])
        #expect(data["qty"] as? String == "3")
        #expect(data["price"] as? Int == 24)
        #expect(data["ratio"] as? Double == 1.0)
        #expect(data["kind"] as? String == "bogus")
        #expect(data["joined"] as? String == "2016-11-01T21:14:33.5Z")
        #expect(data.count == 11)
    }

    @Test("a dictionary-backed model keeps unwritten values as the dictionary holds them")
    func dictionaryBacked() throws {
        let model = FidOrder(data: ["qty": "3", "price": 24, "kind": "bogus", "flag": "Yes"], mutable: true)
        model.status = .paid
        #expect(try model.jsonString(options: [.keepUnmodeledKeys, .sortedKeys]) == #"{"flag":"Yes","kind":"bogus","price":24,"qty":"3","status":"paid"}"#)
    }

    @Test("a Float array is output as [Float] and written in each Float's shortest form")
    func floatArrays() throws {
        final class Floats: WrapModel, @unchecked Sendable {
            @MutFloatArrayProperty("f") var values
            @MutFloatProperty("one") var one
        }
        let model = try Floats(parsing: #"{"f":[7.7,0.1],"one":7.7}"#, mutable: true)
        #expect(model.currentModelData(withNulls: false)["f"] as? [Float] == [7.7, 0.1])
        #expect(model.currentModelData(withNulls: false)["one"] as? Double == 7.7)
        model.values = [7.7, 2.5]
        #expect(try model.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"f":[7.7,2.5],"one":7.7}"#)
    }
}
