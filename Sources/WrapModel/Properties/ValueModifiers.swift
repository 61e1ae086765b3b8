/// The read and write modifiers a property wrapper gives its property object.
///
/// Few wrappers have any, so they live out of line: a property without them carries one nil
/// reference instead of two optional closures, which every model creation and release would
/// otherwise initialise and destroy. Reading through a wrapper checks that one reference.
@usableFromInline
final class ValueModifiers<T> {
    @usableFromInline let read: ((T) -> T)?
    @usableFromInline let write: ((T) -> T)?

    @usableFromInline
    init(read: ((T) -> T)?, write: ((T) -> T)?) {
        self.read = read
        self.write = write
    }
}
