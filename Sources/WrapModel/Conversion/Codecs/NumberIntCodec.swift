import Foundation
import WrapModelJSON

/// An integer as an `NSNumber?`, written as an `Int` (or as the number, when unsigned beyond `Int`).
struct NumberIntCodec: WrapValueCodec {
    var expectedDescription: String { "integer" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> NSNumber?? {
        NumberReading.int(stored.raw.any).map { .some(NSNumber(value: $0)) }
    }

    func encode(_ value: NSNumber?, context: WrapEncodingContext) -> Any? { value.map(NumberReading.integerOutput) }

    func isNoValue(_ value: NSNumber?) -> Bool { value == nil }
}
