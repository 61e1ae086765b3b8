extension JSONTapeBuilder {
    /// Test hook: the tape words of `input`, or the error the parser reports.
    static func words(of input: [UInt8], lenient: Bool, maxDepth: Int = 512) -> Result<[JSONTapeLayout.Word], JSONParseError> {
        input.withUnsafeBufferPointer { buffer -> Result<[JSONTapeLayout.Word], JSONParseError> in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return .failure(.endOfInput(at: 0)) }
            var builder = JSONTapeBuilder(p: base, n: buffer.count, maxDepth: max(0, maxDepth), lenient: lenient,
                                          tape: allocate(64), capacity: 64)
            defer { release(builder.tape) }
            do throws(JSONParseError) {
                try builder.run()
            } catch {
                return .failure(error)
            }
            return .success(Array(UnsafeBufferPointer(start: builder.tape, count: builder.count)))
        }
    }
}
