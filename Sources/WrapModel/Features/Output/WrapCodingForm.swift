import Foundation

/// Which of a model's data `Codable` encoding writes, chosen by the encoder.
///
/// By default a model encodes everything it holds, so that decoding gives the same model back —
/// properties declared `serializeForOutput: false` (a token, a password) included. An encoder
/// that builds a request body asks for the posting form instead, through its `userInfo`:
///
/// ```swift
/// let encoder = JSONEncoder()
/// encoder.userInfo[WrapModel.codingFormKey] = WrapCodingForm.posting
/// let body = try encoder.encode(request)   // every model in it leaves its secrets out
/// ```
///
/// The form applies to every model the encoder reaches: models inside other Codable values, in
/// arrays and dictionaries, and the submodels inside them.
public enum WrapCodingForm: Sendable, Hashable {
    /// Everything the model holds: the data it was created from with written values converted in,
    /// properties declared `serializeForOutput: false` included — what
    /// ``WrapModel/outputData(options:)`` gives with ``WrapOutputOptions/persistence``. The default.
    case complete
    /// The form to post to an API: as ``complete``, but without the properties declared
    /// `serializeForOutput: false`, in submodels too — what `outputData()` gives by default.
    case posting
    /// What ``WrapModel/outputData(options:)`` gives with these options (lossless unless they
    /// contain ``WrapOutputOptions/declaredOnly``). The formatting options (`prettyPrinted`,
    /// `sortedKeys`) change nothing: the encoder lays the data out.
    case options(WrapOutputOptions)

    /// The output options of the form.
    public var outputOptions: WrapOutputOptions {
        switch self {
        case .complete: return .persistence
        case .posting: return [.keepUnmodeledKeys]
        case .options(let options): return options
        }
    }
}

extension WrapModel {
    /// The key of an encoder's `userInfo` whose value, a ``WrapCodingForm``, chooses what
    /// ``encode(to:)`` writes of each model. Without it models encode ``WrapCodingForm/complete``.
    public static let codingFormKey = CodingUserInfoKey(rawValue: "WrapModel.codingForm")!

    /// What ``encode(to:)`` writes: the model's data in the form `encoder.userInfo` asks for.
    /// - Throws: `EncodingError.invalidValue` when `userInfo[WrapModel.codingFormKey]` holds
    ///   something other than a ``WrapCodingForm`` (rather than guess, and maybe post a secret),
    ///   or when a value has no encodable form.
    func encodeInCodingForm(to encoder: any Encoder) throws {
        try AnyCodableValue.encodeObject(outputData(options: Self.codingForm(of: encoder).outputOptions), to: encoder)
    }

    private static func codingForm(of encoder: any Encoder) throws -> WrapCodingForm {
        guard let value = encoder.userInfo[codingFormKey] else { return .complete }
        guard let form = value as? WrapCodingForm else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "userInfo[WrapModel.codingFormKey] holds a \(type(of: value)), not a WrapCodingForm"))
        }
        return form
    }
}
