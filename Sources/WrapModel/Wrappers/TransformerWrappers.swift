// Property wrappers over WrapPropertyTransformed: a value converted by a named transformer.
//
//     @TransformedProperty("price_cents", transformer: "cents") var price: Double        // 0 by default
//     @OptTransformedProperty("nick", transformer: "upper") var nickname: String?
//     @MutTransformedProperty("rate", transformer: "percent", defaultValue: 1) var rate: Double
//
// Without `defaultValue:`, the default is nil for optional values, `.zero` for numbers and the
// empty collection for strings and arrays; other value types need `defaultValue:`.

/// A read-only value converted by a named transformer (see ``WrapPropertyTransformed``).
public typealias TransformedProperty<T> = ReadOnlyProperty<T, WrapPropertyTransformed<T>>
/// A read-write value converted by a named transformer; output applies the transformer's reverse.
public typealias MutTransformedProperty<T> = MutableProperty<T, WrapPropertyTransformed<T>>
/// A read-only optional value converted by a named transformer (nil by default).
public typealias OptTransformedProperty<T> = ReadOnlyProperty<T?, WrapPropertyTransformed<T?>>
/// A read-write optional value converted by a named transformer (nil by default).
public typealias MutOptTransformedProperty<T> = MutableProperty<T?, WrapPropertyTransformed<T?>>

extension ReadOnlyProperty where Source == WrapPropertyTransformed<Value> {
    /// A wrapper over a new ``WrapPropertyTransformed``; see that class for the arguments.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transformer: The name of a value transformer registered with ``WrapValueTransformers``.
    ///   - defaultValue: Read when the data has no convertible value.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - modifier: Applied to every value read. Defaults to none.
    @inlinable
    public init(_ keyPath: String, transformer: String, defaultValue: Value, serializeForOutput: Bool = true,
                modifier: ((Value) -> Value)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, transformer, defaultValue, serializeForOutput, modifier, readsThroughModifier: modifier != nil) {
            WrapDeclaration.named($0, readModifier: modifier, writeModifier: nil) { WrapPropertyTransformed(keyPath, transformer: transformer, defaultValue: defaultValue, serializeForOutput: serializeForOutput) }
        }
    }
}

extension ReadOnlyProperty where Source == WrapPropertyTransformed<Value>, Value: ExpressibleByNilLiteral {
    /// A wrapper over a new ``WrapPropertyTransformed`` whose default is nil.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transformer: The name of a value transformer registered with ``WrapValueTransformers``.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - modifier: Applied to every value read. Defaults to none.
    @inlinable
    public init(_ keyPath: String, transformer: String, serializeForOutput: Bool = true, modifier: ((Value) -> Value)? = nil) {
        self.init(keyPath, transformer: transformer, defaultValue: nil, serializeForOutput: serializeForOutput, modifier: modifier)
    }
}

extension ReadOnlyProperty where Source == WrapPropertyTransformed<Value>, Value: AdditiveArithmetic {
    /// A wrapper over a new ``WrapPropertyTransformed`` whose default is `.zero`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transformer: The name of a value transformer registered with ``WrapValueTransformers``.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - modifier: Applied to every value read. Defaults to none.
    @inlinable
    public init(_ keyPath: String, transformer: String, serializeForOutput: Bool = true, modifier: ((Value) -> Value)? = nil) {
        self.init(keyPath, transformer: transformer, defaultValue: .zero, serializeForOutput: serializeForOutput, modifier: modifier)
    }
}

extension ReadOnlyProperty where Source == WrapPropertyTransformed<Value>, Value: RangeReplaceableCollection {
    /// A wrapper over a new ``WrapPropertyTransformed`` whose default is empty.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transformer: The name of a value transformer registered with ``WrapValueTransformers``.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - modifier: Applied to every value read. Defaults to none.
    @inlinable
    public init(_ keyPath: String, transformer: String, serializeForOutput: Bool = true, modifier: ((Value) -> Value)? = nil) {
        self.init(keyPath, transformer: transformer, defaultValue: Value(), serializeForOutput: serializeForOutput, modifier: modifier)
    }
}

extension MutableProperty where Source == WrapPropertyTransformed<Value> {
    /// A wrapper over a new ``WrapPropertyTransformed``; see that class for the arguments.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transformer: The name of a value transformer registered with ``WrapValueTransformers``.
    ///   - defaultValue: Read when the data has no convertible value.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, transformer: String, defaultValue: Value, serializeForOutput: Bool = true,
                getModifier: ((Value) -> Value)? = nil, setModifier: ((Value) -> Value)? = nil) {
        declaration = .declare(Self.self, #line as UInt, keyPath, transformer, defaultValue, serializeForOutput, getModifier, setModifier, readsThroughModifier: getModifier != nil) {
            WrapDeclaration.named($0, readModifier: getModifier, writeModifier: setModifier) { WrapPropertyTransformed(keyPath, transformer: transformer, defaultValue: defaultValue, serializeForOutput: serializeForOutput) }
        }
    }
}

extension MutableProperty where Source == WrapPropertyTransformed<Value>, Value: ExpressibleByNilLiteral {
    /// A wrapper over a new ``WrapPropertyTransformed`` whose default is nil.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transformer: The name of a value transformer registered with ``WrapValueTransformers``.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, transformer: String, serializeForOutput: Bool = true,
                getModifier: ((Value) -> Value)? = nil, setModifier: ((Value) -> Value)? = nil) {
        self.init(keyPath, transformer: transformer, defaultValue: nil, serializeForOutput: serializeForOutput,
                  getModifier: getModifier, setModifier: setModifier)
    }
}

extension MutableProperty where Source == WrapPropertyTransformed<Value>, Value: AdditiveArithmetic {
    /// A wrapper over a new ``WrapPropertyTransformed`` whose default is `.zero`.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transformer: The name of a value transformer registered with ``WrapValueTransformers``.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, transformer: String, serializeForOutput: Bool = true,
                getModifier: ((Value) -> Value)? = nil, setModifier: ((Value) -> Value)? = nil) {
        self.init(keyPath, transformer: transformer, defaultValue: .zero, serializeForOutput: serializeForOutput,
                  getModifier: getModifier, setModifier: setModifier)
    }
}

extension MutableProperty where Source == WrapPropertyTransformed<Value>, Value: RangeReplaceableCollection {
    /// A wrapper over a new ``WrapPropertyTransformed`` whose default is empty.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the value in the model's data.
    ///   - transformer: The name of a value transformer registered with ``WrapValueTransformers``.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    ///   - getModifier: Applied to every value read. Defaults to none.
    ///   - setModifier: Applied to every value written. Defaults to none.
    @inlinable
    public init(_ keyPath: String, transformer: String, serializeForOutput: Bool = true,
                getModifier: ((Value) -> Value)? = nil, setModifier: ((Value) -> Value)? = nil) {
        self.init(keyPath, transformer: transformer, defaultValue: Value(), serializeForOutput: serializeForOutput,
                  getModifier: getModifier, setModifier: setModifier)
    }
}
