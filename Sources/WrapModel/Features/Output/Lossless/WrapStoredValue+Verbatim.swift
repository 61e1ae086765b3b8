import WrapModelJSON
extension WrapStoredValue.Raw {
    /// The value as lossless output writes it untouched: a parsed document's node is copied as it
    /// came (number text, escapes, member order); a native value is written as it is.
    var verbatim: Any {
        switch self {
        case .json(let node): return VerbatimJSON(node: node)
        case .native(let value): return value
        }
    }
}
