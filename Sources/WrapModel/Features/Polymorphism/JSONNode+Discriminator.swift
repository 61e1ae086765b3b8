import WrapModelJSON
extension JSONNode {
    /// The first of `candidates` whose UTF-8 key equals this string value (compared in the
    /// document's bytes, nothing decoded), or nil — also when this is not a string. Selection
    /// tables are a handful of entries, so a scan beats decoding and hashing a `String`.
    func matchingString<Value>(in candidates: [(utf8: [UInt8], value: Value)]) -> Value?? {
        document.withView { view -> Value?? in
            guard view.tag(index) == JSONTapeLayout.string else { return nil }
            let start = view.start(index)
            let end = view.end(index)
            let escaped = view.flag(index)
            for candidate in candidates {
                let equal = candidate.utf8.withUnsafeBufferPointer {
                    JSONScalarDecoder.stringEquals(view.bytes, start, end, escaped: escaped, $0)
                }
                if equal { return .some(candidate.value) }
            }
            return .some(nil)
        }
    }
}
