extension WrapCodecPropertyWrapper {
    /// A nested object as a submodel (sharing the parent's lock and mutability); nil when absent.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the object in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String? = nil, serializeForOutput: Bool = true) where Value == M?  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.optionalModel(M.self), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }

    /// An array of objects as submodels; elements that are not objects are left out (and
    /// reported). `embedPath`, if given, is where each element keeps its model's object.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the array in the model's data.
    ///   - embedPath: Path of the model's object inside each element. Defaults to the element itself.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String? = nil, embedPath: String? = nil, serializeForOutput: Bool = true) where Value == [M]  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, embedPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.modelArray(M.self, embedPath: embedPath), defaultValue: [], serializeForOutput: serializeForOutput)
        })
    }

    /// An optional array of submodels: nil when absent or not an array.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the array in the model's data.
    ///   - embedPath: Path of the model's object inside each element. Defaults to the element itself.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String? = nil, embedPath: String? = nil, serializeForOutput: Bool = true) where Value == [M]?  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, embedPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.optionalModelArray(M.self, embedPath: embedPath), defaultValue: nil, serializeForOutput: serializeForOutput)
        })
    }

    /// An object of objects as `[String: M]`; `[:]` when absent.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the object in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String? = nil, serializeForOutput: Bool = true) where Value == [String: M]  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.modelDictionary(M.self), defaultValue: [:], serializeForOutput: serializeForOutput)
        })
    }

    /// An object of arrays of objects as `[String: [M]]`; `[:]` when absent.
    /// - Parameters:
    ///   - keyPath: Period-delimited path of the object in the model's data.
    ///   - serializeForOutput: Whether output for posting includes it. Defaults to `true`.
    @inlinable
    public init<M: WrapModel>(_ keyPath: String? = nil, serializeForOutput: Bool = true) where Value == [String: [M]]  {
        self.init(declaration: .declare(Self.self, #line as UInt, keyPath, serializeForOutput, readsThroughModifier: false) {
            WrapDeclaration.describe($0, key: keyPath, codec: DeclaredCodecs.modelArrayDictionary(M.self), defaultValue: [:], serializeForOutput: serializeForOutput)
        })
    }
}
