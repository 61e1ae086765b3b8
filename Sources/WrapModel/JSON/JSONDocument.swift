import Foundation

/// A parsed, fully validated JSON document: the UTF-8 bytes plus a flat tape indexing every value
/// (see `JSONTapeLayout`). Access through `root` is lazy — strings are decoded and numbers converted
/// only when asked for — which makes "parse, then read a few fields" much cheaper than decoding
/// everything up front.
///
/// Immutable after `init`, hence safe to share across threads (`@unchecked` only because the tape
/// lives in a manually managed buffer that is never written after construction).
final class JSONDocument: @unchecked Sendable {
    let bytes: [UInt8]
    // Manually allocated by the builder and freed in deinit: one allocation for the whole tape.
    private let tape: UnsafeMutablePointer<UInt64>
    /// Number of tape words.
    let tapeCount: Int

    /// Parses and validates `bytes` completely (syntax, UTF-8, escapes, number range, depth).
    /// - Parameters:
    ///   - maxDepth: maximum number of nested containers; one more throws "nesting deeper than N".
    ///   - lenient: also accept a leading byte-order mark and trailing commas (see `JSONTapeBuilder`).
    init(bytes: [UInt8], maxDepth: Int = 512, lenient: Bool = false) throws(JSONParseError) {
        let built = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
            try JSONTapeBuilder.build(buffer, maxDepth: maxDepth, lenient: lenient, shrink: true)
        }
        self.bytes = bytes
        self.tape = built.tape
        self.tapeCount = built.count
        #if DEBUG
        // Every document a debug build (the test suite) parses is checked against the layout.
        checkInvariants()
        #endif
    }

    convenience init(data: Data, maxDepth: Int = 512) throws(JSONParseError) {
        try self.init(bytes: [UInt8](data), maxDepth: maxDepth)
    }

    deinit {
        JSONTapeBuilder.release(tape)
    }

    var root: JSONNode { JSONNode(document: self, index: 0) }

    /// Runs `body` with a view of the tape and bytes (valid only inside `body`).
    @inline(__always)
    func withView<R, E: Error>(_ body: (JSONTapeView) throws(E) -> R) throws(E) -> R {
        try bytes.withUnsafeBufferPointer { (buffer) throws(E) in
            // A successfully parsed document is never empty, so `baseAddress` exists.
            try body(JSONTapeView(tape: UnsafePointer(tape), tapeCount: tapeCount, bytes: buffer.baseAddress!, byteCount: buffer.count))
        }
    }
}
