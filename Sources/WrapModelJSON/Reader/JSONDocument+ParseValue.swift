import Foundation

// Eager JSON parsing straight to native Swift values — the fastest way to get a `[String: Any]`:
// a document whose tape lives only for the call. Implementation: build a tape (one validating
// pass, see `JSONTapeBuilder`), then materialize it. Knowing every container's size before
// creating it lets dictionaries and arrays be allocated at their final capacity, which more than
// pays for the extra pass.
extension JSONDocument {
    /// Parses any top-level value. See `JSONTapeView.materialize` for the value model;
    /// numbers whose magnitude exceeds `Double` throw "number out of range".
    /// `lenient` also accepts a leading byte-order mark and trailing commas (see `JSONTapeBuilder`).
    package static func parseValue(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = 512, lenient: Bool = false) throws(JSONParseError) -> Any {
        guard let base = bytes.baseAddress, bytes.count > 0 else { throw JSONParseError.endOfInput(at: 0) }
        let p = base.assumingMemoryBound(to: UInt8.self)
        return try JSONTapeBuilder.withTemporaryTape(UnsafeBufferPointer(start: p, count: bytes.count), maxDepth: maxDepth,
                                                     lenient: lenient) { view in
            view.materialize(0)
        }
    }

    static func parseValue(_ data: Data, maxDepth: Int = 512, lenient: Bool = false) throws(JSONParseError) -> Any {
        let result: Result<Any, JSONParseError> = data.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parseValue(buffer, maxDepth: maxDepth, lenient: lenient) }
        }
        return try result.get()
    }
}
