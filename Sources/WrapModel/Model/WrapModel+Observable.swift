import Observation

/// Every model is `Observable`, without the `@Observable` macro: its reads and writes already go
/// through the library, which registers and notifies them (see ``WrapObservation``).
///
/// Do not put `@Observable` on a model class: the macro would turn the stored properties it sees
/// into its own tracked storage, which does not work with property wrappers (the class fails to
/// compile) and would track the classic `let` property objects rather than their values.
extension WrapModel: Observable {}
