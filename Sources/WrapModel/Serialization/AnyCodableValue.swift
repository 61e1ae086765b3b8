import Foundation
import WrapModelJSON

/// Moves JSON-shaped `Any` values through `Encoder` and `Decoder`, so a model can sit inside
/// Codable types with any encoder (JSON, property list, …).
enum AnyCodableValue {
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func decodeObject(from decoder: any Decoder) throws -> [String: Any] {
        try decodeObject(try decoder.container(keyedBy: Key.self))
    }

    static func encodeObject(_ object: [String: Any], to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try encodeObject(object, into: &container, depth: 0)
    }

    private static func checkDepth(_ depth: Int, _ value: Any) throws {
        guard depth > NestingLimit.maxDepth else { return }
        throw EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: [], debugDescription: "nesting deeper than \(NestingLimit.maxDepth)"))
    }

    private static func decodeObject(_ container: KeyedDecodingContainer<Key>) throws -> [String: Any] {
        var object: [String: Any] = [:]
        for key in container.allKeys {
            if try container.decodeNil(forKey: key) {
                object[key.stringValue] = NSNull()
            } else if let nested = try? container.nestedContainer(keyedBy: Key.self, forKey: key) {
                object[key.stringValue] = try decodeObject(nested)
            } else if var nested = try? container.nestedUnkeyedContainer(forKey: key) {
                object[key.stringValue] = try decodeArray(&nested)
            } else {
                object[key.stringValue] = try decodeScalar(container.superDecoder(forKey: key).singleValueContainer())
            }
        }
        return object
    }

    private static func decodeArray(_ container: inout UnkeyedDecodingContainer) throws -> [Any] {
        var array: [Any] = []
        while !container.isAtEnd {
            if try container.decodeNil() {
                array.append(NSNull())
            } else if let nested = try? container.nestedContainer(keyedBy: Key.self) {
                array.append(try decodeObject(nested))
            } else if var nested = try? container.nestedUnkeyedContainer() {
                array.append(try decodeArray(&nested))
            } else {
                array.append(try decodeScalar(container.superDecoder().singleValueContainer()))
            }
        }
        return array
    }

    /// Booleans first (JSON never reads a number as a Bool), then numbers.
    ///
    /// No coder tells `1.0` from `1` (JSONEncoder writes both as `1`, and the property-list
    /// decoders convert either way), so a number with an integral value comes back as an integer
    /// `NSNumber`: `as? Int`, `as? Double` and `as? [Double]` all read it, so no typed read loses
    /// it. `-0.0` is recognised by its sign, and integers above `Int.max` up to `UInt64.max` keep
    /// their value; other numbers are `Double`s. One consequence: a double of exactly -2^63, which
    /// an `Int` property does not read (it may stand for -9223372036854775809), comes back as the
    /// integer `Int.min`, which it does.
    private static func decodeScalar(_ container: any SingleValueDecodingContainer) throws -> Any {
        if container.decodeNil() { return NSNull() }
        if let bool = try? container.decode(Bool.self) { return bool }
        if let double = try? container.decode(Double.self) {
            if double == 0 && double.sign == .minus { return double }
            if let int = try? container.decode(Int.self) { return NSNumber(value: int) }
            if let unsigned = try? container.decode(UInt64.self) { return NSNumber(value: unsigned) }
            return double
        }
        return try container.decode(String.self)
    }

    private static func encodeObject(_ object: [String: Any], into container: inout KeyedEncodingContainer<Key>, depth: Int) throws {
        try checkDepth(depth, object)
        for (name, value) in object {
            let key = Key(stringValue: name)
            if let nested = NativeValue.object(value) {
                var child = container.nestedContainer(keyedBy: Key.self, forKey: key)
                try encodeObject(nested, into: &child, depth: depth + 1)
            } else if let nested = NativeValue.array(value) {
                var child = container.nestedUnkeyedContainer(forKey: key)
                try encodeArray(nested, into: &child, depth: depth + 1)
            } else {
                try encodeScalar(value, path: name) { encodable in try container.encode(encodable, forKey: key) }
                    ?? container.encodeNil(forKey: key)
            }
        }
    }

    private static func encodeArray(_ array: [Any], into container: inout UnkeyedEncodingContainer, depth: Int) throws {
        try checkDepth(depth, array)
        for value in array {
            if let nested = NativeValue.object(value) {
                var child = container.nestedContainer(keyedBy: Key.self)
                try encodeObject(nested, into: &child, depth: depth + 1)
            } else if let nested = NativeValue.array(value) {
                var child = container.nestedUnkeyedContainer()
                try encodeArray(nested, into: &child, depth: depth + 1)
            } else {
                try encodeScalar(value, path: "[]") { encodable in try container.encode(encodable) } ?? container.encodeNil()
            }
        }
    }

    /// An `NSDecimalNumber` (as `JSONSerialization` reads a long literal or an integer at `Int64`'s
    /// edges) by its exact digits: an integral one that fits `Int` or `UInt64` as that integer,
    /// which every coder carries and ``decodeScalar(_:)`` gives back, any other as the `Double`
    /// nearest its digits, since no Codable coder carries more.
    /// (Going through `Double` would turn `-9223372036854775808` into -2^63, which an `Int`
    /// property does not read; and Linux's `doubleValue` is not correctly rounded.)
    private static func encodeDecimal(_ decimal: Decimal, _ encode: (any Encodable) throws -> Void) throws {
        let text = decimal.description
        if let int = Int(text) { return try encode(int) }
        if let unsigned = UInt64(text) { return try encode(unsigned) }
        try encode(NumberReading.nearestDouble(decimal))
    }

    /// Encodes a scalar through `encode`; returns nil (so the caller writes a null) for `NSNull`.
    private static func encodeScalar(_ value: Any, path: String, _ encode: (any Encodable) throws -> Void) throws -> Void? {
        if NativeValue.isNull(value) { return nil }
        if let number = NumberReading.foundationNumber(value) {
            if NumberReading.isBoolean(number) { return try encode(number.boolValue) }
            if let decimal = NumberReading.decimal(of: number) { return try encodeDecimal(decimal, encode) }
            if NumberReading.isFloatingPoint(number) { return try encode(number.doubleValue) }
            return try NumberReading.isLargeUnsigned(number) ? encode(number.uint64Value) : encode(number.intValue)
        }
        if let string = NativeValue.string(value) { return try encode(string) }
        // A Decimal as its NSDecimalNumber above (its own Codable form is a keyed container),
        // and Foundation's dates and data as the Swift values they bridge to.
        if type(of: value) == Decimal.self { return try encodeDecimal(value as! Decimal, encode) }
        switch value {
        case let bool as Bool: return try encode(bool)
        case let int as Int: return try encode(int)
        case let double as Double: return try encode(double)
        case let float as Float: return try encode(NumberReading.outputDouble(float))
        case let date as Date: return try encode(date)
        case let data as Data: return try encode(data)
        case let encodable as any Encodable: return try encode(encodable)
        default:
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "\(type(of: value)) at \(path) has no encodable form"))
        }
    }
}
