import Foundation

extension Int: WrapCodable, WrapDefaultable {
    /// Integers as they are, other numbers rounded, numeric strings parsed.
    public static var wrapCodec: some WrapValueCodec<Int> { IntCodec() }
    /// `0`.
    public static var wrapDefaultValue: Int { 0 }
}

extension Int64: WrapCodable, WrapDefaultable {
    /// Integers read exactly from the number's text (beyond `Int` where `Int` is 32-bit).
    public static var wrapCodec: some WrapValueCodec<Int64> { Int64Codec() }
    /// `0`.
    public static var wrapDefaultValue: Int64 { 0 }
}

extension UInt64: WrapCodable, WrapDefaultable {
    /// Non-negative integers read exactly from the number's text, up to 18446744073709551615.
    public static var wrapCodec: some WrapValueCodec<UInt64> { UInt64Codec() }
    /// `0`.
    public static var wrapDefaultValue: UInt64 { 0 }
}

extension Double: WrapCodable, WrapDefaultable {
    /// Any number or numeric string.
    public static var wrapCodec: some WrapValueCodec<Double> { DoubleCodec() }
    /// `0`.
    public static var wrapDefaultValue: Double { 0 }
}

extension Float: WrapCodable, WrapDefaultable {
    /// Any number `Float` can hold, or numeric string; written in the `Float`'s shortest form.
    public static var wrapCodec: some WrapValueCodec<Float> { FloatCodec() }
    /// `0`.
    public static var wrapDefaultValue: Float { 0 }
}

extension Bool: WrapCodable, WrapDefaultable {
    /// Booleans, numbers and yes/no-style strings; written as `true`/`false`.
    public static var wrapCodec: some WrapValueCodec<Bool> { BoolCodec() }
    /// `false`.
    public static var wrapDefaultValue: Bool { false }
}

extension String: WrapCodable, WrapDefaultable {
    /// Strings only.
    public static var wrapCodec: some WrapValueCodec<String> { StringCodec() }
    /// `""`.
    public static var wrapDefaultValue: String { "" }
}

extension Decimal: WrapCodable, WrapDefaultable {
    /// Numbers read from their own text (`0.1` is exactly 0.1), and numeric strings.
    public static var wrapCodec: some WrapValueCodec<Decimal> { DecimalCodec() }
    /// `0`.
    public static var wrapDefaultValue: Decimal { 0 }
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

extension Optional: WrapDefaultable {
    /// `nil`.
    public static var wrapDefaultValue: Wrapped? { nil }
}

extension Array: WrapCodable where Element: WrapCodable {
    /// Element by element; elements that do not convert are left out (and reported).
    public static var wrapCodec: WrapArrayCodec<Element.WrapCodec> { WrapArrayCodec(Element.wrapCodec) }
}

extension Array: WrapDefaultable {
    /// `[]`.
    public static var wrapDefaultValue: [Element] { [] }
}

extension Dictionary: WrapCodable where Key == String, Value: WrapCodable {
    /// Member by member; members that do not convert are left out (and reported).
    public static var wrapCodec: WrapDictionaryCodec<Value.WrapCodec> { WrapDictionaryCodec(Value.wrapCodec) }
}

extension Dictionary: WrapDefaultable {
    /// `[:]`.
    public static var wrapDefaultValue: [Key: Value] { [:] }
}
