/// An `Int`-backed enum read from strings through a conversion dictionary (or from its raw
/// integer), written as its string.
///
/// ```swift
/// let tier = WrapPropertyEnum("tier", defaultEnum: Tier.basic, conversionDict: ["basic": .basic, "gold": .gold])
/// ```
/// Strings match exactly first, then ignoring case; unknown strings read as `defaultEnum` and are
/// reported by validation.
public class WrapPropertyEnum<T: RawRepresentable & Hashable>: WrapProperty<T> where T.RawValue == Int {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultEnum: Read when the data has no known value.
    ///   - conversionDict: Maps data strings to cases.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, defaultEnum: T, conversionDict: [String: T], serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultEnum, serializeForOutput: serializeForOutput,
                   codec: EnumDictionaryCodec(conversionDict))
    }

    override init<Codec: WrapValueCodec>(_ keyPath: String, defaultValue: T, serializeForOutput: Bool, codec: Codec,
                                         appliesKeyPathModifier: Bool = true) where Codec.Value == T {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, codec: codec,
                   appliesKeyPathModifier: appliesKeyPathModifier)
    }

    /// The current value's string, as output writes it.
    public func asString() -> String? {
        rawValue(withNulls: false, forOutput: false) as? String
    }
}

/// An optional enum read like ``WrapPropertyEnum``; nil when absent, `null` or unknown.
public class WrapPropertyOptionalEnum<T: RawRepresentable & Hashable>: WrapProperty<T?> where T.RawValue == Int {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - conversionDict: Maps data strings to cases.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, conversionDict: [String: T], serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   codec: WrapOptionalCodec(EnumDictionaryCodec(conversionDict)))
    }

    override init<Codec: WrapValueCodec>(_ keyPath: String, defaultValue: T?, serializeForOutput: Bool, codec: Codec,
                                         appliesKeyPathModifier: Bool = true) where Codec.Value == T? {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, codec: codec,
                   appliesKeyPathModifier: appliesKeyPathModifier)
    }

    override init(_ keyPath: String, serializeForOutput: Bool, describedBy describe: (DeclarationFingerprint) -> PropertyDescriptor) {
        super.init(keyPath, serializeForOutput: serializeForOutput, describedBy: describe)
    }

    /// The current value's string, as output writes it, or nil.
    public func asString() -> String? {
        rawValue(withNulls: false, forOutput: false) as? String
    }
}

/// A ``WrapConvertibleEnum``, using the enum's own `conversionDict()`.
public final class WrapPropertyConvertibleEnum<T: WrapConvertibleEnum>: WrapPropertyEnum<T> {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultEnum: Read when the data has no known value.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, defaultEnum: T, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultEnum, serializeForOutput: serializeForOutput,
                   codec: ConvertibleEnumCodec<T>())
    }
}

/// An optional ``WrapConvertibleEnum``, using the enum's own `conversionDict()`.
public final class WrapPropertyConvertibleOptionalEnum<T: WrapConvertibleEnum>: WrapPropertyOptionalEnum<T>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            Self.describe($0, keyPath, codec: WrapOptionalCodec(ConvertibleEnumCodec<T>()), defaultValue: nil,
                          serializeForOutput: serializeForOutput)
        }
    }
}

/// A ``WrapConvertibleEnum`` that reads as `unknown` when the data has no known value, and writes
/// nothing while its value is `unknown` (backs `EnumUnkProperty`).
public final class WrapPropertyUnknownEnum<T: WrapConvertibleEnum>: WrapProperty<T> {
    /// The case standing for "no value".
    public let unknown: T

    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - unknown: Stands for no value: read when absent, never written.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, unknown: T, serializeForOutput: Bool = true) {
        self.unknown = unknown
        super.init(keyPath, defaultValue: unknown, serializeForOutput: serializeForOutput, codec: UnknownEnumCodec(unknown: unknown))
    }
}
