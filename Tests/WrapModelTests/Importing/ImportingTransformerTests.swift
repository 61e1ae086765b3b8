import Foundation
import Testing
import WrapModel

/// Registers the transformers these tests use (registering again replaces with the same closures).
enum ImpTransformers {
    static func register() {
        WrapValueTransformers.register(
            name: "imp.cents",
            forward: { value in (value as? Int).map { Double($0) / 100 } },
            reverse: { value in (value as? Double).map { Int(($0 * 100).rounded()) } })
        WrapValueTransformers.register(
            name: "imp.upper",
            forward: { value in (value as? String)?.uppercased() },
            reverse: { value in (value as? String)?.lowercased() })
        WrapValueTransformers.register(name: "imp.oneway", forward: { value in (value as? String).map { "<\($0)>" } })
    }
}

final class ImpPrice: WrapModel, @unchecked Sendable {
    let amount = WPTransformed<Double>("amount_cents", transformer: "imp.cents", defaultValue: -1)
    let optAmount = WPOptTransformed<Double>("opt_cents", transformer: "imp.cents")
    let tag = WrapPropertyTransformed<String>("tag", transformer: "imp.oneway", defaultValue: "")
    @TransformedProperty("label", transformer: "imp.upper") var label: String
    @MutTransformedProperty("total_cents", transformer: "imp.cents") var total: Double
    @MutOptTransformedProperty("nick", transformer: "imp.upper") var nick: String?
    @MutTransformedProperty("fee_cents", transformer: "imp.cents", defaultValue: 2.5) var fee: Double
}

/// Transformers that return Foundation numbers, as code written for Apple platforms often does.
final class ImpFoundationNumbers: WrapModel, @unchecked Sendable {
    @TransformedProperty("amount", transformer: "imp.decimal") var amount: Double
    @OptTransformedProperty("amounts", transformer: "imp.decimals") var amounts: [Double]?
    @TransformedProperty("count", transformer: "imp.decimal") var count: Int
    @TransformedProperty("whole", transformer: "imp.int") var whole: Double
    @Property("plain") var plain: Double
}

final class ImpLateTransformed: WrapModel, @unchecked Sendable {
    let late = WPTransformed<String>("late", transformer: "imp.late", defaultValue: "none")
}

final class ImpUnknownTransformed: WrapModel, @unchecked Sendable {
    let value = WPTransformed<Int>("value", transformer: "imp.never-registered", defaultValue: 42)
    @OptTransformedProperty("nested.other", transformer: "imp.never-registered-either") var other: String?
    let plain = WPInt("plain")
}

@Suite("Importing: named value transformers")
struct ImportingTransformerTests {
    init() { ImpTransformers.register() }

    @Test("Forward conversion on read, classic and wrapper declarations")
    func forward() throws {
        let price = try #require(ImpPrice(json: #"{"amount_cents": 1999, "opt_cents": 5, "label": "hello", "total_cents": 250, "nick": "bo", "tag": "t"}"#))
        #expect(price.amount.value == 19.99)
        #expect(price.optAmount.value == 0.05)
        #expect(price.label == "HELLO")
        #expect(price.total == 2.5)
        #expect(price.nick == "BO")
        #expect(price.tag.value == "<t>")
        #expect(price.fee == 2.5)
        #expect(price.amount.transformerName == "imp.cents")
        #expect(price.amount.transformer?.name == "imp.cents")
    }

    @Test("Absent values read the defaults: given, nil, zero and empty")
    func defaults() throws {
        let price = try #require(ImpPrice(json: "{}"))
        #expect(price.amount.value == -1)
        #expect(price.optAmount.value == nil)
        #expect(price.label == "")
        #expect(price.total == 0)
        #expect(price.nick == nil)
        #expect(price.fee == 2.5)
    }

