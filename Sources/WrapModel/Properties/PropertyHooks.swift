/// What a declaration adds to one property's conversion: custom converters
/// (``WrapProperty/toModelConverter``, ``WrapProperty/fromModelConverter``), a wrapper's read
/// and write modifiers, and how it follows other declarations over the same data.
///
/// Few properties have any, so they live out of line: a property without them carries one nil
/// reference instead of four optional closures, which every model creation and release would
/// otherwise initialise and destroy. Set before the model is shared, only read after.
@usableFromInline
final class PropertyHooks<T> {
    var toModel: ((_ jsonValue: Any) -> T)?
    var fromModel: ((_ modelValue: T) -> Any?)?
    @usableFromInline var read: ((T) -> T)?
    @usableFromInline var write: ((T) -> T)?
    /// The declaration's place among overlapping declarations of its class (see
    /// `DeclarationOverlaps`); set by the class's table, and not copied with the hooks.
    var overlap: OverlapMember?

    @usableFromInline init() {}

    /// Whether there is no converter and no modifier (an overlap alone is not copied).
    var isEmpty: Bool { toModel == nil && fromModel == nil && read == nil && write == nil }

    /// A copy, for a descriptor that copies another's.
    func copy() -> PropertyHooks<T> {
        let copy = PropertyHooks<T>()
        copy.toModel = toModel
        copy.fromModel = fromModel
        copy.read = read
        copy.write = write
        return copy
    }
}
