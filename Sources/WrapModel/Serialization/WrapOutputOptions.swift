/// Choices for writing a model's data with ``WrapModel/outputData(options:)``,
/// ``WrapModel/jsonData(options:)`` and ``WrapModel/jsonString(options:)``.
///
/// ```swift
/// let body = try order.jsonData(options: [.sortedKeys])           // lossless: what came, plus changes
/// let declared = try order.jsonData(options: [.declaredOnly])      // the declared properties only
/// ```
/// Output is lossless unless the options contain ``declaredOnly``: the data the model was created
/// from, with written values converted in, keys the model does not declare kept, properties
/// declared `serializeForOutput: false` left out, nil values left out, compact. The empty set
/// (the default) is that form.
public struct WrapOutputOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int
    /// Options from their bits.
    /// - Parameter rawValue: The options' bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Indented JSON with one value per line.
    public static let prettyPrinted = WrapOutputOptions(rawValue: 1 << 0)
    /// Object keys sorted (by their UTF-8 bytes), so the same data always gives the same bytes.
    public static let sortedKeys = WrapOutputOptions(rawValue: 1 << 1)
    /// Write `null` for nil values instead of leaving them out.
    public static let withNulls = WrapOutputOptions(rawValue: 1 << 2)
    /// The lossless form, which output uses unless the options contain ``declaredOnly``: start
    /// from the original data at every level (submodels and model arrays too), so keys the model
    /// does not declare survive; current values replace the declared ones. Spelling it out
    /// changes nothing; ``declaredOnly`` wins over it.
    /// ``WrapModel/validate(options:)`` with ``WrapValidationOptions/unmodeledKeys`` lists such keys.
    public static let keepUnmodeledKeys = WrapOutputOptions(rawValue: 1 << 3)
    /// Also write properties declared with `serializeForOutput: false`.
    public static let includeNonOutputProperties = WrapOutputOptions(rawValue: 1 << 4)

    /// Write models that reference properties (``WrapPropertyReference``) hold as nested objects —
    /// their own output with these options — instead of their identities, as Groot's JSON output
    /// writes relationships. A model whose output is already being built (a reference back to
    /// an enclosing model, a cycle) is written as its identity. Applies where output builds
    /// values from properties (the ``declaredOnly`` form); in the lossless form, the default, an
    /// unwritten reference stays as it came.
    public static let referencesAsObjects = WrapOutputOptions(rawValue: 1 << 5)

    /// The declared form instead of the lossless one: every declared property for output, each
    /// converted to its declared form, and nothing else — keys the model does not declare are
    /// left out, as 1.3.7's ``WrapModel/currentModelData(withNulls:forOutput:)`` leaves them out.
    /// Use it to look at a model or to compare two, not as the body of a `PUT`, which would
    /// delete on the server every field the model does not declare.
    public static let declaredOnly = WrapOutputOptions(rawValue: 1 << 6)

    /// What a stored copy of a model needs so that reading it back loses nothing: keys the model
    /// does not declare and properties not serialised for output. The default of
    /// ``WrapModel/data(format:options:)``, ``WrapModel/write(to:format:prettyPrinted:)`` and the
    /// collection helpers.
    public static let persistence: WrapOutputOptions = [.keepUnmodeledKeys, .includeNonOutputProperties]

    /// The options the output pipeline acts on: ``keepUnmodeledKeys`` unless ``declaredOnly``
    /// asks for the declared form (which the pipeline reads as the absence of both).
    var resolved: WrapOutputOptions {
        contains(.declaredOnly) ? subtracting([.declaredOnly, .keepUnmodeledKeys]) : union(.keepUnmodeledKeys)
    }
}
