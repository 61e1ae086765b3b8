/// An `Int64` from integers (exactly, from the number's text), integral doubles in range and
/// numeric strings.
struct Int64Codec: WrapValueCodec {
    var expectedDescription: String { "64-bit integer" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Int64? {
        if let text = stored.numberText ?? stored.string.map(trimmed) {
            if let exact = Int64(text) { return exact }
            if let double = Double(text), double.isFinite, double == double.rounded(), let value = Int64(exactly: double) {
                return value
            }
        }
        return nil
    }

    func encode(_ value: Int64, context: WrapEncodingContext) -> Any? { value }
}

/// A `UInt64` from non-negative integers (exactly, from the number's text, up to 18446744073709551615),
/// integral doubles in range and numeric strings.
struct UInt64Codec: WrapValueCodec {
    var expectedDescription: String { "unsigned 64-bit integer" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> UInt64? {
        if let text = stored.numberText ?? stored.string.map(trimmed) {
            if let exact = UInt64(text) { return exact }
            if let double = Double(text), double.isFinite, double == double.rounded(), let value = UInt64(exactly: double) {
                return value
            }
        }
        return nil
    }

    func encode(_ value: UInt64, context: WrapEncodingContext) -> Any? { value }
}

/// A numeric string without surrounding whitespace.
private func trimmed(_ string: String) -> String {
    String(string.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
}
