/// The codecs whose data form is their value as it is, which compact JSON output writes without
/// going through `Any` (see `TypedPropertyDescriptor.writeCommonScalar`). Raw values are what a
/// descriptor remembers (`PropertyDescriptor.scalarKind`); 0 is "not asked yet".
enum CommonScalarCodec: UInt8 {
    case other = 1
    case string, int, double, bool
    case optionalString, optionalInt, optionalDouble, optionalBool

    /// Which of them `codec` is, by its dynamic type (a boolean only when written as one).
    static func kind<T>(of codec: any WrapValueCodec<T>) -> CommonScalarCodec {
        let type = Swift.type(of: codec)
        if type == StringCodec.self || type == NaturalCodec<String>.self { return .string }
        if type == IntCodec.self || type == NaturalCodec<Int>.self { return .int }
        if type == DoubleCodec.self || type == NaturalCodec<Double>.self { return .double }
        if type == NaturalCodec<Bool>.self || (codec as? BoolCodec)?.output == .boolean { return .bool }
        if type == WrapOptionalCodec<StringCodec>.self || type == WrapOptionalCodec<NaturalCodec<String>>.self {
            return .optionalString
        }
        if type == WrapOptionalCodec<IntCodec>.self || type == WrapOptionalCodec<NaturalCodec<Int>>.self { return .optionalInt }
        if type == WrapOptionalCodec<DoubleCodec>.self || type == WrapOptionalCodec<NaturalCodec<Double>>.self {
            return .optionalDouble
        }
        if type == WrapOptionalCodec<NaturalCodec<Bool>>.self
            || (codec as? WrapOptionalCodec<BoolCodec>)?.wrapped.output == .boolean {
            return .optionalBool
        }
        return .other
    }
}
