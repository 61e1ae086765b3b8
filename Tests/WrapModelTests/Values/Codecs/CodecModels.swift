import Foundation
import WrapModel

enum CodecHue: String { case red, green }
enum CodecGrade: Int { case low = 1, high = 2 }

enum CodecTier: Int, WrapConvertibleEnum {
    case basic, gold
    static func conversionDict() -> [String: CodecTier] { ["basic": .basic, "gold": .gold] }
}

/// An amount of money in a currency: a type of the test's own, with a codec of its own.
struct Money: Equatable {
    var amount: Decimal
    var currency: String
}

/// `{"amount": 12.30, "currency": "EUR"}`; the amount is read from the number's exact text.
struct MoneyCodec: WrapValueCodec {
    var expectedDescription: String { "money object" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Money? {
        guard let members = stored.members,
              let amount = members["amount"]?.decimal,
              let currency = members["currency"]?.string else { return nil }
        return Money(amount: amount, currency: currency)
    }

    func encode(_ value: Money, context: WrapEncodingContext) -> Any? {
        ["amount": value.amount, "currency": value.currency]
    }
}

extension Money: WrapCodable {
    static var wrapCodec: MoneyCodec { MoneyCodec() }
}

final class CodecOwner: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
}

final class CodecRecord: WrapModel, @unchecked Sendable {
    @Property("id") var id: Int
    @Property("nickname") var nickname: String?
    @Property("tags") var tags: [String]
    @Property("scores") var scores: [String: Int]
    @Property("joined", date: .iso8601) var joined: Date?
    @Property("owner") var owner: CodecOwner?
    @Property("members") var members: [CodecOwner]
    @Property("price") var price: Decimal
    @Property("site") var site: URL?
    @Property("token") var token: UUID?
    @Property("big") var big: Int64
    @Property("huge") var huge: UInt64
    @Property("shade", defaultValue: .red) var shade: CodecHue
    @Property("level") var level: CodecGrade?
    @Property("tier", defaultValue: .basic) var tier: CodecTier
    @Property("opt_in", boolType: .yesNo) var optIn: Bool
    @Property("total") var total: Money?
    @MutProperty("title") var title: String
    @MutProperty("due", date: .yyyymmddDashes) var due: Date?
    @MutProperty("balance") var balance: Money?
    @Property("paid", codec: MoneyCodec()) var paid: Money?
    @Property("lines") var lines: [Money]
    @Property("amounts") var amounts: [String: Decimal]
}
