/// The codec of the generic 1.3.7 classes (`WrapPropertyOptional<T>`, `WrapPropertyArray<T>`),
/// whose `T` is unconstrained: `Int`, `Double`, `Float`, `Bool` and `String` convert as their named
/// properties do, any other type is read with `as? T`.
///
/// The choice is made from `T`'s metatype on each conversion (one comparison per type), and the
/// result is handed back with a checked cast, which is free when the types are the same.
struct NaturalCodec<T>: WrapValueCodec {
    var expectedDescription: String {
        if T.self == Int.self { return IntCodec().expectedDescription }
        if T.self == Double.self || T.self == Float.self { return DoubleCodec().expectedDescription }
        if T.self == String.self { return StringCodec().expectedDescription }
        if T.self == Bool.self { return BoolCodec().expectedDescription }
        return CastCodec<T>().expectedDescription
    }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> T? {
        if T.self == Int.self { return stored.raw.int as? T }
        if T.self == Double.self { return DoubleCodec().decode(stored, context: context) as? T }
        if T.self == Float.self { return FloatCodec().decode(stored, context: context) as? T }
        if T.self == String.self { return StringCodec().decode(stored, context: context) as? T }
        if T.self == Bool.self { return BoolCodec().decode(stored, context: context) as? T }
        return CastCodec<T>().decode(stored, context: context)
    }

    func encode(_ value: T, context: WrapEncodingContext) -> Any? {
        if let float = value as? Float, T.self == Float.self { return FloatCodec().encode(float, context: context) }
        return CastCodec<T>().encode(value, context: context)
    }

    func isNoValue(_ value: T) -> Bool { CastCodec<T>().isNoValue(value) }
}
