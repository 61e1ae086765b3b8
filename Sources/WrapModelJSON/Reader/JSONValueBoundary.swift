internal import WrapModelJSONIndex

/// Finds where one JSON value ends, fed any number of pieces of it.
///
/// It follows only what decides the end: strings (a quote ends one unless a backslash escapes
/// it) and the depth of brackets outside strings. It does not check the value; the parser that
/// reads the value's bytes afterwards does, strictly. State carried between pieces: the depth,
/// whether a string is open, whether its last byte was an unfinished escape.
package struct JSONValueBoundary {
    package enum Outcome: Equatable {
        /// The value ends before this index (for a number or literal: the delimiter's index).
        case ended(Int)
        /// The piece ended first; all of it belongs to the value.
        case needsMore
        /// A bracket at this index opened one level more than `maxDepth`.
        case tooDeep(Int)
    }

    /// As deep as the document parser goes.
    package static let maxDepth = 512

    private var started = false
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var isScalar = false

    /// A scanner outside any value, before the first byte.
    package init() {}

    /// True once a value has begun and not ended.
    var isInside: Bool { started }
    /// True while the value is a number or literal, which ends only at a delimiter.
    var isInsideScalar: Bool { started && isScalar }

    /// Scans `p[start..<n]`; the value begins at `start` unless an earlier piece began it.
    package mutating func scan(_ p: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Outcome {
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
        // The state lives in locals while the loops run (stored back on every exit), so they
        // work in registers rather than through `self`.
        var depth = self.depth
        var inString = self.inString
        var escaped = self.escaped
        defer {
            self.depth = depth
            self.inString = inString
            self.escaped = escaped
        }
        // Inside a container, 64 bytes at a time: masks of the quotes, backslashes and
        // brackets (StreamScan.h), the escaped bytes from the backslashes, the strings from the
        // quotes that are not escaped, and the depth from the brackets outside strings. Most
        // blocks change the depth without reaching 0, which a count of their brackets shows.
        while depth > 0 && i + 64 <= n {
            let masks = wrapmodel_stream_block_masks(p + i)
            var escapedBytes: UInt64 = escaped ? 1 : 0
            escaped = false
            var backslashes = masks.backslash & ~escapedBytes
            while backslashes != 0 {
                let k = backslashes.trailingZeroBitCount
                if k == 63 {
                    escaped = true   // it escapes the first byte of the next block
                    break
                }
                escapedBytes |= 1 << (k + 1)
                backslashes &= ~(3 << k)   // this backslash and the byte it escapes
            }
            // Bytes inside strings: a running parity of the quotes (the opening quote counts as
            // inside, the closing one does not), continued from the previous block.
            var inside = masks.quote & ~escapedBytes
            inside ^= inside << 1
            inside ^= inside << 2
            inside ^= inside << 4
            inside ^= inside << 8
            inside ^= inside << 16
            inside ^= inside << 32
            if inString { inside = ~inside }
            inString = inside >> 63 == 1
            let opens = masks.open & ~inside & ~escapedBytes
            let closes = masks.close & ~inside & ~escapedBytes
            let openCount = opens.nonzeroBitCount
            let closeCount = closes.nonzeroBitCount
            if depth > closeCount && depth + openCount <= Self.maxDepth {
                depth += openCount - closeCount
            } else {
                var brackets = opens | closes
                while brackets != 0 {
                    let k = brackets.trailingZeroBitCount
                    if opens >> k & 1 == 1 {
                        depth += 1
                        if depth > Self.maxDepth { return .tooDeep(i + k) }
                    } else {
                        depth -= 1
                        if depth == 0 {
                            started = false
                            inString = false
                            escaped = false
                            return .ended(i + k + 1)
                        }
                    }
                    brackets &= brackets - 1
                }
            }
            i += 64
        }
        // The rest of the piece (less than a block), a string at the root, and the bytes before
        // a container's first block: a byte, or a word inside strings, at a time. A backslash
        // escapes the next byte outside strings too (where it is malformed anyway), exactly as
        // in the blocks, so both paths frame any input the same way.
        while i < n {
            if escaped {
                escaped = false
                i += 1
                continue
            }
            if inString {
                // Only a quote or a backslash matters inside a string (the element's parser
                // checks the rest), so whole words without either are passed over.
                i = Self.skipStringContent(p, from: i, to: n)
                if i >= n { break }
                if p[i] == UInt8(ascii: "\"") {
                    inString = false
                    i += 1
                    if depth == 0 { started = false; return .ended(i) }
                } else {
                    escaped = true
                    i += 1
                }
                continue
            }
            let byte = p[i]
            i += 1
            if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte & 0xDF == UInt8(ascii: "[") {   // '[' or '{' (they differ in bit 5 only)
                depth += 1
                if depth > Self.maxDepth { return .tooDeep(i - 1) }
            } else if byte & 0xDF == UInt8(ascii: "]") {   // ']' or '}'
                depth -= 1
                if depth == 0 { started = false; return .ended(i) }
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            }
        }
        return .needsMore
    }

    /// The index of the first quote or backslash in `p[i..<n]`, or `n`.
    ///
    /// Eight bytes at a time (SWAR: no vector unit or C needed, the same on every platform): a
    /// byte of a word equals `c` exactly where `word ^ c·0x0101…` has a zero byte, and
    /// `(v - 0x0101…) & ~v & 0x8080…` sets the top bit of the lowest zero byte exactly (bits above
    /// it may be false positives, which the lowest set bit never is). Twitter's statuses, half of
    /// them Japanese, spend most of their bytes inside strings, so this loop is the framer's speed.
    @inline(__always)
    static func skipStringContent(_ p: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Int {
        var i = start
        let raw = UnsafeRawPointer(p)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes: UInt64 = 0x2222_2222_2222_2222
        let backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C
        while i + 8 <= n {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let q = word ^ quotes
            let b = word ^ backslashes
            let found = ((q &- ones) & ~q | (b &- ones) & ~b) & highs
            if found != 0 { return i + found.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < n {
            let byte = p[i]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return i }
            i += 1
        }
        return n
    }

    /// Forgets the value being scanned.
    package mutating func reset() { self = JSONValueBoundary() }

    /// JSON whitespace, a comma or a closing bracket: what may follow a number or literal.
    static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): return true
        default: return false
        }
    }

    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The JSON type a value starting with `byte` has, for messages.
    package static func typeName(startingWith byte: UInt8) -> String {
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
    package static func shown(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
