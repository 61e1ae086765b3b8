import Foundation
import Testing
import WrapModel

final class FidItem: WrapModel, @unchecked Sendable {
    @MutProperty("n") var number: Int
}

final class FidBasket: WrapModel, @unchecked Sendable {
    @MutProperty("items") var items: [FidItem]
    @MutProperty("wrapped", embedPath: "item") var wrapped: [FidItem]
    @MutProperty("byName") var byName: [String: FidItem]
    @MutProperty("groups") var groups: [String: [FidItem]]
}

@Suite("Lossless output of model collections written inside")
struct LosslessCollectionTests {
    @Test("a model array keeps its elements that are not objects, in place, when one model is written")
    func arrayKeepsNonObjects() throws {
        let basket = try #require(FidBasket(json: #"{"items":[{"n":1,"x":"keep"}, 7, null, "s", {"n":2}],"z":1}"#, mutable: true))
        #expect(basket.items.count == 2)
        basket.items[1].number = 5
        #expect(try basket.jsonString(options: [.keepUnmodeledKeys]) == #"{"items":[{"n":1,"x":"keep"},7,null,"s",{"n":5}],"z":1}"#)
    }

    @Test("an embedded model array keeps each wrapper's other members")
    func embeddedKeepsWrapperMembers() throws {
        let json = #"{"wrapped":[{"rank":1,"item":{"n":1}},{"item":{"n":2,"t":1.0},"rank":2.50},{"rank":3}]}"#
        let basket = try #require(FidBasket(json: json, mutable: true))
        #expect(basket.wrapped.map(\.number) == [1, 2])
        basket.wrapped[1].number = 9
        #expect(try basket.jsonString(options: [.keepUnmodeledKeys])
            == #"{"wrapped":[{"rank":1,"item":{"n":1}},{"item":{"n":9,"t":1.0},"rank":2.50},{"rank":3}]}"#)
    }

    @Test("a model dictionary keeps member order and its entries that are not objects")
    func dictionaryKeepsEntries() throws {
        let json = #"{"byName":{"b":{"n":1},"skip":4,"a":{"n":2},"nil":null}}"#
        let basket = try #require(FidBasket(json: json, mutable: true))
        basket.byName["a"]?.number = 3
        #expect(try basket.jsonString(options: [.keepUnmodeledKeys]) == #"{"byName":{"b":{"n":1},"skip":4,"a":{"n":3},"nil":null}}"#)
    }

    @Test("a dictionary of model arrays keeps the entries 1.3.7 leaves out, and each array's other elements")
    func dictionaryOfArraysKeepsEntries() throws {
        let json = #"{"groups":{"x":[{"n":1},"odd"],"bad":3,"empty":[],"none":["a"]}}"#
        let basket = try #require(FidBasket(json: json, mutable: true))
        #expect(basket.groups.keys.sorted() == ["empty", "x"])
        basket.groups["x"]?[0].number = 8
        #expect(try basket.jsonString(options: [.keepUnmodeledKeys]) == #"{"groups":{"x":[{"n":8},"odd"],"bad":3,"empty":[],"none":["a"]}}"#)
    }

    @Test("an array assigned whole is written from its models, and 1.3.7 output is unchanged")
    func assignedArrayIsWrittenWhole() throws {
        let basket = try #require(FidBasket(json: #"{"items":[{"n":1}, 7]}"#, mutable: true))
        basket.items = [basket.items[0]]
        #expect(try basket.jsonString(options: [.keepUnmodeledKeys]) == #"{"items":[{"n":1}]}"#)
        let other = try #require(FidBasket(json: #"{"items":[{"n":1}, 7]}"#, mutable: true))
        other.items[0].number = 2
        #expect(try other.jsonString(options: [.declaredOnly, .sortedKeys]) == #"{"byName":{},"groups":{},"items":[{"n":2}],"wrapped":[]}"#)
    }
}
