import Foundation
import WrapModelJSON

/// A number as an `NSNumber?` holding a `Double`, written as a `Double`.
struct NumberFloatCodec: WrapValueCodec {
    var expectedDescription: String { "number" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> NSNumber?? {
        NumberReading.double(stored.raw.any).map { .some(NSNumber(value: $0)) }
    }

    /// An `NSDecimalNumber` written as the `Double` nearest its digits (Linux's `doubleValue` is not).
    func encode(_ value: NSNumber?, context: WrapEncodingContext) -> Any? { value.map(NumberReading.doubleValue) }

    func isNoValue(_ value: NSNumber?) -> Bool { value == nil }
}
