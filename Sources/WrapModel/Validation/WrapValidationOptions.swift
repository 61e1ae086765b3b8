/// What ``WrapModel/validate(options:)`` reports beyond ``WrapModel/validate()``.
public struct WrapValidationOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: Int

    /// Options from their bits (as `OptionSet` requires); use the named options instead.
    /// - Parameter rawValue: The options' bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Also report keys in the data that no declared property reads (new server fields), at every
    /// level the model reads: in submodels, model arrays (`items[2].note`) and model dictionaries.
    /// A key read by a dictionary or `Any` property counts as read with everything under it.
    /// Spelled as ``WrapOutputOptions/keepUnmodeledKeys`` spells the word.
    public static let unmodeledKeys = WrapValidationOptions(rawValue: 1 << 0)

    /// The earlier spelling of ``unmodeledKeys``.
    @available(*, deprecated, renamed: "unmodeledKeys")
    public static var unmodelledKeys: WrapValidationOptions { .unmodeledKeys }
}
