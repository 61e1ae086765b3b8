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
        switch commonScalarCodec {
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

    /// Which common scalar codec the codec is, found once per declaration.
    private var commonScalarCodec: CommonScalarCodec? {
        var kind = scalarKind.load(ordering: .relaxed)
        if kind == 0 {
            kind = CommonScalarCodec.kind(of: codec).rawValue
            scalarKind.store(kind, ordering: .relaxed)
        }
        return CommonScalarCodec(rawValue: kind)
    }

    /// What `value`, written with one of the common scalar codecs, is to `original`, the member it
    /// replaces (nil when absent), compared as `MergePatchDiff.difference` compares the value's data
    /// form with it (numbers by numeric value), without boxing the value in `Any`. Nil when the
    /// codec is another.
    func compareCommonScalar(_ value: T, with original: JSONNode?) -> WrittenScalar? {
        switch commonScalarCodec {
        case .string: return Self.compare(unsafeBitCast(value, to: String.self), original)
        case .int: return Self.compare(unsafeBitCast(value, to: Int.self), original)
        case .double: return Self.compare(unsafeBitCast(value, to: Double.self), original)
        case .bool: return Self.compare(unsafeBitCast(value, to: Bool.self), original)
        case .optionalString: return unsafeBitCast(value, to: String?.self).map { Self.compare($0, original) } ?? .removed
        case .optionalInt: return unsafeBitCast(value, to: Int?.self).map { Self.compare($0, original) } ?? .removed
        case .optionalDouble: return unsafeBitCast(value, to: Double?.self).map { Self.compare($0, original) } ?? .removed
        case .optionalBool: return unsafeBitCast(value, to: Bool?.self).map { Self.compare($0, original) } ?? .removed
        case .other, nil: return nil
        }
    }

    private static func compare(_ string: String, _ original: JSONNode?) -> WrittenScalar {
        original?.stringValue == string ? .same : .changed
    }

    private static func compare(_ bool: Bool, _ original: JSONNode?) -> WrittenScalar {
        original?.boolValue == bool ? .same : .changed
    }

    /// Numbers compare by value, an integer with a double as a double (as `StructuralEquality`
    /// compares them); a number the data holds in another form is compared as the diff compares it.
    private static func compare(_ int: Int, _ original: JSONNode?) -> WrittenScalar {
        guard let original else { return .changed }
        // An integer literal reads as that integer (`-0` as 0, which equals the -0.0 it reads as).
        if let stored = original.intValue { return stored == int ? .same : .changed }
        guard original.kind == .number else { return .changed }
        let stored = original.materialize()
        let type = Swift.type(of: stored)
        if type == Int.self { return stored as! Int == int ? .same : .changed }
        if type == Double.self { return stored as! Double == Double(int) ? .same : .changed }
        return MergePatchDiff.difference(from: .json(original), to: int) == nil ? .same : .changed
    }

    private static func compare(_ double: Double, _ original: JSONNode?) -> WrittenScalar {
        guard let original, original.kind == .number else { return .changed }
        let stored = original.materialize()
        let type = Swift.type(of: stored)
        if type == Int.self { return Double(stored as! Int) == double ? .same : .changed }
        if type == Double.self { return stored as! Double == double ? .same : .changed }
        return MergePatchDiff.difference(from: .json(original), to: double) == nil ? .same : .changed
    }
}

/// What a written value is to the member of the data it replaces, in a merge patch.
enum WrittenScalar {
    /// The value is nil: the member, if any, is removed.
    case removed
    /// The member has the same value: the patch leaves it out.
    case same
    /// Another value, or no member: the patch holds the value.
    case changed
}
