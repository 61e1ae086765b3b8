// One entry point per argument count (see ConstructionContext+Declare for why not a pack).

extension WrapPropertyBase {
    /// Makes the declaration of a property object of class `objectClass` whose initialiser got
    /// the arguments: it takes the next position of the thread's declaration stack, where the
    /// arguments are compared with the descriptor expected there (see
    /// `ConstructionContext.declare`), or builds a descriptor the object owns when made as a view.
    static func declaring<A0>(_ objectClass: AnyClass, _ a0: A0,
                                 make: (DeclarationFingerprint) -> PropertyDescriptor) -> Declared {
        let context = ConstructionContext.currentUnretained.takeUnretainedValue()
        let tag = ObjectIdentifier(objectClass)
        if context.isMakingView {
            var fingerprint = DeclarationFingerprint()
            fingerprint.append(tag)
            fingerprint.append(a0);
            return Declared(position: -1, descriptor: Unmanaged.passRetained(make(fingerprint)), owned: true, context: nil)
        }
        let position = context.declare(tag, a0, handle: nil, make: make)
        return Declared(position: position, descriptor: Unmanaged.passUnretained(context.descriptor(at: position)), owned: false,
                        context: Unmanaged.passUnretained(context))
    }

    static func declaring<A0, A1>(_ objectClass: AnyClass, _ a0: A0, _ a1: A1,
                                 make: (DeclarationFingerprint) -> PropertyDescriptor) -> Declared {
        let context = ConstructionContext.currentUnretained.takeUnretainedValue()
        let tag = ObjectIdentifier(objectClass)
        if context.isMakingView {
            var fingerprint = DeclarationFingerprint()
            fingerprint.append(tag)
            fingerprint.append(a0); fingerprint.append(a1);
            return Declared(position: -1, descriptor: Unmanaged.passRetained(make(fingerprint)), owned: true, context: nil)
        }
        let position = context.declare(tag, a0, a1, handle: nil, make: make)
        return Declared(position: position, descriptor: Unmanaged.passUnretained(context.descriptor(at: position)), owned: false,
                        context: Unmanaged.passUnretained(context))
    }

    static func declaring<A0, A1, A2>(_ objectClass: AnyClass, _ a0: A0, _ a1: A1, _ a2: A2,
                                 make: (DeclarationFingerprint) -> PropertyDescriptor) -> Declared {
        let context = ConstructionContext.currentUnretained.takeUnretainedValue()
        let tag = ObjectIdentifier(objectClass)
        if context.isMakingView {
            var fingerprint = DeclarationFingerprint()
            fingerprint.append(tag)
            fingerprint.append(a0); fingerprint.append(a1); fingerprint.append(a2);
            return Declared(position: -1, descriptor: Unmanaged.passRetained(make(fingerprint)), owned: true, context: nil)
        }
        let position = context.declare(tag, a0, a1, a2, handle: nil, make: make)
        return Declared(position: position, descriptor: Unmanaged.passUnretained(context.descriptor(at: position)), owned: false,
                        context: Unmanaged.passUnretained(context))
    }

    static func declaring<A0, A1, A2, A3>(_ objectClass: AnyClass, _ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3,
                                 make: (DeclarationFingerprint) -> PropertyDescriptor) -> Declared {
        let context = ConstructionContext.currentUnretained.takeUnretainedValue()
        let tag = ObjectIdentifier(objectClass)
        if context.isMakingView {
            var fingerprint = DeclarationFingerprint()
            fingerprint.append(tag)
            fingerprint.append(a0); fingerprint.append(a1); fingerprint.append(a2); fingerprint.append(a3);
            return Declared(position: -1, descriptor: Unmanaged.passRetained(make(fingerprint)), owned: true, context: nil)
        }
        let position = context.declare(tag, a0, a1, a2, a3, handle: nil, make: make)
        return Declared(position: position, descriptor: Unmanaged.passUnretained(context.descriptor(at: position)), owned: false,
                        context: Unmanaged.passUnretained(context))
    }

    static func declaring<A0, A1, A2, A3, A4>(_ objectClass: AnyClass, _ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4,
                                 make: (DeclarationFingerprint) -> PropertyDescriptor) -> Declared {
        let context = ConstructionContext.currentUnretained.takeUnretainedValue()
        let tag = ObjectIdentifier(objectClass)
        if context.isMakingView {
            var fingerprint = DeclarationFingerprint()
            fingerprint.append(tag)
            fingerprint.append(a0); fingerprint.append(a1); fingerprint.append(a2); fingerprint.append(a3); fingerprint.append(a4);
            return Declared(position: -1, descriptor: Unmanaged.passRetained(make(fingerprint)), owned: true, context: nil)
        }
        let position = context.declare(tag, a0, a1, a2, a3, a4, handle: nil, make: make)
        return Declared(position: position, descriptor: Unmanaged.passUnretained(context.descriptor(at: position)), owned: false,
                        context: Unmanaged.passUnretained(context))
    }
}
