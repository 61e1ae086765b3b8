// One entry point per argument count (see ConstructionContext+Declare for why not a pack).

extension WrapDeclaration {
    /// Takes the next position for a wrapper whose initialiser got the arguments (the first two
    /// name the wrapper type and the initialiser): when they match the descriptor expected there,
    /// that is all; otherwise `describe` builds one, given their fingerprint.
    ///
    /// Inlined into the wrapper's initialiser, and so specialised for its argument types in the
    /// module that declares the model: comparing the arguments is a few loads and compares.
    @inlinable @inline(__always)
    static func declare<A0, A1>(_ a0: A0, _ a1: A1, readsThroughModifier: Bool,
                              describe: (DeclarationFingerprint) -> PropertyDescriptor) -> WrapDeclaration {
        return ConstructionContext.currentUnretained._withUnsafeGuaranteedRef { context in
            WrapDeclaration(position: context.declare(a0, a1, handle: nil, make: describe), readsThroughModifier: readsThroughModifier,
                            stack: context.tag)
        }
    }

    @inlinable @inline(__always)
    static func declare<A0, A1, A2>(_ a0: A0, _ a1: A1, _ a2: A2, readsThroughModifier: Bool,
                              describe: (DeclarationFingerprint) -> PropertyDescriptor) -> WrapDeclaration {
        return ConstructionContext.currentUnretained._withUnsafeGuaranteedRef { context in
            WrapDeclaration(position: context.declare(a0, a1, a2, handle: nil, make: describe), readsThroughModifier: readsThroughModifier,
                            stack: context.tag)
        }
    }

    @inlinable @inline(__always)
    static func declare<A0, A1, A2, A3>(_ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, readsThroughModifier: Bool,
                              describe: (DeclarationFingerprint) -> PropertyDescriptor) -> WrapDeclaration {
        return ConstructionContext.currentUnretained._withUnsafeGuaranteedRef { context in
            WrapDeclaration(position: context.declare(a0, a1, a2, a3, handle: nil, make: describe), readsThroughModifier: readsThroughModifier,
                            stack: context.tag)
        }
    }

    @inlinable @inline(__always)
    static func declare<A0, A1, A2, A3, A4>(_ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, readsThroughModifier: Bool,
                              describe: (DeclarationFingerprint) -> PropertyDescriptor) -> WrapDeclaration {
        return ConstructionContext.currentUnretained._withUnsafeGuaranteedRef { context in
            WrapDeclaration(position: context.declare(a0, a1, a2, a3, a4, handle: nil, make: describe), readsThroughModifier: readsThroughModifier,
                            stack: context.tag)
        }
    }

    @inlinable @inline(__always)
    static func declare<A0, A1, A2, A3, A4, A5>(_ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, readsThroughModifier: Bool,
                              describe: (DeclarationFingerprint) -> PropertyDescriptor) -> WrapDeclaration {
        return ConstructionContext.currentUnretained._withUnsafeGuaranteedRef { context in
            WrapDeclaration(position: context.declare(a0, a1, a2, a3, a4, a5, handle: nil, make: describe), readsThroughModifier: readsThroughModifier,
                            stack: context.tag)
        }
    }

    @inlinable @inline(__always)
    static func declare<A0, A1, A2, A3, A4, A5, A6>(_ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, _ a6: A6, readsThroughModifier: Bool,
                              describe: (DeclarationFingerprint) -> PropertyDescriptor) -> WrapDeclaration {
        return ConstructionContext.currentUnretained._withUnsafeGuaranteedRef { context in
            WrapDeclaration(position: context.declare(a0, a1, a2, a3, a4, a5, a6, handle: nil, make: describe), readsThroughModifier: readsThroughModifier,
                            stack: context.tag)
        }
    }

    @inlinable @inline(__always)
    static func declare<A0, A1, A2, A3, A4, A5, A6, A7>(_ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, _ a6: A6, _ a7: A7, readsThroughModifier: Bool,
                              describe: (DeclarationFingerprint) -> PropertyDescriptor) -> WrapDeclaration {
        return ConstructionContext.currentUnretained._withUnsafeGuaranteedRef { context in
            WrapDeclaration(position: context.declare(a0, a1, a2, a3, a4, a5, a6, a7, handle: nil, make: describe), readsThroughModifier: readsThroughModifier,
                            stack: context.tag)
        }
    }
}
