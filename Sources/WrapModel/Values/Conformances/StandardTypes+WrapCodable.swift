import Foundation

// The standard types a property may hold, each with the codec it reads and writes with
// (see `WrapCodable`): numbers, text, identifiers, and the containers of them.

extension Bool: WrapCodable {
    /// Booleans, numbers and yes/no-style strings; written as `true`/`false`.
    public static var wrapCodec: some WrapValueCodec<Bool> { BoolCodec() }
}

extension Int: WrapCodable {
    /// Integers as they are, other numbers rounded, numeric strings parsed.
    public static var wrapCodec: some WrapValueCodec<Int> { IntCodec() }
}

extension Int64: WrapCodable {
    /// Integers read exactly from the number's text (beyond `Int` where `Int` is 32-bit).
    public static var wrapCodec: some WrapValueCodec<Int64> { Int64Codec() }
}

extension UInt64: WrapCodable {
    /// Non-negative integers read exactly from the number's text, up to 18446744073709551615.
    public static var wrapCodec: some WrapValueCodec<UInt64> { UInt64Codec() }
}

extension Float: WrapCodable {
    /// Any number `Float` can hold, or numeric string; written in the `Float`'s shortest form.
    public static var wrapCodec: some WrapValueCodec<Float> { FloatCodec() }
}

extension Double: WrapCodable {
    /// Any number or numeric string.
    public static var wrapCodec: some WrapValueCodec<Double> { DoubleCodec() }
}

extension Decimal: WrapCodable {
    /// Numbers read from their own text (`0.1` is exactly 0.1), and numeric strings.
    public static var wrapCodec: some WrapValueCodec<Decimal> { DecimalCodec() }
}

extension String: WrapCodable {
    /// Strings only.
    public static var wrapCodec: some WrapValueCodec<String> { StringCodec() }
}

extension URL: WrapCodable {
    /// Strings `URL(string:)` accepts; written as the absolute string.
    public static var wrapCodec: some WrapValueCodec<URL> { URLCodec() }
}

extension UUID: WrapCodable {
    /// UUID strings in either case; written in upper case.
    public static var wrapCodec: some WrapValueCodec<UUID> { UUIDCodec() }
}

extension Optional: WrapCodable where Wrapped: WrapCodable {
    /// The wrapped type's codec; nil when the data has no value.
    public static var wrapCodec: WrapOptionalCodec<Wrapped.WrapCodec> { WrapOptionalCodec(Wrapped.wrapCodec) }
}

extension Array: WrapCodable where Element: WrapCodable {
    /// Element by element; elements that do not convert are left out (and reported).
    public static var wrapCodec: WrapArrayCodec<Element.WrapCodec> { WrapArrayCodec(Element.wrapCodec) }
}

extension Dictionary: WrapCodable where Key == String, Value: WrapCodable {
    /// Member by member; members that do not convert are left out (and reported).
    public static var wrapCodec: WrapDictionaryCodec<Value.WrapCodec> { WrapDictionaryCodec(Value.wrapCodec) }
}
