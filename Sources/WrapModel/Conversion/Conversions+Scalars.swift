import Foundation

/// The built-in conversions the named property classes choose from.
enum Conversions {
    /// `as? T` in, the value itself out: `WrapProperty<T>` without converters.
    static func cast<T>() -> WrapConversion<T> {
        WrapConversion(
            expected: String(describing: T.self),
            decode: { stored, _ in stored.any as? T },
            encode: { value, _ in flattened(value) },
            isNoValue: { flattened($0) == nil })
    }

    /// Wraps a conversion so that the value is optional and nil writes as "no value".
    static func optional<W>(_ base: WrapConversion<W>) -> WrapConversion<W?> {
        let adopt = base.adopt.map { adopt in { (value: W?, parent: WrapModel) in value.map { adopt($0, parent) } } }
        let mutations = base.containsMutations.map { contains in { (value: W?) in value.map(contains) ?? false } }
        return WrapConversion<W?>(
            expected: base.expected,
            decode: { stored, context in base.decode(stored, context).map { .some($0) } },
            encode: { value, context in value.flatMap { base.encode($0, context) } },
            adopt: adopt,
            isNoValue: { $0 == nil },
            containsMutations: mutations,
            modelClass: base.modelClass)
    }

    /// Builds a scalar conversion from a reading function; output is the value itself.
    static func scalar<T>(_ expected: String, _ read: @escaping (Any) -> T?) -> WrapConversion<T> {
        WrapConversion(expected: expected, decode: { stored, _ in read(stored.any) }, encode: { value, _ in value })
    }

    /// JSON integers are read straight from the document; an integer literal too large for `Int`
    /// is out of range even where its nearest `Double` would fit (`-9223372036854775809`).
    static let int = WrapConversion<Int>(
        expected: "integer",
        decode: { stored, _ in
            if case .json(let node) = stored, node.kind == .number {
                if let int = node.intValue { return int }
                if node.isIntegerLiteral { return nil }
            }
            return NumberReading.int(stored.any)
        },
        encode: { value, _ in value })
    static let optionalInt = optional(int)
    static let optionalDouble = optional(double)
    static let optionalIntFromString = optional(intFromString)
    static let double = scalar("number", NumberReading.double)
    static let string = scalar("string", NativeValue.string)
    static let dictionary = scalar("object", NativeValue.object)

    /// A double beyond `Float`'s range (`1e308`) does not convert: it would read as infinity.
    static let float = WrapConversion<Float>(
        expected: "number",
        decode: { stored, _ in NumberReading.float(stored.any) },
        encode: { value, _ in NumberReading.outputDouble(value) })

    /// Numbers or numeric strings in, a string out.
    static let intFromString = WrapConversion<Int>(
        expected: "integer or numeric string",
        decode: { stored, context in int.decode(stored, context) },
        encode: { value, _ in String(value) })

    static func bool(output: WrapPropertyBoolOutputType) -> WrapConversion<Bool> {
        WrapConversion(
            expected: "boolean",
            decode: { stored, _ in NumberReading.bool(stored.any) },
            encode: { value, _ in output.output(value) })
    }

    static let numberInt = WrapConversion<NSNumber?>(
        expected: "integer",
        decode: { stored, _ in NumberReading.int(stored.any).map { .some(NSNumber(value: $0)) } },
        encode: { value, _ in value.map(NumberReading.integerOutput) },
        isNoValue: { $0 == nil })

    static let numberFloat = WrapConversion<NSNumber?>(
        expected: "number",
        decode: { stored, _ in NumberReading.double(stored.any).map { .some(NSNumber(value: $0)) } },
        encode: { value, _ in value.map { $0.doubleValue } },
        isNoValue: { $0 == nil })

    /// Element-wise arrays: elements that do not convert are dropped and reported.
    static func array<E>(of elementConversion: WrapConversion<E>) -> WrapConversion<[E]> {
        let adopt = elementConversion.adopt.map { adopt in { (values: [E], parent: WrapModel) in values.map { adopt($0, parent) } } }
        return WrapConversion<[E]>(
            expected: "array",
            decode: { stored, context in
                guard let elements = stored.elements else { return nil }
                var values: [E] = []
                values.reserveCapacity(elements.count)
                var dropped = 0
                for (index, element) in elements.enumerated() {
                    let elementContext = context.descending(to: "\(context.keyPath)[\(index)]")
                    if !element.isNull, let value = elementConversion.decode(element, elementContext) {
                        values.append(value)
                    } else {
                        dropped += 1
                    }
                }
                if dropped > 0 { context.report(.droppedElements(count: dropped)) }
                return values
            },
            encode: { values, context in
                // 1.3.7 writes a Float array as `[Float]` (code casts it back `as? [Float]`), and the
                // JSON writer prints each Float in its own shortest form (7.7, not 7.699999809265137).
                if E.self == Float.self { return values }
                return values.compactMap { elementConversion.encode($0, context) }
            },
            adopt: adopt,
            modelClass: elementConversion.modelClass)
    }

    /// `Optional` payloads as `Any?`, so nil optionals hidden in an `Any` are recognised.
    static func flattened(_ value: Any) -> Any? {
        if let optional = value as? any _OptionalMarker { return optional.flattenedValue }
        return value
    }
}

extension Optional: _OptionalMarker {
    var flattenedValue: Any? {
        switch self {
        case .some(let wrapped): return Conversions.flattened(wrapped)
        case .none: return nil
        }
    }
}

extension Conversions {
    /// The conversion a generic property uses for `T`: the named numeric, boolean and string
    /// conversions where `T` is one of those types, `as? T` otherwise.
    static func natural<T>(for _: T.Type) -> WrapConversion<T> {
        switch T.self {
        case is Int.Type: return int as! WrapConversion<T>
        case is Double.Type: return double as! WrapConversion<T>
        case is Float.Type: return float as! WrapConversion<T>
        case is String.Type: return string as! WrapConversion<T>
        case is Bool.Type: return bool(output: .boolean) as! WrapConversion<T>
        default: return cast()
        }
    }
}
