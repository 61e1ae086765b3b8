internal import WrapModelJSONIndex

extension JSONTapeBuilder {
    /// The ways a tape can be built, which tests hold against each other.
    enum Path {
        /// The byte-at-a-time parser, which reports errors.
        case byteByByte
        /// The structural index with the given block classifier (see `StructuralIndex.h`).
        case indexed(wrapmodel_classifier)
    }

    /// Test hook: the tape words of `input` built by `path` alone, or the error the byte-at-a-time
    /// parser reports; nil when the indexed path declines the input.
    static func words(of input: [UInt8], path: Path, lenient: Bool, maxDepth: Int = 512)
        -> Result<[UInt64], JSONParseError>?
    {
        input.withUnsafeBufferPointer { buffer -> Result<[UInt64], JSONParseError>? in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return .failure(.endOfInput(at: 0)) }
            var builder = JSONTapeBuilder(p: base, n: buffer.count, maxDepth: max(0, maxDepth), lenient: lenient,
                                          tape: allocate(64), capacity: 64)
            defer { release(builder.tape) }
            switch path {
            case .byteByByte:
                do throws(JSONParseError) {
                    try builder.runByteByByte()
                } catch {
                    return .failure(error)
                }
            case .indexed(let classifier):
                guard builder.runIndexed(classifier: classifier) else { return nil }
            }
            return .success(Array(UnsafeBufferPointer(start: builder.tape, count: builder.count)))
        }
    }
}
