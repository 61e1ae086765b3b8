import WrapModelJSON
extension TypedPropertyDescriptor {
    /// Writes `value` straight into `writer` when the codec is one of the common scalar codecs,
    /// whose data form is the value itself: a string, an integer, a double or a boolean written
    /// as one, or an optional of one. True when it wrote the value, false when the optional was
    /// nil (no value), nil when the codec is another (the caller then goes through
    /// ``WrapValueCodec/encode(_:context:)``).
    ///
    /// The codec's dynamic type decides, once per declaration, and fixes `T` (a codec's value is its
    /// declaration's), so the value is reinterpreted rather than boxed in `Any` and cast back: the
    /// writer's own routines write it, in the same form as through the dictionary.
    func writeCommonScalar(_ value: T, into writer: inout JSONWriter) throws(JSONWriter.InvalidValue) -> Bool? {
        var kind = scalarKind.load(ordering: .relaxed)
        if kind == 0 {
            kind = CommonScalarCodec.kind(of: codec).rawValue
            scalarKind.store(kind, ordering: .relaxed)
        }
        switch CommonScalarCodec(rawValue: kind) {
        case .string:
            writer.writeString(unsafeBitCast(value, to: String.self))
        case .int:
            writer.writeInteger(Int64(unsafeBitCast(value, to: Int.self)))
        case .double:
            try writer.writeDouble(unsafeBitCast(value, to: Double.self))
        case .bool:
            writer.out.append(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
        case .optionalString:
            guard let string = unsafeBitCast(value, to: String?.self) else { return false }
            writer.writeString(string)
        case .optionalInt:
            guard let int = unsafeBitCast(value, to: Int?.self) else { return false }
            writer.writeInteger(Int64(int))
        case .optionalDouble:
            guard let double = unsafeBitCast(value, to: Double?.self) else { return false }
            try writer.writeDouble(double)
        case .optionalBool:
            guard let bool = unsafeBitCast(value, to: Bool?.self) else { return false }
            writer.out.append(bool ? "true" : "false")
        case .other, nil:
            return nil
        }
        return true
    }
}
