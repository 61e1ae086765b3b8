/// A value type with a codec of its own, so `@Property("key") var x: T` needs no more than the key.
///
/// The library's conformances: `Int`, `Int64`, `UInt64`, `Double`, `Float`, `Bool`, `String`,
/// `Decimal`, `URL`, `UUID`, and optionals, arrays and `[String: T]` dictionaries of these.
/// Conform a type of your own to use it the same way:
///
/// ```swift
/// extension Money: WrapCodable {
///     static var wrapCodec: MoneyCodec { MoneyCodec() }
/// }
/// ```
public protocol WrapCodable {
    /// The codec's type.
    associatedtype WrapCodec: WrapValueCodec where WrapCodec.Value == Self
    /// The codec properties of this type use.
    static var wrapCodec: WrapCodec { get }
}

/// A value type with a natural "empty" value (`0`, `""`, `false`, `[]`, `[:]`, nil), read when the
/// data has none, so a property of it needs no `defaultValue:`.
public protocol WrapDefaultable {
    /// The value read when the data has none.
    static var wrapDefaultValue: Self { get }
}
