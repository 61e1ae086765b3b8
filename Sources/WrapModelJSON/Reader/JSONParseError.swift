/// Why parsing JSON failed.
///
/// `offset` is the zero-based byte offset in the input where the problem was detected
/// (for invalid UTF-8: the first byte of the offending sequence; for a bad escape: its backslash;
/// for too-deep nesting: the bracket that opened one level too many).
/// `reason` is a short human phrase, e.g. "unexpected character '}'" or "unterminated string".
package struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    package let reason: String
    package let offset: Int

    init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    package var description: String { "JSON parse error at byte \(offset): \(reason)" }

    /// The phrase used for a byte that cannot start or continue the current construct.
    /// Printable ASCII is quoted; anything else is shown in hex so the message stays readable.
    static func unexpected(_ byte: UInt8, at offset: Int) -> JSONParseError {
        if byte >= 0x21 && byte < 0x7F {
            return JSONParseError(reason: "unexpected character '\(Character(Unicode.Scalar(byte)))'", offset: offset)
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return JSONParseError(reason: "unexpected byte 0x\(hex.count == 1 ? "0" + hex : hex)", offset: offset)
    }

    static func endOfInput(at offset: Int) -> JSONParseError {
        JSONParseError(reason: "unexpected end of input", offset: offset)
    }
}
