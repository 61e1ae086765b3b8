import Foundation

/// A parsed, fully validated JSON document: the UTF-8 bytes plus a flat tape indexing every value
/// (see `JSONTapeLayout`). Access through `root` is lazy — strings are decoded and numbers converted
/// only when asked for — which makes "parse, then read a few fields" much cheaper than decoding
/// everything up front.
///
/// The bytes are the caller's `Data`, kept rather than copied: a copy of a large response costs a
/// memory pass and, for fresh pages, a page fault every 4 KB (together about a fifth of indexing
/// twitter.json). `Data` is a value: nothing the caller does later changes what is kept here.
///
/// Immutable after `init`, hence safe to share across threads (`@unchecked` only because the tape
/// lives in a manually managed buffer that is never written after construction).
final class JSONDocument: @unchecked Sendable {
    /// The document's bytes; its indices start at 0 (a slice is copied), so tape offsets index it.
    let data: Data
    // Manually allocated by the builder and freed in deinit: one allocation for the whole tape.
    private let tape: UnsafeMutablePointer<UInt64>
    /// Number of tape words.
    let tapeCount: Int

    /// Parses and validates `data` completely (syntax, UTF-8, escapes, number range, depth).
    /// - Parameters:
    ///   - maxDepth: maximum number of nested containers; one more throws "nesting deeper than N".
    ///   - lenient: also accept a leading byte-order mark and trailing commas (see `JSONTapeBuilder`).
    init(data: Data, maxDepth: Int = 512, lenient: Bool = false) throws(JSONParseError) {
        // A slice such as `body[headerEnd...]` has indices that do not start at 0 (tape offsets
        // would not index it), and keeping it would keep its base's whole buffer: it is copied.
        let data = data.startIndex == 0 ? data : Data(data)
        let built: Result<(tape: UnsafeMutablePointer<UInt64>, count: Int), JSONParseError> = data.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in
                try JSONTapeBuilder.build(raw.bindMemory(to: UInt8.self), maxDepth: maxDepth, lenient: lenient)
            }
        }
        let (tape, tapeCount) = try built.get()
        self.data = data
        self.tape = tape
        self.tapeCount = tapeCount
        #if DEBUG
        // Every document a debug build (the test suite) parses is checked against the layout.
        checkInvariants()
        #endif
    }

    convenience init(bytes: [UInt8], maxDepth: Int = 512, lenient: Bool = false) throws(JSONParseError) {
        try self.init(data: Data(bytes), maxDepth: maxDepth, lenient: lenient)
    }

    deinit {
        JSONTapeBuilder.release(tape)
    }

    var root: JSONNode { JSONNode(document: self, index: 0) }

    /// Runs `body` with a view of the tape and bytes (valid only inside `body`).
    @inline(__always)
    func withView<R, E: Error>(_ body: (JSONTapeView) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = data.withUnsafeBytes { raw in
            // A successfully parsed document is never empty, so `baseAddress` exists.
            let view = JSONTapeView(tape: UnsafePointer(tape), tapeCount: tapeCount,
                                    bytes: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), byteCount: raw.count)
            return Result { () throws(E) in try body(view) }
        }
        return try result.get()
    }
}
