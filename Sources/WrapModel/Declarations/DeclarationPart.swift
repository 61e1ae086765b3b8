/// The tags of the parts a declaration adds after its initialiser (see `DeclarationFingerprint`).
enum DeclarationPart: UInt8 {
    case transient = 1
    case toModelConverter, fromModelConverter, readModifier, writeModifier
}
