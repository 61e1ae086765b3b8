/// Choices for writing a model's data with ``WrapModel/outputData(options:)``,
/// ``WrapModel/jsonData(options:)`` and ``WrapModel/jsonString(options:)``.
///
/// ```swift
/// let body = try order.jsonData(options: [.keepUnmodeledKeys, .sortedKeys])
/// ```
/// The empty set (the default) writes declared properties for output, nil values left out,
/// compact, keys in no particular order.
public struct WrapOutputOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int
    /// Options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Indented JSON with one value per line.
    public static let prettyPrinted = WrapOutputOptions(rawValue: 1 << 0)
    /// Object keys sorted (by their UTF-8 bytes), so the same data always gives the same bytes.
    public static let sortedKeys = WrapOutputOptions(rawValue: 1 << 1)
    /// Write `null` for nil values instead of leaving them out.
    public static let withNulls = WrapOutputOptions(rawValue: 1 << 2)
    /// Start from the original data at every level (submodels and model arrays too), so keys the
    /// model does not declare survive; current values replace the declared ones.
    /// ``WrapModel/validate(options:)`` with ``WrapValidationOptions/unmodeledKeys`` lists such keys.
    public static let keepUnmodeledKeys = WrapOutputOptions(rawValue: 1 << 3)
    /// Also write properties declared with `serializeForOutput: false`.
    public static let includeNonOutputProperties = WrapOutputOptions(rawValue: 1 << 4)

    /// Write models that reference properties (``WrapPropertyReference``) hold as nested objects —
    /// their own output with these options — instead of their identities, as Groot's JSON output
    /// writes relationships. A model whose output is already being built (a reference back to
    /// an enclosing model, a cycle) is written as its identity. Applies where output builds
    /// values from properties; with ``keepUnmodeledKeys`` an unwritten reference stays as it came.
    public static let referencesAsObjects = WrapOutputOptions(rawValue: 1 << 5)

    /// What a stored copy of a model needs so that reading it back loses nothing: keys the model
    /// does not declare and properties not serialised for output. The default of
    /// ``WrapModel/data(format:options:)``, ``WrapModel/write(to:format:prettyPrinted:)`` and the
    /// collection helpers.
    public static let persistence: WrapOutputOptions = [.keepUnmodeledKeys, .includeNonOutputProperties]
}
