@_spi(Reflection) import Swift

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

    /// `_EachFieldOptions.classType`, which the standard library declares as a mutable static
    /// (strict concurrency refuses to read it): the same bit, spelt out.
    private static var classTypeOption: _EachFieldOptions { _EachFieldOptions(rawValue: 1 << 0) }

    /// The stored properties of `modelClass` and its superclasses that may be declarations:
    /// property wrappers, and references to property objects. Nil when the class's field
    /// metadata cannot be read (the caller then finds declarations by reflection).
    static func candidateFields(of modelClass: WrapModel.Type) -> [Field]? {
        var fields: [Field] = []
        let complete = _forEachField(of: modelClass, options: classTypeOption) { name, offset, type, kind in
            if type is any DeclaredPropertyWrapper.Type {
                let label = String(cString: name)
                fields.append(Field(name: label.hasPrefix("_") ? String(label.dropFirst()) : label, offset: offset, isObject: false))
            } else if kind == .class, type is WrapPropertyBase.Type {
                fields.append(Field(name: String(cString: name), offset: offset, isObject: true))
            }
            return true
        }
        return complete ? fields : nil
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
