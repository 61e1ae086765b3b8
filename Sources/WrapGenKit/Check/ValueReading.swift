import Foundation
import WrapModel
import WrapModelJSON

/// The WrapModel runtime's reading rules for single JSON values, restated over parsed nodes so
/// that `wrapgen check` accepts and rejects exactly what the codecs do, without compiling models.
/// Each function names the codec it follows.
enum ValueReading {
    /// `Int` (`WrapStoredValue.int`): integer literals that fit, other numbers rounded when finite and in
    /// range, numeric strings (spaces trimmed) parsed likewise. An integer literal too large for
    /// `Int` does not convert, even where its nearest `Double` would.
    static func int(_ value: JSONNode) -> Int? {
        switch value.kind {
        case .number:
            if let int = value.intValue { return int }
            if value.isIntegerLiteral { return nil }
            return value.doubleValue.flatMap(int(fromDouble:))
        case .string:
            let trimmed = (value.stringValue ?? "").trimmingCharacters(in: .whitespaces)
            return Int(trimmed) ?? Double(trimmed).flatMap(int(fromDouble:))
        default:
            return nil
        }
    }

    /// A double rounded to `Int` when finite and strictly inside `Int`'s range (±2^63 excluded).
    static func int(fromDouble double: Double) -> Int? {
        let rounded = double.rounded()
        guard rounded.isFinite, rounded > Double(Int.min), rounded < Double(Int.max) else { return nil }
        return Int(rounded)
    }

    /// `Double` (`DoubleCodec`): any number, or a numeric string (spaces trimmed).
    static func double(_ value: JSONNode) -> Double? {
        switch value.kind {
        case .number: return value.doubleValue
        case .string: return Double((value.stringValue ?? "").trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// `Float` (`FloatCodec`): as `Double`, when `Float` can hold the value.
    static func float(_ value: JSONNode) -> Float? {
        guard let double = double(value) else { return nil }
        let float = Float(double)
        return float.isFinite || !double.isFinite ? float : nil
    }

    /// `Bool` (`BoolCodec`): booleans, numbers (non-zero is true), strings by their first character.
    static func bool(_ value: JSONNode) -> Bool? {
        switch value.kind {
        case .bool: return value.boolValue
        case .number: return value.doubleValue.map { $0 != 0 }
        case .string:
            switch value.stringValue?.utf8.first {
            case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "1"): return true
            case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "0"): return false
            default: return nil
            }
        default: return nil
        }
    }

    /// The text `Int64Codec` and `UInt64Codec` read: a number as written, or a string without
    /// surrounding spaces.
    private static func integerText(_ value: JSONNode) -> String? {
        if let text = value.numberText { return text }
        guard let string = value.stringValue else { return nil }
        return String(string.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }

    /// `Int64` (`Int64Codec`): the exact integer text, or an integral finite double in range.
    static func int64(_ value: JSONNode) -> Int64? {
        guard let text = integerText(value) else { return nil }
        if let exact = Int64(text) { return exact }
        if let double = Double(text), double.isFinite, double == double.rounded() { return Int64(exactly: double) }
        return nil
    }

    /// `UInt64` (`UInt64Codec`): as `Int64`, for non-negative values up to `UInt64.max`.
    static func uint64(_ value: JSONNode) -> UInt64? {
        guard let text = integerText(value) else { return nil }
        if let exact = UInt64(text) { return exact }
        if let double = Double(text), double.isFinite, double == double.rounded() { return UInt64(exactly: double) }
        return nil
    }

    /// `Decimal` (`DecimalCodec`): the number's own text, or a string, when all of it is a number.
    static func decimal(_ value: JSONNode) -> Decimal? {
        guard let text = value.numberText ?? value.stringValue else { return nil }
        let scanner = Scanner(string: text)
        scanner.locale = Locale(identifier: "en_US_POSIX")
        guard let decimal = scanner.scanDecimal(), scanner.isAtEnd, !decimal.isNaN else { return nil }
        return decimal
    }

    /// `UUID` (`UUIDCodec`): a UUID string in either case.
    static func uuid(_ value: JSONNode) -> UUID? {
        value.stringValue.flatMap(UUID.init(uuidString:))
    }

    /// `URL` (`URLCodec`): a non-empty string `URL(string:)` accepts.
    static func url(_ value: JSONNode) -> URL? {
        guard let string = value.stringValue, !string.isEmpty else { return nil }
        return URL(string: string)
    }
}

/// Parses date text as a `WrapDateCodec` of one rule does; formatters are made once per rule.
final class DateRuleParser {
    private var patterns: [String: DateFormatter] = [:]
    private var iso8601: [UInt: ISO8601DateFormatter] = [:]

    /// The date `text` stands for under `rule`, or nil when it does not parse.
    func date(from text: String, rule: DateRule) -> Date? {
        switch rule {
        case .fixed(let type):
            return type.date(from: text, fallbackToOtherFormats: true)
        case .iso8601(let options):
            // The default options use the fixed ISO 8601 parser, without falling back.
            guard let options, options != .withInternetDateTime else {
                return WrapDateOutputType.iso8601.date(from: text, fallbackToOtherFormats: false)
            }
            let formatter = iso8601[options.rawValue] ?? {
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = options
                formatter.timeZone = TimeZone(identifier: "GMT")
                iso8601[options.rawValue] = formatter
                return formatter
            }()
            return formatter.date(from: text)
        case .pattern(let pattern):
            let formatter = patterns[pattern] ?? {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.calendar = Calendar(identifier: .gregorian)
                formatter.timeZone = TimeZone(identifier: "GMT")
                formatter.dateFormat = pattern
                patterns[pattern] = formatter
                return formatter
            }()
            return formatter.date(from: text)
        }
    }
}
