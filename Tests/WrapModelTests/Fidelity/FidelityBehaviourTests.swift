import Foundation
import Testing
import WrapModel

final class FidPurchase: WrapModel, @unchecked Sendable {
    @StrProperty("sku") var sku
}

final class FidLists: WrapModel, @unchecked Sendable {
    @OptDictModelArrayProperty("lists") var lists: [String: [FidPurchase]]?
}

class FidBase: WrapModel, @unchecked Sendable {
    @StrProperty("name") var name
}

final class FidDerived: FidBase, @unchecked Sendable {
    @StrProperty("extra", serializeForOutput: false) var extra
}

final class FidAddress: WrapModel, @unchecked Sendable {
    @StrProperty("street") var street
    @StrProperty("city") var city
}

final class FidPerson: WrapModel, @unchecked Sendable {
    @ModelProperty("address") var address: FidAddress?
    @StrProperty("address.city") var city
}

@Suite("1.3.7 behaviours kept")
struct FidelityBehaviourTests {
    @Test("a dictionary of model arrays leaves out entries that are not arrays or hold no model")
    func dictionaryOfModelArrays() throws {
        let model = try FidLists(parsing: #"{"lists": {"new": [{"sku": "A"}], "old": [{"sku": "B"}, 3], "empty": [], "not": null, "not2": [null], "text": "x"}}"#)
        let lists = try #require(model.lists)
        #expect(lists.keys.sorted() == ["empty", "new", "old"])
        #expect(lists["old"]?.map(\.sku) == ["B"])
        #expect(model.validate().map(\.description) == [
            "lists: 2 elements did not convert and were dropped",
            "lists.not2: 1 element did not convert and was dropped",
            "lists.old: 1 element did not convert and was dropped",
        ])
    }

    @Test("models of different classes over the same current data are equal, with equal hashes")
    func equalityAcrossClasses() throws {
        // 1.3.7's contract: equality compares currentModelData(withNulls: false, forOutput: false),
        // so serialisation mode does not matter and neither does the class.
        let json = #"{"name": "Ada", "extra": "x"}"#
        let always = try FidDerivedForOutput(parsing: json)
        let never = try FidDerived(parsing: json)
        #expect(always.isEqualToModel(model: never))
        #expect(always == never)
        #expect(always.isEqual(never))
        #expect(always.hash == never.hash)
        // The base class does not declare "extra", so its current data differs.
        #expect(!(try FidBase(parsing: json)).isEqualToModel(model: never))
        let a = FidBase(data: ["name": "Ada"], mutable: false)
        let b = FidPurchaseLike(data: ["name": "Ada"], mutable: false)
        #expect(a == b && a.hash == b.hash)
    }

    @Test("output -> model -> output is a fixed point where a submodel and a dotted key path overlap")
    func overlapFixedPoint() throws {
        for json in [#"{}"#, #"{"address": {}}"#, #"{"address": {"city": "Rome"}}"#, #"{"address": "text"}"#] {
            let first = try FidPerson(parsing: json).currentModelData(withNulls: false)
            let second = FidPerson(data: first, mutable: false).currentModelData(withNulls: false)
            #expect(canonical(first) == canonical(second), "\(json)")
        }
        #expect(canonical(try FidPerson(parsing: #"{}"#).currentModelData(withNulls: false)) == "{}")
        #expect(canonical(try FidPerson(parsing: #"{"address": {}}"#).currentModelData(withNulls: false))
                == "{address={city=s:,street=s:}}")
    }
}

final class FidDerivedForOutput: FidBase, @unchecked Sendable {
    @StrProperty("extra", serializeForOutput: true) var extra
}

final class FidPurchaseLike: WrapModel, @unchecked Sendable {
    @StrProperty("name") var name
}
