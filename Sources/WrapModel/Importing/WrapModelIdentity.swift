import Foundation
import WrapModelJSON

/// The identity of an object in a ``WrapModelStore``: an integer or a string, or for a store
/// identified by several key paths, the list of their identities in key path order.
///
/// Identities are normalised so that the forms APIs mix up name the same object:
/// - integers are `.int`; a floating-point number with an integral value (`12.0`) is `.int(12)`;
/// - a string holding an integer in canonical decimal form (`"12"`, `"-7"`, but not `"012"`,
///   `"+12"`, `" 12"` or `"1e3"`) is `.int` too, so `12` and `"12"` are the **same** identity;
/// - any other non-empty string is `.string`.
///
/// Booleans, fractional numbers, empty strings, `null`, arrays and objects are not identities.
/// The store never rewrites the data: a model whose data says `"12"` keeps the string.
public enum WrapModelIdentity: Hashable, Sendable, CustomStringConvertible,
                               ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    /// An integer identity (also for canonical decimal strings such as `"12"`).
    case int(Int)
    /// A string identity.
    case string(String)
    /// A composite identity: one part per identity key path of the store, in order
    /// (`.composite(["hearts", 7])` for a store identified by `suit, value`).
    indirect case composite([WrapModelIdentity])

    /// The identity for a value found in data, or nil when it cannot be one.
    /// - Parameter value: A value from data: an integer, a string or a number object.
    public init?(_ value: Any) {
        // Metatype tests first: `as?` casts between unrelated types go through bridging on Linux.
        let type = type(of: value)
        if type == Int.self {
            self = .int(value as! Int)
            return
        }
        if type == String.self {
            self.init(string: value as! String)
            return
        }
        if let number = NumberReading.foundationNumber(value) {
            guard !NumberReading.isBoolean(number) else { return nil }
            if !NumberReading.isFloatingPoint(number) {
                self = .int(number.intValue)
                return
            }
            // An NSDecimalNumber by its exact digits (Linux's `doubleValue` is not correctly
            // rounded): an integer as it is, any other number as the Double nearest its digits,
            // which is what the same literal reads as from bytes.
            if let decimal = NumberReading.decimal(of: number), let int = Int(decimal.description) {
                self = .int(int)
                return
            }
            guard let int = Self.exactInt(NumberReading.doubleValue(number)) else { return nil }
            self = .int(int)
            return
        }
        if type == Double.self {
            guard let int = Self.exactInt(value as! Double) else { return nil }
            self = .int(int)
            return
        }
        if type == Bool.self || type is NSNull.Type { return nil }
        // An NSString as its String, a Decimal as its NSDecimalNumber.
        if let form = NumberReading.foundationForm(value, type) {
            self.init(form)
            return
        }
        switch value {
        case let string as String: self.init(string: string)
        case let int64 as Int64: self = .int(Int(int64))
        case let int32 as Int32: self = .int(Int(int32))
        case let optional as any _OptionalMarker:
            guard let wrapped = optional.flattenedValue else { return nil }
            self.init(wrapped)
        default: return nil
        }
    }

    /// The identity for `string` (`.int` when it is a canonical decimal integer), nil when empty.
    /// - Parameter string: The text.
    public init?(string: String) {
        guard !string.isEmpty else { return nil }
        if let int = Int(string), String(int) == string {
            self = .int(int)
        } else {
            self = .string(string)
        }
    }

    /// An integer identity.
    /// - Parameter value: The integer.
    public init(integerLiteral value: Int) { self = .int(value) }

    /// A literal string, normalised like data (`"12"` is `.int(12)`; `""` is `.string("")`, which matches nothing).
    /// - Parameter value: The text.
    public init(stringLiteral value: String) { self = Self(string: value) ?? .string(value) }

    /// The identity as a JSON value: an `Int`, a `String`, or for a composite an array of its parts.
    public var jsonValue: Any {
        switch self {
        case .int(let int): return int
        case .string(let string): return string
        case .composite(let parts): return parts.map(\.jsonValue)
        }
    }

    /// A one-line message naming the key path and what was found.
    public var description: String {
        switch self {
        case .int(let int): return String(int)
        case .string(let string): return "\"\(string)\""
        case .composite(let parts): return "(" + parts.map(\.description).joined(separator: ", ") + ")"
        }
    }

    private static func exactInt(_ double: Double) -> Int? {
        guard double.isFinite, double.rounded() == double, double >= Double(Int.min), double < Double(Int.max) else { return nil }
        return Int(double)
    }
}
