/// Where a property wrapper's declaration sits among its model's declarations: all a wrapper
/// stores. Made by the wrappers' own initialisers only.
///
/// A wrapper in a model is a few bytes, not an object: its initialiser finds (or, for the first
/// instance of a class, builds) the class's description of the declaration, and the value lives
/// in the model's slot for it (see `Docs/Properties.md`).
public struct WrapDeclaration: Sendable {
    /// The position the declaration took on the declaring thread's stack; the model's slot for
    /// it is `WrapModel.slotOrigin[position]`.
    @usableFromInline let position: Int32
    /// Whether reads go through the declaration's read modifier.
    @usableFromInline let readsThroughModifier: Bool
    /// The tag of the declaration stack the position was taken on (`ConstructionContext.tag`):
    /// the model claims the position only from that stack. It fits the struct's padding, so a
    /// wrapper stays eight bytes.
    @usableFromInline let stack: UInt16

    @usableFromInline
    init(position: Int32, readsThroughModifier: Bool, stack: UInt16) {
        self.position = position
        self.readsThroughModifier = readsThroughModifier
        self.stack = stack
    }

    /// Where a wrapper's fields sit, as the model reads them from its own memory (checked
    /// once per class when its layout is read).
    static var positionOffset: Int { MemoryLayout<WrapDeclaration>.offset(of: \.position)! }
    static var stackOffset: Int { MemoryLayout<WrapDeclaration>.offset(of: \.stack)! }

    /// The descriptor of a declaration converted by `codec`.
    @usableFromInline
    static func describe<Value, Codec: WrapValueCodec>(
        _ fingerprint: DeclarationFingerprint, key: String?, codec: Codec, defaultValue: Value, serializeForOutput: Bool,
        transient: Bool = false
    ) -> PropertyDescriptor where Codec.Value == Value {
        var flags: DeclarationFlags = serializeForOutput ? .serializeForOutput : []
        if transient { flags.insert(.transient) }
        return TypedPropertyDescriptor(fingerprint: fingerprint, key: key, codec: codec, defaultValue: defaultValue, flags: flags)
    }

    /// The descriptor of a declaration converted by `codec` (one of `DeclaredCodecs`).
    @usableFromInline
    static func describe<Value>(
        _ fingerprint: DeclarationFingerprint, key: String?, codec: any WrapValueCodec<Value>, defaultValue: Value,
        serializeForOutput: Bool, transient: Bool = false
    ) -> PropertyDescriptor {
        func opened<Codec: WrapValueCodec>(_ codec: Codec) -> PropertyDescriptor where Codec.Value == Value {
            describe(fingerprint, key: key, codec: codec, defaultValue: defaultValue, serializeForOutput: serializeForOutput,
                     transient: transient)
        }
        return opened(codec)
    }

    /// The descriptor of a named wrapper's declaration: described by the property object
    /// `makeObject` makes (the objects `$name` hands out), with the wrapper's modifiers.
    @usableFromInline
    static func named<Value, Source: WrapProperty<Value>>(
        _ fingerprint: DeclarationFingerprint, readModifier: ((Value) -> Value)?, writeModifier: ((Value) -> Value)?,
        makeObject: @escaping () -> Source
    ) -> PropertyDescriptor {
        let object = ConstructionContext.current.makingView(makeObject)
        let descriptor = object.descriptor.copy(keepingParts: .max)
        descriptor.replaceFingerprint(fingerprint)
        descriptor.makeView = makeObject
        setModifiers(descriptor, read: readModifier, write: writeModifier)
        return descriptor
    }

    /// A declaration over an existing property object (`@ROProperty(WPInt("n"))`): the object's
    /// own declaration, which the model keeps the object for, plus the wrapper's modifiers.
    static func wrapping<Value>(_ property: WrapProperty<Value>, readModifier: ((Value) -> Value)?,
                                writeModifier: ((Value) -> Value)?) -> WrapDeclaration {
        let context = ConstructionContext.current
        let readsThroughModifier = readModifier != nil
        guard property.isPendingDeclaration else {
            // An object made outside this model's initialisation (shared, or already bound): the
            // declaration gets a copy of its description.
            let copied = property.descriptor.copy(keepingParts: .max)
            setModifiers(copied, read: readModifier, write: writeModifier)
            let position = context.declare(ObjectIdentifier(WrapDeclaration.self), ObjectIdentifier(copied)) { _ in copied }
            return WrapDeclaration(position: position, readsThroughModifier: readsThroughModifier, stack: context.tag)
        }
        let position = property.declarationPosition
        context.keepHandle(property, at: position)
        if readModifier != nil || writeModifier != nil {
            property.extend(with: DeclarationPart.readModifier, readModifier, DeclarationPart.writeModifier, writeModifier) {
                setModifiers($0, read: readModifier, write: writeModifier)
            }
        }
        return WrapDeclaration(position: position, readsThroughModifier: readsThroughModifier, stack: context.tag)
    }

    private static func setModifiers<Value>(_ descriptor: PropertyDescriptor, read: ((Value) -> Value)?, write: ((Value) -> Value)?) {
        guard read != nil || write != nil else { return }
        let hooks = unsafeDowncast(descriptor, to: TypedPropertyDescriptor<Value>.self).settableHooks
        hooks.read = read
        hooks.write = write
    }
}

/// The property wrappers, as a model's first instance finds their positions by reflection.
protocol DeclaredPropertyWrapper {
    var declarationPosition: Int32 { get }
}
