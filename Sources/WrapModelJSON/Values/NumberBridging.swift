import Foundation

/// `as? T` for the generic properties (`WrapProperty<T>`, `WPOpt<T>`), with numbers converted as a
/// bridged `NSNumber` converts on Apple platforms.
///
/// A model made from a `JSONSerialization` dictionary holds `NSNumber`s, which `as?` bridges:
/// `[[1, 0]] as? [[Double]]` gives `[[1.0, 0.0]]`. The same model parsed from bytes, or read back
/// from a stored copy, holds Swift `Int`s, `Double`s and `Bool`s, which do not bridge, so the cast
/// failed and the property read its default. Here numbers (in arrays and `[String: T]`
/// dictionaries too) convert by the rules `as?` applies to an `NSNumber` (SE-0170): a conversion
/// succeeds when it keeps the value exactly —
///
/// - to an integer type: a whole number in the type's range (`4.0` is 4, `1.5` is not an `Int`),
///   a boolean as 1 or 0;
/// - to `Double`: any double, an integer that a `Double` holds exactly (not 2^53 + 1), a boolean;
/// - to `Float`: a number a `Float` holds exactly (`0.5`, not `0.1`; NaN and infinities too);
/// - to `Bool`: a boolean, or a number equal to 1 or 0.
///
/// Strings never become numbers, nor numbers strings. Foundation's `NSArray` and `NSDictionary`
/// convert as Swift arrays and dictionaries do, and a `Decimal` as its `NSDecimalNumber` (the
/// `Double` nearest its digits). Targets that are not built of numbers
/// (`[String: Any]`, `[Any]`, `String`, `NSNumber`, …) are cast as they always were.
///
/// Cost: a value whose type already is `T` returns at once, and other scalars try the plain cast
/// first. Arrays and dictionaries of numbers are converted element by element without the
/// runtime's bridging (which costs about 300 ns an `NSNumber` on Linux), so a dictionary's
/// `NSDecimalNumber` inside them reads as the `Double` nearest its digits, as it does alone.
package enum NumberBridging {
    /// `value as? T`, with numbers converted as described above; nil when it does not convert.
    package static func cast<T>(_ value: Any, to target: T.Type) -> T? {
        let source = type(of: value)
        if source == T.self { return (value as! T) }
        // Containers of numbers convert here whatever their elements (typed ones such as
        // `[NSDecimalNumber]` too, and Foundation's `NSArray` and `NSDictionary`); a lone
        // NSDecimalNumber or Decimal must not take the plain cast either, which reads Linux
        // Foundation's inexact `doubleValue`.
        let castFirst = source != [Any].self && source != [String: Any].self && !(source is any ContainerMarker.Type)
            && !(NumberReading.foundationNumber(value).map(isDecimal) ?? false)
            && !(source is NSArray.Type) && !(source is NSDictionary.Type) && source != Decimal.self
        if castFirst, let cast = value as? T { return cast }
        guard let numeric = T.self as? any BridgedNumberTarget.Type else { return castFirst ? nil : value as? T }
        return numeric.bridged(from: value) as? T
    }

    private static func isDecimal(_ number: NSNumber) -> Bool { number is NSDecimalNumber }
}

/// Arrays and dictionaries of any element type, told apart from scalars by their metatype.
private protocol ContainerMarker {}
extension Array: ContainerMarker {}
extension Dictionary: ContainerMarker {}

/// A number found in data, as bridging sees it.
private enum BridgedNumber {
    case boolean(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    /// A floating-point number (whole or not).
    case double(Double)

    /// Nil for anything that is not a number or a boolean (strings included).
    package init?(_ value: Any) {
        let type = Swift.type(of: value)
        if type == Int.self { self = .signed(Int64(value as! Int)) }
        else if type == Double.self { self = .double(value as! Double) }
        else if type == Bool.self { self = .boolean(value as! Bool) }
        else if let number = NumberReading.foundationNumber(value) { self.init(number) }
        else if type == Float.self { self = .double(Double(value as! Float)) }
        else if type == Int64.self { self = .signed(value as! Int64) }
        else if type == UInt64.self { self = .unsigned(value as! UInt64) }
        else if type == UInt.self { self = .unsigned(UInt64(value as! UInt)) }
        else if type == Int32.self { self = .signed(Int64(value as! Int32)) }
        else if type == UInt32.self { self = .unsigned(UInt64(value as! UInt32)) }
        else if type == Int16.self { self = .signed(Int64(value as! Int16)) }
        else if type == UInt16.self { self = .unsigned(UInt64(value as! UInt16)) }
        else if type == Int8.self { self = .signed(Int64(value as! Int8)) }
        else if type == UInt8.self { self = .unsigned(UInt64(value as! UInt8)) }
        else if type == Decimal.self { self.init(NSDecimalNumber(decimal: value as! Decimal)) }
        else { return nil }
    }

    private init(_ number: NSNumber) {
        if NumberReading.isBoolean(number) {
            self = .boolean(number.boolValue)
        } else if let decimal = NumberReading.decimal(of: number) {
            let text = decimal.description
            // Integers exactly; any other decimal as the Double nearest it, the value the package's
            // JSON reader gives for the same literal, so that a dictionary and bytes read alike
            // (100.00000000000000000001 is the Int 100 from both).
            if let signed = Int64(text) { self = .signed(signed) }
            else if let unsigned = UInt64(text) { self = .unsigned(unsigned) }
            else { self = .double(NumberReading.nearestDouble(decimal)) }
        } else if NumberReading.isFloatingPoint(number) {
            self = .double(number.doubleValue)
        } else if number.objCType.pointee == UInt8(ascii: "Q") {
            self = .unsigned(number.uint64Value)
        } else {
            self = .signed(number.int64Value)
        }
    }

    func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        switch self {
        case .boolean(let bool): return bool ? 1 : 0
        case .signed(let signed): return T(exactly: signed)
        case .unsigned(let unsigned): return T(exactly: unsigned)
        case .double(let double): return T(exactly: double)
        }
    }