    @Test("Reverse conversion on output and a full round trip")
    func roundTrip() throws {
        let price = try #require(ImpPrice(json: #"{"amount_cents": 1999, "label": "hello", "tag": "t"}"#, mutable: true))
        price.total = 12.34
        price.nick = "Bob"
        let output = price.currentModelData(withNulls: false)
        #expect(canonical(output) == canonical([
            "amount_cents": 1999, "label": "hello", "total_cents": 1234, "nick": "bob", "fee_cents": 250, "tag": "<t>",
        ] as [String: Any]))
        let again = ImpPrice(data: output, mutable: false)
        #expect(again.amount.value == 19.99)
        #expect(again.total == 12.34)
        #expect(again.nick == "BOB")
        #expect(again.label == "HELLO")
        // A one-way transformer writes its forward value, so only the reversible values round-trip exactly.
        var expected = output
        expected["tag"] = "<<t>>"
        #expect(canonical(again.currentModelData(withNulls: false)) == canonical(expected))
    }

    @Test("A value the transformer cannot convert reads the default and is reported")
    func wrongType() {
        let price = ImpPrice(data: ["amount_cents": "abc", "label": 7], mutable: false)
        #expect(price.amount.value == -1)
        #expect(price.label == "")
        #expect(price.validate() == [
            WrapModelIssue(keyPath: "amount_cents", kind: .wrongType(expected: "Double from transformer \"imp.cents\"", found: "string")),
            WrapModelIssue(keyPath: "fee_cents", kind: .missing),
            WrapModelIssue(keyPath: "label", kind: .wrongType(expected: "String from transformer \"imp.upper\"", found: "integer")),
            WrapModelIssue(keyPath: "tag", kind: .missing),
            WrapModelIssue(keyPath: "total_cents", kind: .missing),
        ])
    }

    @Test("An unknown transformer name reads the default, is reported, and never traps")
    func unknownName() {
        let model = ImpUnknownTransformed(data: ["value": 5, "nested": ["other": "x"], "plain": 3], mutable: false)
        #expect(model.value.value == 42)
        #expect(model.other == nil)
        #expect(model.plain.value == 3)
        #expect(model.validate() == [
            WrapModelIssue(keyPath: "nested.other", kind: .unknownTransformer("imp.never-registered-either")),
            WrapModelIssue(keyPath: "value", kind: .unknownTransformer("imp.never-registered")),
        ])
        // Output leaves the value out rather than writing the default untransformed.
        #expect(canonical(model.currentModelData(withNulls: false)) == canonical(["plain": 3]))
    }

    @Test("A transformer registered after the model is created but before the first read is used")
    func registeredLate() {
        WrapValueTransformers.unregister(name: "imp.late")
        let model = ImpLateTransformed(data: ["late": "x"], mutable: false)
        WrapValueTransformers.register(name: "imp.late", forward: { ($0 as? String).map { $0 + $0 } }, reverse: { $0 })
        #expect(model.late.value == "xx")
        #expect(model.validate().isEmpty)
    }

    @Test("Registering from many threads at once keeps every transformer")
    func concurrentRegistration() {
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            WrapValueTransformers.register(name: "imp.concurrent.\(index)", forward: { ($0 as? Int).map { $0 + index } })
            _ = WrapValueTransformers.transformer(named: "imp.concurrent.\((index + 1) % 64)")
        }
        for index in 0..<64 {
            let transformer = WrapValueTransformers.transformer(named: "imp.concurrent.\(index)")
            #expect(transformer?.forward(1) as? Int == 1 + index)
        }
        #expect(WrapValueTransformers.registeredNames.filter { $0.hasPrefix("imp.concurrent.") }.count == 64)
    }

    @Test("A transformer's NSDecimalNumber reads as the Double nearest its digits, as a stored one does")
    func foundationNumbersConvertExactly() throws {
        WrapValueTransformers.register(name: "imp.decimal", forward: { value in (value as? String).map { NSDecimalNumber(string: $0) } })
        WrapValueTransformers.register(name: "imp.decimals", forward: { value in
            (value as? [Any])?.compactMap { $0 as? String }.map { NSDecimalNumber(string: $0) } as NSArray?
        })
        WrapValueTransformers.register(name: "imp.int", forward: { value in (value as? String).flatMap { Int($0) } })
        let model = try ImpFoundationNumbers(parsing: #"{"amount": "-65.61361699999998", "amounts": ["-65.61361699999998", "0.1"], "count": "7", "whole": "12"}"#)
        // Linux Foundation's doubleValue of this NSDecimalNumber is -65.61361699999996.
        #expect(model.amount == -65.61361699999998)
        #expect(model.amounts == [-65.61361699999998, 0.1])
        #expect(model.count == 7)
        #expect(model.whole == 12)
        let stored = ImpFoundationNumbers(data: ["plain": NSDecimalNumber(string: "-65.61361699999998")], mutable: false)
        #expect(stored.plain == model.amount)
    }

    @Test("Unregistering a transformer")
    func unregister() {
        WrapValueTransformers.register(name: "imp.temporary", forward: { $0 })
        #expect(WrapValueTransformers.unregister(name: "imp.temporary"))
        #expect(!WrapValueTransformers.unregister(name: "imp.temporary"))
        #expect(WrapValueTransformers.transformer(named: "imp.temporary") == nil)
    }
}
