internal import WrapModelJSONIndex

/// Finds where one JSON value ends, fed any number of pieces of it.
///
/// It follows only what decides the end: strings (a quote ends one unless a backslash escapes
/// it) and the depth of brackets outside strings. It does not check the value; the parser that
/// reads the value's bytes afterwards does, strictly. State carried between pieces: the depth,
/// whether a string is open, whether its last byte was an unfinished escape.
struct JSONValueBoundary {
    enum Outcome: Equatable {
        /// The value ends before this index (for a number or literal: the delimiter's index).
        case ended(Int)
        /// The piece ended first; all of it belongs to the value.
        case needsMore
        /// A bracket at this index opened one level more than `maxDepth`.
        case tooDeep(Int)
    }

    /// As deep as the document parser goes.
    static let maxDepth = 512

    private var started = false
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var isScalar = false

    /// True once a value has begun and not ended.
    var isInside: Bool { started }
    /// True while the value is a number or literal, which ends only at a delimiter.
    var isInsideScalar: Bool { started && isScalar }

    /// Scans `p[start..<n]`; the value begins at `start` unless an earlier piece began it.
    mutating func scan(_ p: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Outcome {
        var i = start
        if !started {
            started = true
            switch p[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth = 1; i += 1
            case UInt8(ascii: "\""): inString = true; i += 1
            default: isScalar = true
            }
        }
        if isScalar {
            while i < n {
                if Self.endsScalar(p[i]) { self = JSONValueBoundary(); return .ended(i) }
                i += 1
            }
            return .needsMore
        }
        while i < n {
            if inString {
                if escaped {
                    escaped = false
                    i += 1
                    continue
                }
                // Sixteen bytes at a time over plain ASCII (the document parser's own scan),
                // then one byte: a quote, a backslash, or a byte the scan stops at that a string
                // may hold (non-ASCII), or one of the last bytes of the piece.
                i = wrapmodel_skip_plain_string_bytes(p, i, n)
                if i >= n { break }
                switch p[i] {
                case UInt8(ascii: "\""):
                    inString = false
                    i += 1
                    if depth == 0 { self = JSONValueBoundary(); return .ended(i) }
                case UInt8(ascii: "\\"):
                    if i + 1 < n { i += 2 } else { escaped = true; i += 1 }
                default:
                    i += 1
                }
                continue
            }
            switch p[i] {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > Self.maxDepth { return .tooDeep(i) }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { self = JSONValueBoundary(); return .ended(i + 1) }
            default:
                break
            }
            i += 1
        }
        return .needsMore
    }

    /// Forgets the value being scanned.
    mutating func reset() { self = JSONValueBoundary() }

    /// JSON whitespace, a comma or a closing bracket: what may follow a number or literal.
    static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): return true
        default: return false
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The JSON type a value starting with `byte` has, for messages.
    static func typeName(startingWith byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): return "object"
        case UInt8(ascii: "["): return "array"
        case UInt8(ascii: "\""): return "string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "number"
        }
    }

    /// A byte as a message shows it: printable ASCII quoted, anything else in hex.
    static func shown(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
