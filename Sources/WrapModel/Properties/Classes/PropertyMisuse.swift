import Foundation

/// Diagnoses property objects that no model owns: created after `super.init`, in a `lazy var`, or
/// in a type that is not a model. Such a property has no data and could only read its default, so
/// it must never do that silently.
///
/// With a ``WrapIssueObserver`` handler registered, the problem goes to the handler (so apps and
/// tests see it as an issue); otherwise debug builds stop at an assertion naming the key path and
/// the property class, and release builds write the same message to standard error.
enum PropertyMisuse {
    static func report(_ property: WrapPropertyBase) {
        guard !property.reportedOutsideModel else { return }
        property.reportedOutsideModel = true
        let propertyClass = String(describing: type(of: property))
        let kind = WrapModelIssue.Kind.propertyOutsideModel(propertyClass: propertyClass)
        if WrapIssueObserver.isActive.load(ordering: .relaxed) {
            WrapIssueObserver.report(modelClass: "(no model)", keyPath: property.keyPath, kind: kind)
            return
        }
        let message = "WrapModel: \(WrapModelIssue(keyPath: property.keyPath, kind: kind)). "
            + "Declare property objects and wrappers as stored properties of a WrapModel subclass."
        assertionFailure(message)
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

/// What a wrapper's `property()` gives: a wrapper holds only its declaration's position and does
/// not know its model, so this names no key path and reads nothing (reported on use).
final class DetachedProperty: AnyWrapProperty {
    let position: Int32
    init(_ position: Int32) { self.position = position }
    var keyPath: String { "" }
    var model: WrapModel? { nil }
    var serializeForOutput: Bool { true }
    func clearMutation() {}
    func rawValue(withNulls: Bool, forOutput: Bool) -> Any? {
        let message = "WrapModel: a wrapper's property() does not know its model; use $name or declaredProperties"
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return withNulls ? NSNull() : nil
    }
}
