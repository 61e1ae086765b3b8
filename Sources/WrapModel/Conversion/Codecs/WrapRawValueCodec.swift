/// A `RawRepresentable` type (typically an enum) whose raw value is a `String` or an `Int`: read
/// through `init(rawValue:)` from the raw value's own codec, written as its raw value. A raw value
/// no case has is reported by ``WrapModel/validate()`` as an unknown enum value.
public struct WrapRawValueCodec<Value: RawRepresentable>: WrapValueCodec {
    /// The codec of an enum with `String` raw values: strings are matched exactly.
    public init() where Value.RawValue == String {}

    /// The codec of an enum with `Int` raw values: integers (or numeric strings) are matched.
    public init() where Value.RawValue == Int {}

    private var rawIsString: Bool { Value.RawValue.self == String.self }

    /// What the data should hold: a string or an integer naming a case.
    public var expectedDescription: String {
        "\(rawIsString ? "string" : "integer") naming a case of \(Value.self)"
    }

    /// The case whose raw value the data holds; nil (reported) for a raw value no case has.
    /// - Parameters:
    ///   - stored: The value in the data; never absent or `null`.
    ///   - context: Where the value is, and where to report a problem with it.
    public func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Value? {
        // The initialisers admit only String and Int raw values, so one of these casts succeeds.
        let raw = rawIsString ? stored.string as? Value.RawValue : stored.int as? Value.RawValue
        guard let raw else { return nil }
        if let value = Value(rawValue: raw) { return value }
        context.report(.unknownEnumValue("\(raw)"))
        return nil
    }

    /// The raw value.
    /// - Parameters:
    ///   - value: The property's value.
    ///   - context: How the output is being written.
    public func encode(_ value: Value, context: WrapEncodingContext) -> Any? { value.rawValue }
}
