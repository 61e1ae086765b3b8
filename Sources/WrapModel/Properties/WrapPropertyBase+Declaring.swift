// One entry point per argument count (see ConstructionContext+Declare for why not a pack).

extension WrapPropertyBase {
    /// Makes the declaration of a property object of class `objectClass` whose initialiser got
    /// the arguments: it takes the next position of the thread's declaration stack, where the
    /// arguments are compared with the descriptor expected there (see
    /// `ConstructionContext.declare`), or builds a descriptor the object owns when made as a view.
    static func declaring<A0>(_ objectClass: AnyClass, _ a0: A0,
                                 make: (DeclarationFingerprint) -> PropertyDescriptor) -> Declared {
        let context = ConstructionContext.currentUnretained.takeUnretainedValue()
        if context.isMakingView { return view(objectClass, make) { $0.append(a0) } }
        return claimed(context.declare(ObjectIdentifier(objectClass), a0, handle: nil, make: make), on: context)
    }

    static func declaring<A0, A1>(_ objectClass: AnyClass, _ a0: A0, _ a1: A1,
                                 make: (DeclarationFingerprint) -> PropertyDescriptor) -> Declared {
        let context = ConstructionContext.currentUnretained.takeUnretainedValue()
        if context.isMakingView { return view(objectClass, make) { $0.append(a0); $0.append(a1) } }
        return claimed(context.declare(ObjectIdentifier(objectClass), a0, a1, handle: nil, make: make), on: context)
    }

    static func declaring<A0, A1, A2>(_ objectClass: AnyClass, _ a0: A0, _ a1: A1, _ a2: A2,
                                 make: (DeclarationFingerprint) -> PropertyDescriptor) -> Declared {
        let context = ConstructionContext.currentUnretained.takeUnretainedValue()
        if context.isMakingView { return view(objectClass, make) { $0.append(a0); $0.append(a1); $0.append(a2) } }
        return claimed(context.declare(ObjectIdentifier(objectClass), a0, a1, a2, handle: nil, make: make), on: context)
    }

    static func declaring<A0, A1, A2, A3>(_ objectClass: AnyClass, _ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3,
                                 make: (DeclarationFingerprint) -> PropertyDescriptor) -> Declared {
        let context = ConstructionContext.currentUnretained.takeUnretainedValue()
        if context.isMakingView { return view(objectClass, make) { $0.append(a0); $0.append(a1); $0.append(a2); $0.append(a3) } }
        return claimed(context.declare(ObjectIdentifier(objectClass), a0, a1, a2, a3, handle: nil, make: make), on: context)
    }

    static func declaring<A0, A1, A2, A3, A4>(_ objectClass: AnyClass, _ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4,
                                 make: (DeclarationFingerprint) -> PropertyDescriptor) -> Declared {
        let context = ConstructionContext.currentUnretained.takeUnretainedValue()
        if context.isMakingView { return view(objectClass, make) { $0.append(a0); $0.append(a1); $0.append(a2); $0.append(a3); $0.append(a4) } }
        return claimed(context.declare(ObjectIdentifier(objectClass), a0, a1, a2, a3, a4, handle: nil, make: make), on: context)
    }

    /// The declaration of an object made as a view (`$name`): a descriptor of its own, built from
    /// the fingerprint of its class and arguments.
    private static func view(_ objectClass: AnyClass, _ make: (DeclarationFingerprint) -> PropertyDescriptor,
                             arguments: (inout DeclarationFingerprint) -> Void) -> Declared {
        var fingerprint = DeclarationFingerprint()
        fingerprint.append(ObjectIdentifier(objectClass))
        arguments(&fingerprint)
        return Declared(position: -1, descriptor: Unmanaged.passRetained(make(fingerprint)), owned: true, context: nil)
    }

    /// The declaration at `position` of `context`'s stack, whose descriptor the stack holds.
    private static func claimed(_ position: Int32, on context: ConstructionContext) -> Declared {
        Declared(position: position, descriptor: Unmanaged.passUnretained(context.descriptor(at: position)), owned: false,
                 context: Unmanaged.passUnretained(context))
    }
}
