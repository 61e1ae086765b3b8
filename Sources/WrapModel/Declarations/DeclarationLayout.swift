/// Where a model class keeps its declarations in its instances: the byte offset of each
/// declaration's stored property, in the table's ordinal order, read once per class from the
/// class's field metadata.
///
/// A model's initialiser cannot see its wrappers and property objects, and the thread's
/// declaration stack only says which positions were taken, not by whom. The layout lets a model
/// read its own declarations' positions straight from its memory (one load each), so a claim
/// checks that the stack's top positions really are this model's before it takes them — and
/// when they are not (a property object kept in an array among the declarations, an initialiser
/// that suspended and resumed on another thread), the model still finds each of its own.
struct DeclarationLayout: Sendable {
    /// One declaration's stored property.
    struct Field: Sendable {
        /// The Swift property's name (a wrapper's, without the underscore of its storage).
        let name: String
        /// Byte offset of the stored property in an instance.
        let offset: Int
        /// A classic property object (a reference), else a property wrapper (which holds only
        /// its `WrapDeclaration`).
        let isObject: Bool
    }

    /// The declarations' stored properties, in ordinal order.
    let fields: [Field]
    /// The classic property objects among them: where each is held, and its ordinal. A model
    /// binds them from here, with no record of them anywhere else.
    let objects: [(offset: Int, ordinal: Int)]

    init(fields: [Field]) {
        self.fields = fields
        objects = fields.enumerated().filter { $0.element.isObject }.map { (offset: $0.element.offset, ordinal: $0.offset) }
    }

    /// The stored properties of `modelClass` and its superclasses that may be declarations:
    /// property wrappers, and references to property objects. Nil when the class's field
    /// metadata cannot be read (the caller then finds declarations by reflection).
    ///
    /// Read from the runtime's reflection entry points (`runtimeFieldCount` and the two beside
    /// it, below), once per class.
    static func candidateFields(of modelClass: WrapModel.Type) -> [Field]? {
        let count = runtimeFieldCount(modelClass)
        guard count >= 0 else { return nil }
        var fields: [Field] = []
        for index in 0..<count {
            let offset = runtimeFieldOffset(modelClass, index: index)
            var info = RuntimeFieldInfo()
            let type = runtimeFieldMetadata(modelClass, index: index, info: &info)
            defer { info.freeName?(info.name) }
            guard offset >= 0 else { return nil }
            if type is any DeclaredPropertyWrapper.Type {
                let label = info.name.map { String(cString: $0) } ?? ""
                fields.append(Field(name: label.hasPrefix("_") ? String(label.dropFirst()) : label, offset: offset, isObject: false))
            } else if type is WrapPropertyBase.Type {
                // A class metatype cast succeeds for the class's own metadata only (not for an
                // optional's, an array's or a tuple's): the field holds a reference.
                fields.append(Field(name: info.name.map { String(cString: $0) } ?? "", offset: offset, isObject: true))
            }
        }
        return fields
    }

    /// The position `field` holds in `model`, or -1 when it holds a property object that is
    /// not a pending declaration (one bound to another model, or made as a view).
    static func position(of field: Field, in model: WrapModel) -> Int32 {
        let base = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
        guard field.isObject else {
            return base.load(fromByteOffset: field.offset + WrapDeclaration.positionOffset, as: Int32.self)
        }
        return object(of: field, in: model)._withUnsafeGuaranteedRef { $0.isBound ? -1 : $0.index }
    }

    /// The tag of the stack the declaration `field` of `model` took its position on.
    static func stack(of field: Field, in model: WrapModel) -> UInt16 {
        guard field.isObject else {
            return UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
                .load(fromByteOffset: field.offset + WrapDeclaration.stackOffset, as: UInt16.self)
        }
        return object(of: field, in: model)._withUnsafeGuaranteedRef { $0.stack }
    }

    /// The property object `field` (a classic declaration) holds in `model`.
    static func object(of field: Field, in model: WrapModel) -> Unmanaged<WrapPropertyBase> {
        UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
            .load(fromByteOffset: field.offset, as: Unmanaged<WrapPropertyBase>.self)
    }

    /// Whether the declarations of `model` hold the positions `base`, `base + 1`, … of the
    /// stack tagged `stack`, in ordinal order: the check a claim makes before it takes the
    /// stack's top positions.
    func holdsConsecutivePositions(in model: WrapModel, from base: Int, on stack: UInt16) -> Bool {
        let address = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
        var expected = Int32(truncatingIfNeeded: base)
        for field in fields {
            if field.isObject {
                let held = address.load(fromByteOffset: field.offset, as: Unmanaged<WrapPropertyBase>.self)
                let holds = held._withUnsafeGuaranteedRef { !$0.isBound && $0.index == expected && $0.stack == stack }
                if !holds { return false }
            } else {
                if address.load(fromByteOffset: field.offset + WrapDeclaration.positionOffset, as: Int32.self) != expected
                    || address.load(fromByteOffset: field.offset + WrapDeclaration.stackOffset, as: UInt16.self) != stack {
                    return false
                }
            }
            expected &+= 1
        }
        return true
    }

    /// Makes the wrapper declarations of `model` hold their ordinals as positions: a model whose
    /// declarations did not take consecutive positions addresses its slots by ordinal instead
    /// (its first position is then 0). Only while `model` is being initialised.
    func renumberWrappers(of model: WrapModel) {
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(model).toOpaque())
        for (ordinal, field) in fields.enumerated() where !field.isObject {
            base.storeBytes(of: Int32(truncatingIfNeeded: ordinal), toByteOffset: field.offset + WrapDeclaration.positionOffset,
                            as: Int32.self)
        }
    }
}

/// What the Swift runtime says of one stored property, filled by `runtimeFieldMetadata`: the
/// runtime's `_FieldReflectionMetadata`, two pointers and two flags in this order.
struct RuntimeFieldInfo {
    /// The property's name as a C string; nil when the metadata records none.
    var name: UnsafePointer<CChar>? = nil
    /// To be called on `name` when non-nil: the runtime may have allocated it.
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    /// The reference is strong (not `weak` or `unowned`).
    var isStrong = false
    /// The property is a `var`.
    var isVar = false
}

// The Swift runtime's reflection entry points over a type's stored properties, on which `Mirror`
// and the standard library's own field walk are built. The runtime (`libswiftCore`) exports them
// on every platform, in its stable ABI on Apple platforms since the Swift 5.2 runtime (the
// `RuntimeFieldInfo` form of the metadata call since the 5.4 runtime of iOS 14.5 and macOS 11.3,
// well below this package's floor). Declared by symbol name, they need nothing beyond the
// standard library's public interface, which is all that Apple's SDKs provide. They use the Swift
// calling convention, as declared here. For a class, the count includes every superclass's
// stored properties, index 0 being the first of its root Swift class; an Objective-C superclass
// (`NSObject` on Apple platforms) contributes none.

/// The number of stored properties of `type`, its superclasses' included.
@_silgen_name("swift_reflectionMirror_recursiveCount")
func runtimeFieldCount(_ type: Any.Type) -> Int

/// The byte offset of stored property `index` of `type` in an instance.
@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
func runtimeFieldOffset(_ type: Any.Type, index: Int) -> Int

/// The type of stored property `index` of `type`; fills `info`, whose `freeName` the caller calls.
@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
func runtimeFieldMetadata(_ type: Any.Type, index: Int, info: UnsafeMutablePointer<RuntimeFieldInfo>) -> Any.Type
