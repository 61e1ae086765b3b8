/// A property of a model that code may assign (on a mutable model), converted by the codec its
/// type implies; the assignable counterpart of ``Property``, with the same initialisers.
///
/// ```swift
/// final class Draft: WrapModel, NonisolatedModel, @unchecked Sendable {
///     @MutProperty("title") var title: String
///     @MutProperty("due", date: .yyyymmddDashes) var due: Date?
/// }
/// let draft = Draft(data: [:], mutable: true)
/// draft.title = "Quarterly report"
/// ```
/// Assigning to a property of a model created immutable (the default) asserts in debug builds
/// and is dropped in release builds; a ``WrapIssueObserver`` hears of it either way. Create the
/// model with `mutable: true`, or edit a ``WrapModel/editableCopy()``.
/// It is a ``MutableProperty`` over the base property class, which is what compiler messages name.
public typealias MutProperty<Value> = MutableProperty<Value, WrapProperty<Value>>
