import WrapModelJSON
/// A `Float`, read through `Double`; a double beyond `Float`'s range (`1e308`) does not convert
/// (it would read as infinity). Written as the `Double` of the `Float`'s shortest form (`0.1`).
struct FloatCodec: WrapValueCodec {
    var expectedDescription: String { "number" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Float? {
        if let value = NumberReading.float(stored.raw.any) { return value }
        NumericText.reportOutOfRange(stored, expected: "number in Float's range", context: context)
        return nil
    }

    func encode(_ value: Float, context: WrapEncodingContext) -> Any? { NumberReading.outputDouble(value) }
}
