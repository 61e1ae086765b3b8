/// What a declaration adds to one property's conversion: custom converters
/// (``WrapProperty/toModelConverter``, ``WrapProperty/fromModelConverter``) and a wrapper's read
/// and write modifiers.
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

    @usableFromInline init() {}

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
