/// An array converted element by element; elements that do not convert are dropped (and reported).
///
/// ```swift
/// let tags = WPStrArray("tags")                    // WrapPropertyArray<String>
/// let prices = WPDoubleArray("prices")             // [1, 2.5, "3"] reads [1.0, 2.5, 3.0]
/// ```
/// `Int`, `Double`, `Float`, `Bool` and `String` elements convert as their named properties do;
/// other element types are read with `as?`. Default `[]`.
public final class WrapPropertyArray<T>: WrapProperty<[T]>, WrapPropertyDefaultValueInit {
    /// The default value when a declaration gives none.
    public static var standardDefault: [T] { [] }

    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - defaultValue: Read when the data has no convertible value. Defaults to `[]`.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public override init(_ keyPath: String, defaultValue: [T] = [], serializeForOutput: Bool = true) {
        super.init(keyPath, defaultValue: defaultValue, serializeForOutput: serializeForOutput,
                   codec: WrapArrayCodec(NaturalCodec<T>()))
    }
}

/// An optional array converted like ``WrapPropertyArray``: nil when absent, `null` or not an array.
public final class WrapPropertyOptionalArray<T>: WrapProperty<[T]?>, WrapPropertyKeyPathInit {
    /// Creates the property for the value at `keyPath` (period-delimited).
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    public init(_ keyPath: String, serializeForOutput: Bool = true) {
        super.init(keyPath, serializeForOutput: serializeForOutput) {
            Self.describe($0, keyPath, codec: WrapOptionalCodec(WrapArrayCodec(NaturalCodec<T>())), defaultValue: nil,
                          serializeForOutput: serializeForOutput)
        }
    }
}

/// `[Int]`, element-wise as ``WrapPropertyInt`` converts.
public typealias WrapPropertyIntArray = WrapPropertyArray<Int>
/// `[Int]?`, element-wise as ``WrapPropertyInt`` converts.
public typealias WrapPropertyOptionalIntArray = WrapPropertyOptionalArray<Int>
/// `[Float]`, element-wise as ``WrapPropertyFloat`` converts.
public typealias WrapPropertyFloatArray = WrapPropertyArray<Float>
/// `[Float]?`, element-wise as ``WrapPropertyFloat`` converts.
public typealias WrapPropertyOptionalFloatArray = WrapPropertyOptionalArray<Float>
