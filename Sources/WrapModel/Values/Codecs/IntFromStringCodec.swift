/// Numbers or numeric strings in, as ``IntCodec`` reads them; a string out.
struct IntFromStringCodec: WrapValueCodec {
    var expectedDescription: String { "integer or numeric string" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Int? { stored.raw.int }

    func encode(_ value: Int, context: WrapEncodingContext) -> Any? { String(value) }
}
