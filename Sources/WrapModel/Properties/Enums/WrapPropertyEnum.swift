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
    /// `defaultEnum` is read when the data has no known value;
    /// `conversionDict` maps data strings to cases;
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, defaultEnum: T, conversionDict: [String: T], serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultEnum, serializeForOutput: serializeForOutput,
                   conversion: Conversions.enumeration(conversionDict))
    }

    override init(_ keyPath: String, defaultValue: T, serializeForOutput: Bool, conversion: WrapConversion<T>,
                  appliesKeyPathModifier: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, conversion: conversion)
    }

    /// The current value's string, as output writes it.
    public func asString() -> String? {
        rawValue(withNulls: false, forOutput: false) as? String
    }
}

/// An optional enum read like ``WrapPropertyEnum``; nil when absent, `null` or unknown.
public class WrapPropertyOptionalEnum<T: RawRepresentable & Hashable>: WrapProperty<T?> where T.RawValue == Int {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `conversionDict` maps data strings to cases;
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, conversionDict: [String: T], serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   conversion: Conversions.optional(Conversions.enumeration(conversionDict)))
    }

    override init(_ keyPath: String, defaultValue: T?, serializeForOutput: Bool, conversion: WrapConversion<T?>,
                  appliesKeyPathModifier: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput, conversion: conversion)
    }

    /// The current value's string, as output writes it, or nil.
    public func asString() -> String? {
        rawValue(withNulls: false, forOutput: false) as? String
    }
}

/// A ``WrapConvertibleEnum``, using the enum's own `conversionDict()`.
public final class WrapPropertyConvertibleEnum<T: WrapConvertibleEnum>: WrapPropertyEnum<T> {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `defaultEnum` is read when the data has no known value;
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, defaultEnum: T, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultEnum, serializeForOutput: serializeForOutput,
                   conversion: ConversionCache.shared("enum", T.self) { Conversions.enumeration(T.conversionDict()) })
    }
}

/// An optional ``WrapConvertibleEnum``, using the enum's own `conversionDict()`.
public final class WrapPropertyConvertibleOptionalEnum<T: WrapConvertibleEnum>: WrapPropertyOptionalEnum<T>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: nil, serializeForOutput: serializeForOutput,
                   conversion: ConversionCache.shared("optionalEnum", T.self) { Conversions.optional(Conversions.enumeration(T.conversionDict())) })
    }
}

/// A ``WrapConvertibleEnum`` that reads as `unknown` when the data has no known value, and writes
/// nothing while its value is `unknown` (backs `EnumUnkProperty`).
public final class WrapPropertyUnknownEnum<T: WrapConvertibleEnum>: WrapProperty<T> {
    /// The case standing for "no value".
    public let unknown: T

    /// Creates the property for the value at `keyPath` (period-delimited).
    /// `unknown` stands for no value: read when absent, never written;
    /// `serializeForOutput` (default `true`) includes it in output for posting.
    public init(_ keyPath: String, unknown: T, serializeForOutput: Bool = true) {
        self.unknown = unknown
        let known = ConversionCache.shared("enum", T.self) { Conversions.enumeration(T.conversionDict()) }
        super.init(keyPath, defaultValue: unknown, serializeForOutput: serializeForOutput,
                   conversion: WrapConversion(
                       expected: known.expected, decode: known.decode,
                       encode: { value, context in value == unknown ? nil : known.encode(value, context) },
                       isNoValue: { $0 == unknown }))
    }
}
