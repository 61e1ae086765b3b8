import Foundation
import WrapModelJSON

/// Follows how deep brackets nest in bytes that arrive in pieces, for the formats whose framing
/// does not follow brackets itself: a JSON Lines line that spans chunks, an event's data lines.
///
/// It counts as the array framer's ``JSONValueBoundary`` does: brackets outside strings, a
/// backslash escaping the next byte, a closing bracket with none open ignored. So every format
/// refuses the same element at the same bracket, the one that opens level 513.
package struct NestingTracker {
    /// The deepest nesting a stream accepts, the document parser's.
    package static let limit = JSONValueBoundary.maxDepth

    private var depth = 0
    private var inString = false
    private var escaped = false

    package init() {}

    /// Follows `p[start..<end]`; the index of the bracket that opened one level more than
    /// ``limit``, or nil when there was none.
    package mutating func follow(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var i = start
        while i < end {
            let byte = p[i]
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString.toggle()
            } else if !inString {
                if byte & 0xDF == UInt8(ascii: "[") {   // '[' or '{' (they differ in bit 5 only)
                    depth += 1
                    if depth > Self.limit { return i }
                } else if byte & 0xDF == UInt8(ascii: "]") && depth > 0 {   // ']' or '}'
                    depth -= 1
                }
            }
            i += 1
        }
        return nil
    }

    /// Follows `bytes`; the index in them of the bracket that opened level 513, or nil.
    package mutating func follow(_ bytes: some ContiguousBytes) -> Int? {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            return follow(base.assumingMemoryBound(to: UInt8.self), from: 0, to: raw.count)
        }
    }

    /// Forgets what was followed.
    package mutating func reset() { self = NestingTracker() }
}
