// Written by hand beside the generated EditedOrder.swift: wrapgen check reads the enums of every
// file in the folder, and the classes of generated files only.

import Foundation
import WrapModel

enum OrderStatus: String {
    case open, shipped
    case cancelled = "canceled"
}

enum OrderPriority: Int {
    case low = 1, normal, high
}

enum OrderSize: Int { case small, large }

/// A price in cents, written as a string of digits: a type with a codec of its own.
struct Money: Equatable, Sendable {
    var cents: Int
}

struct MoneyCodec: WrapValueCodec {
    var expectedDescription: String { "price in cents" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Money? {
        stored.string.flatMap(Int.init).map(Money.init(cents:))
    }

    func encode(_ value: Money, context: WrapEncodingContext) -> Any? { String(value.cents) }
}
