/// What every property object offers without its value type: the model's view of a property.
///
/// ``WrapProperty`` and all its subclasses conform. The model uses it to write output; you can use
/// it to inspect a model's declared properties generically.
public protocol AnyWrapProperty: AnyObject {
    /// The period-delimited key path of the value in the model's data.
    var keyPath: String { get }
    /// The model this property belongs to, or nil once the model is gone.
    var model: WrapModel? { get }
    /// False when ``WrapModel/currentModelData(withNulls:forOutput:)`` leaves this property out of output.
    var serializeForOutput: Bool { get }
    /// Drops this property's cached or mutated value, so the next read converts the original data again.
    func clearMutation()
    /// The current value converted back to its data form (nil for a nil value, or `NSNull` with nulls).
    /// - Parameters:
    ///   - withNulls: Whether a property without a value is written as `null`.
    ///   - forOutput: Whether the value is for a request body: nil for a property declared `serializeForOutput: false`.
    func rawValue(withNulls: Bool, forOutput: Bool) -> Any?
}
