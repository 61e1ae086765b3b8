/// Custom conversions given to one property (``WrapProperty/toModelConverter`` and
/// ``WrapProperty/fromModelConverter``).
///
/// Few properties have them, so they live out of line: a property without them carries one nil
/// reference instead of two optional closures, which every model creation and release would
/// otherwise initialise and destroy.
final class PropertyConverters<T> {
    var toModel: ((_ jsonValue: Any) -> T)?
    var fromModel: ((_ modelValue: T) -> Any?)?
}
