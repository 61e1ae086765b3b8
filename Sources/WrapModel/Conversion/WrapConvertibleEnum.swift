/// An `Int`-backed enum that knows the strings its cases stand for in data.
///
/// ```swift
/// enum Tier: Int, WrapConvertibleEnum {
///     case basic, gold
///     static func conversionDict() -> [String: Tier] { ["basic": .basic, "gold": .gold] }
/// }
/// ```
///
/// The protocol refines `Sendable`, as every enum with raw values already is: in a target whose
/// default isolation is the main actor, that keeps the enum and its conformance off the main
/// actor, so a model (isolated to no actor) can read it and name its cases as defaults.
public protocol WrapConvertibleEnum: RawRepresentable, Hashable, Sendable where RawValue == Int {
    /// The data strings and the cases they stand for.
    static func conversionDict() -> [String: Self]
    /// The string written for `value`; by default the key of `conversionDict()` naming it.
    /// - Parameter value: The case.
    static func stringValue(from value: Self) -> String?
}

extension WrapConvertibleEnum {
    /// The smallest string of `conversionDict()` naming `value`, or nil.
    /// - Parameter value: The case.
    public static func stringValue(from value: Self) -> String? {
        // Several strings may name one case: the smallest is used, so the answer is stable.
        conversionDict().filter { $0.value == value }.keys.min()
    }

    /// The string this case is written as, or nil if `conversionDict()` has none for it.
    public func stringValue() -> String? { Self.stringValue(from: self) }
}
