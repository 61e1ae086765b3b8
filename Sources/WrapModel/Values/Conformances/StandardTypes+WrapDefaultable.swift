import Foundation

// The default each standard type reads when the data has no convertible value and the
// declaration gives none (see `WrapDefaultable`).

extension Bool: WrapDefaultable {
    /// `false`.
    public static var wrapDefaultValue: Bool { false }
}

extension Int: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: Int { 0 }
}

extension Int64: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: Int64 { 0 }
}

extension UInt64: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: UInt64 { 0 }
}

extension Float: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: Float { 0 }
}

extension Double: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: Double { 0 }
}

extension Decimal: WrapDefaultable {
    /// `0`.
    public static var wrapDefaultValue: Decimal { 0 }
}

extension String: WrapDefaultable {
    /// `""`.
    public static var wrapDefaultValue: String { "" }
}

extension Optional: WrapDefaultable {
    /// `nil`.
    public static var wrapDefaultValue: Wrapped? { nil }
}

extension Array: WrapDefaultable {
    /// `[]`.
    public static var wrapDefaultValue: [Element] { [] }
}

extension Dictionary: WrapDefaultable {
    /// `[:]`.
    public static var wrapDefaultValue: [Key: Value] { [:] }
}
