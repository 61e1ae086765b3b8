/// What ``WrapModel/validate(options:)`` reports beyond ``WrapModel/validate()``.
public struct WrapValidationOptions: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Also report keys in the data that no declared property reads (new server fields), at every
    /// level the model reads: in submodels, model arrays (`items[2].note`) and model dictionaries.
    /// A key read by a dictionary or `Any` property counts as read with everything under it.
    public static let unmodelledKeys = WrapValidationOptions(rawValue: 1 << 0)
}
