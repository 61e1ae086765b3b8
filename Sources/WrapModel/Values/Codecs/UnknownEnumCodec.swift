/// A ``WrapConvertibleEnum`` whose `unknown` case stands for "no value": never written.
struct UnknownEnumCodec<E: WrapConvertibleEnum>: WrapValueCodec, @unchecked Sendable {
    // @unchecked: holds one enum case (1.3.7 enums are not declared Sendable), never mutated.
    let unknown: E

    var expectedDescription: String { ConvertibleEnumCodec<E>().expectedDescription }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> E? {
        ConvertibleEnumCodec<E>().decode(stored, context: context)
    }

    func encode(_ value: E, context: WrapEncodingContext) -> Any? {
        value == unknown ? nil : ConvertibleEnumCodec<E>().encode(value, context: context)
    }

    func isNoValue(_ value: E) -> Bool { value == unknown }
}
