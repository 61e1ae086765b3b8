/// What a property's declaration fixed, packed into one byte of the property object (each
/// stored field is paid by every property of every model).
struct DeclarationFlags: OptionSet, Sendable {
    let rawValue: UInt8

    /// Output for posting includes the property (`serializeForOutput: true`).
    static let serializeForOutput = DeclarationFlags(rawValue: 1)
    /// No output writes the property (``WrapPropertyBase/transient()``).
    static let transient = DeclarationFlags(rawValue: 2)
    /// The property's codec is a `ModelHoldingCodec`: its values hold models.
    static let holdsModels = DeclarationFlags(rawValue: 4)
}
