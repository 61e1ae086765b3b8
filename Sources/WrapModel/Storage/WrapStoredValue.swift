import Foundation
import WrapModelJSON

/// One value found in a model's data, as a codec receives it: never absent and never `null`.
///
/// The data may be parsed JSON (read lazily, straight from its bytes) or a Foundation value
/// (`[String: Any]` input, property lists); the accessors answer alike for both.
public struct WrapStoredValue {
    let raw: Raw

    init(_ raw: Raw) { self.raw = raw }

    /// The value as a Foundation value: `String`, `Int` or `Double` (or `NSNumber`), `Bool`,
    /// `[Any]`, `[String: Any]`.
    public var value: Any { raw.any }

    /// The text when the value is a string; nil otherwise.
    public var string: String? {
        if case .json(let node) = raw { return node.stringValue }
        return NativeValue.string(raw.any)
    }

    /// The value as an `Int`, read as the built-in integer properties read it: integers as they
    /// are, other numbers rounded, numeric strings parsed; nil when out of range or not numeric.
    public var int: Int? { raw.int }

    /// The value as a `Double`: any number, or a numeric string; nil otherwise.
    public var double: Double? { NumberReading.double(raw.any) }

    /// The value as a `Bool`: booleans, numbers (non-zero is true) and strings starting with
    /// `t`/`y`/`1` (true) or `f`/`n`/`0` (false); nil otherwise.
    public var bool: Bool? { NumberReading.bool(raw.any) }

    /// The exact decimal text of a number (`"0.1"`, `"12345678901234567890"`), for types that must
    /// not go through `Double`: for JSON, the literal as written; for a Foundation number, its
    /// shortest exact description. Nil for non-numbers (booleans included).
    public var numberText: String? {
        switch raw {
        case .json(let node):
            guard node.kind == .number else { return nil }
            return String(decoding: node.document.data[node.byteRange], as: UTF8.self)
        case .native(let value):
            return NumberReading.exactText(value)
        }
    }

    /// The value as a `Decimal`, from the number's exact text (or a numeric string): `0.1` is
    /// exactly 0.1. Nil for anything else.
    public var decimal: Decimal? { (numberText ?? string).flatMap(Self.decimal(parsing:)) }

    /// The elements when the value is an array; nil otherwise.
    public var elements: [WrapStoredValue]? { raw.elements?.map(WrapStoredValue.init) }

    /// The members when the value is an object (with duplicate JSON keys, the last one); nil otherwise.
    public var members: [String: WrapStoredValue]? {
        guard let members = raw.members else { return nil }
        var result: [String: WrapStoredValue] = [:]
        result.reserveCapacity(members.count)
        for member in members { result[member.key] = WrapStoredValue(member.value) }
        return result
    }

    /// The JSON type found (`"string"`, `"integer"`, `"object"`, …), for messages.
    public var typeDescription: String { raw.typeDescription }

    /// The whole of `text` as a decimal (`"1e-7"`, `"-0.10"`); nil when any of it is not a number.
    static func decimal(parsing text: String) -> Decimal? {
        let scanner = Scanner(string: text)
        scanner.locale = Locale(identifier: "en_US_POSIX")
        guard let value = scanner.scanDecimal(), scanner.isAtEnd, !value.isNaN else { return nil }
        return value
    }
}
