import WrapModelJSON
/// Integers as they are, other numbers rounded, numeric strings parsed; out of range gives nil.
struct IntCodec: WrapValueCodec {
    var expectedDescription: String { "integer" }

    func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Int? {
        if let value = Self.read(stored.raw) { return value }
        NumericText.reportOutOfRange(stored, expected: "integer in Int's range", context: context)
        return nil
    }

    func encode(_ value: Int, context: WrapEncodingContext) -> Any? { value }

    /// JSON integers are read straight from the document; an integer literal too large for `Int`
    /// is out of range even where its nearest `Double` would fit (`-9223372036854775809`).
    static func read(_ stored: DataValue) -> Int? {
        if case .json(let node) = stored, node.kind == .number {
            if let int = node.intValue { return int }
            if node.isIntegerLiteral { return nil }
        }
        return NumberReading.int(stored.any)
    }
}
