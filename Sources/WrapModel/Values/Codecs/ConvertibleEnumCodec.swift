/// A ``WrapConvertibleEnum`` through its own `conversionDict()`; the lookup tables built from it
/// are shared by every property of the enum type (see `EnumTables.shared(for:)`).
struct ConvertibleEnumCodec<E: WrapConvertibleEnum>: WrapValueCodec {
    var expectedDescription: String { "enum string" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> E? {
        EnumTables.shared(for: E.self).decode(stored, context: context)
    }

    func encode(_ value: E, context: WrapEncodingContext) -> Any? {
        EnumTables.shared(for: E.self).names[value] ?? value.rawValue
    }
}