    var double: Double? {
        switch self {
        case .boolean(let bool): return bool ? 1 : 0
        case .signed(let signed): return Double(exactly: signed)
        case .unsigned(let unsigned): return Double(exactly: unsigned)
        case .double(let double): return double
        }
    }

    var float: Float? {
        guard let double else { return nil }
        return double.isNaN ? .nan : Float(exactly: double)
    }

    var bool: Bool? {
        switch self {
        case .boolean(let bool): return bool
        case .signed(let signed): return signed == 1 ? true : signed == 0 ? false : nil
        case .unsigned(let unsigned): return unsigned == 1 ? true : unsigned == 0 ? false : nil
        case .double(let double): return double == 1 ? true : double == 0 ? false : nil
        }
    }
}

/// Types built of numbers — numbers, booleans, and arrays, `[String: T]` dictionaries and
/// optionals of them — that ``NumberBridging`` converts.
protocol BridgedNumberTarget {
    /// `value` as this type, converting numbers as a bridged `NSNumber` converts; nil when any
    /// part of it does not convert.
    static func bridged(from value: Any) -> Self?
}

extension Int: BridgedNumberTarget { static func bridged(from value: Any) -> Int? { BridgedNumber(value)?.integer(Int.self) } }
extension Int8: BridgedNumberTarget { static func bridged(from value: Any) -> Int8? { BridgedNumber(value)?.integer(Int8.self) } }
extension Int16: BridgedNumberTarget { static func bridged(from value: Any) -> Int16? { BridgedNumber(value)?.integer(Int16.self) } }
extension Int32: BridgedNumberTarget { static func bridged(from value: Any) -> Int32? { BridgedNumber(value)?.integer(Int32.self) } }
extension Int64: BridgedNumberTarget { static func bridged(from value: Any) -> Int64? { BridgedNumber(value)?.integer(Int64.self) } }
extension UInt: BridgedNumberTarget { static func bridged(from value: Any) -> UInt? { BridgedNumber(value)?.integer(UInt.self) } }
extension UInt8: BridgedNumberTarget { static func bridged(from value: Any) -> UInt8? { BridgedNumber(value)?.integer(UInt8.self) } }
extension UInt16: BridgedNumberTarget { static func bridged(from value: Any) -> UInt16? { BridgedNumber(value)?.integer(UInt16.self) } }
extension UInt32: BridgedNumberTarget { static func bridged(from value: Any) -> UInt32? { BridgedNumber(value)?.integer(UInt32.self) } }
extension UInt64: BridgedNumberTarget { static func bridged(from value: Any) -> UInt64? { BridgedNumber(value)?.integer(UInt64.self) } }
extension Double: BridgedNumberTarget { static func bridged(from value: Any) -> Double? { BridgedNumber(value)?.double } }
extension Float: BridgedNumberTarget { static func bridged(from value: Any) -> Float? { BridgedNumber(value)?.float } }
extension Bool: BridgedNumberTarget { static func bridged(from value: Any) -> Bool? { BridgedNumber(value)?.bool } }

extension Array: BridgedNumberTarget where Element: BridgedNumberTarget {
    /// All of the elements, or nil when one does not convert (as `as? [Element]` fails whole).
    static func bridged(from value: Any) -> [Element]? {
        guard let elements = NativeValue.array(value) else { return nil }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let converted = Element.bridged(from: element) else { return nil }
            result.append(converted)
        }
        return result
    }
}

extension Dictionary: BridgedNumberTarget where Key == String, Value: BridgedNumberTarget {
    /// All of the values, or nil when one does not convert.
    static func bridged(from value: Any) -> [String: Value]? {
        guard let members = NativeValue.object(value) else { return nil }
        var result: [String: Value] = [:]
        result.reserveCapacity(members.count)
        for (key, member) in members {
            guard let converted = Value.bridged(from: member) else { return nil }
            result[key] = converted
        }
        return result
    }
}

extension Optional: BridgedNumberTarget where Wrapped: BridgedNumberTarget {
    /// A null is cast as the platform casts it; anything else converts as `Wrapped`.
    static func bridged(from value: Any) -> Wrapped?? {
        if NativeValue.isNull(value) { return value as? Wrapped? }
        return Wrapped.bridged(from: value).map { .some($0) }
    }
}
