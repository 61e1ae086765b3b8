/// Converts already-validated scalar literals (strings and numbers) from their UTF-8 bytes into
/// Swift values, and compares raw (possibly escaped) string bytes with a key without allocating.
///
/// All functions assume the builder validated the literal, so they never fail on syntax.
///
/// Public, with package members, only so that the model library's reads can inline what is
/// `@inlinable` here (members of a package type are not inlined across modules); the target is
/// no product, so nothing outside this package sees it.
public enum JSONScalarDecoder {
    @inline(__always)
    private static func hex4(_ p: UnsafePointer<UInt8>, _ at: Int) -> UInt32 {
        hex4(UInt32(littleEndian: UnsafeRawPointer(p + at).loadUnaligned(as: UInt32.self))) ?? 0
    }

    /// The code unit of the four hexadecimal digits in `word` (the first digit in its lowest byte),
    /// or nil when one is not a hexadecimal digit. All four are checked and converted at once:
    /// escape-dense text (every non-ASCII character as `\uXXXX`, as writers with ASCII-only output
    /// produce) spent a fifth of its parsing time in a digit-by-digit loop.
    @inline(__always)
    static func hex4(_ word: UInt32) -> UInt32? {
        // Each byte below 0x80 is in 0x30...0x39 or, with bit 0x20 set, in 0x61...0x66; adding
        // 0x80 - bound sets a byte's top bit exactly when it is at least `bound`.
        let highs: UInt32 = 0x8080_8080
        let folded = word | 0x2020_2020
        let digits = (word &+ 0x5050_5050) & ~(word &+ 0x4646_4646)
        let letters = (folded &+ 0x1F1F_1F1F) & ~(folded &+ 0x1919_1919)
        guard word & highs == 0, (digits | letters) & highs == highs else { return nil }
        // A digit's low nibble is its value; a letter's (bit 0x40 set) is its value less 9.
        let nibbles = (word & 0x0F0F_0F0F) &+ ((word >> 6) & 0x0101_0101) &* 9
        return (nibbles & 0xF) << 12 | (nibbles >> 8 & 0xF) << 8 | (nibbles >> 16 & 0xF) << 4 | nibbles >> 24
    }

    // MARK: Numbers

    /// The value of an integral literal in `start..<end` if it fits in `Int`, else nil.
    @inlinable @inline(__always)
    static func int(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var j = start
        let negative = p[j] == UInt8(ascii: "-")
        if negative { j &+= 1 }
        if end &- j <= 18 {
            // At most 18 digits cannot overflow Int64.
            var v = 0
            while j < end {
                v = v &* 10 &+ Int(p[j] &- UInt8(ascii: "0"))
                j &+= 1
            }
            return negative ? -v : v
        }
        guard let v = uint64(p, j, end) else { return nil }
        if negative {
            if v > UInt64(Int.max) &+ 1 { return nil }
            return Int(truncatingIfNeeded: 0 &- v)
        }
        return v > UInt64(Int.max) ? nil : Int(v)
    }

    /// The value of an unsigned integral literal (digits only), nil when it exceeds `UInt64`.
    @usableFromInline
    static func uint64(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> UInt64? {
        var v: UInt64 = 0
        var j = start
        while j < end {
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(UInt64(p[j] &- UInt8(ascii: "0")))
            if o1 || o2 { return nil }
            v = a
            j &+= 1
        }
        return v
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The correctly rounded `Double` of any number literal in `start..<end` (±infinity on overflow).
    ///
    /// Fast path (Clinger): when the significant digits fit in 2^53 and the decimal exponent is
    /// within ±22, one multiplication or division of exact values is correctly rounded.
    /// Everything else goes through the standard library's parser, which is correctly rounded too.
    static func double(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double {
        var j = start
        let negative = p[j] == UInt8(ascii: "-")
        if negative { j &+= 1 }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        while j < end, p[j] &- UInt8(ascii: "0") < 10 {
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(p[j] &- UInt8(ascii: "0"))
                if mantissa != 0 { significant &+= 1 }
            } else {
                exponent &+= 1
                significant &+= 1
            }
            j &+= 1
        }
        if j < end, p[j] == UInt8(ascii: ".") {
            j &+= 1
            while j < end, p[j] &- UInt8(ascii: "0") < 10 {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(p[j] &- UInt8(ascii: "0"))
                    if mantissa != 0 { significant &+= 1 }
                    exponent &-= 1
                } else {
                    significant &+= 1
                }
                j &+= 1
            }
        }
        if j < end {
            // Exponent part (validated); saturate to keep the arithmetic safe.
            j &+= 1
            var expNegative = false
            if p[j] == UInt8(ascii: "+") || p[j] == UInt8(ascii: "-") {
                expNegative = p[j] == UInt8(ascii: "-")
                j &+= 1
            }
            var e = 0
            while j < end {
                if e < 100_000 { e = e &* 10 &+ Int(p[j] &- UInt8(ascii: "0")) }
                j &+= 1
            }
            exponent &+= expNegative ? -e : e
        }
        if significant <= 19 && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            var value = Double(mantissa)
            if exponent >= 0 {
                value *= powersOfTen[exponent]
            } else {
                value /= powersOfTen[-exponent]
            }
            return negative ? -value : value
        }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        let text = String(decoding: UnsafeBufferPointer(start: p + start, count: end &- start), as: UTF8.self)
        return Double(text) ?? .nan
    }

    // MARK: Strings

    /// Decodes the string literal whose opening quote is at `start` and whose end (past the closing
    /// quote) is `end`. `escaped` says whether any backslash occurs (from the tape flag).
    static func string(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool) -> String {
        let contentStart = start &+ 1
        let length = end &- 1 &- contentStart
        if !escaped {
            return String(decoding: UnsafeBufferPointer(start: p + contentStart, count: length), as: UTF8.self)
        }
        // Escapes only ever shrink the text, so the raw length is enough capacity.
        return String(unsafeUninitializedCapacity: length) { out in
            var w = 0
            var j = contentStart
            let stop = end &- 1
            while j < stop {
                let c = p[j]
                if c != UInt8(ascii: "\\") {
                    out[w] = c
                    w &+= 1
                    j &+= 1
                    continue
                }
                let (bytes, byteCount, next) = unescape(p, j)
                var k = 0
                var b = bytes
                while k < byteCount {
                    out[w] = UInt8(truncatingIfNeeded: b)
                    b >>= 8
                    w &+= 1
                    k &+= 1
                }
                j = next
            }
            return w
        }
    }

    /// Decodes the (validated) escape at `j`: returns its UTF-8 bytes packed little-endian, their
    /// count (1...4), and the index after the escape.
    @inline(__always)
    @usableFromInline
    static func unescape(_ p: UnsafePointer<UInt8>, _ j: Int) -> (bytes: UInt32, count: Int, next: Int) {
        let e = p[j &+ 1]
        switch e {
        case UInt8(ascii: "b"): return (0x08, 1, j &+ 2)
        case UInt8(ascii: "f"): return (0x0C, 1, j &+ 2)
        case UInt8(ascii: "n"): return (0x0A, 1, j &+ 2)
        case UInt8(ascii: "r"): return (0x0D, 1, j &+ 2)
        case UInt8(ascii: "t"): return (0x09, 1, j &+ 2)
        case UInt8(ascii: "u"): break
        default: return (UInt32(e), 1, j &+ 2) // '"', '\\', '/'
        }
        var scalar = hex4(p, j &+ 2)
        var next = j &+ 6
        if scalar & 0xFC00 == 0xD800 {
            let low = hex4(p, j &+ 8)
            scalar = 0x10000 &+ ((scalar & 0x3FF) << 10 | (low & 0x3FF))
            next = j &+ 12
        }
        if scalar < 0x80 { return (scalar, 1, next) }
        if scalar < 0x800 {
            return ((0xC0 | scalar >> 6) | (0x80 | scalar & 0x3F) << 8, 2, next)
        }
        if scalar < 0x10000 {
            return ((0xE0 | scalar >> 12) | (0x80 | (scalar >> 6) & 0x3F) << 8 | (0x80 | scalar & 0x3F) << 16, 3, next)
        }
        return ((0xF0 | scalar >> 18) | (0x80 | (scalar >> 12) & 0x3F) << 8
                    | (0x80 | (scalar >> 6) & 0x3F) << 16 | (0x80 | scalar & 0x3F) << 24, 4, next)
    }

    /// Whether the string literal at `start..<end` decodes to exactly `key` (UTF-8), without allocating.
    @inlinable @inline(__always)
    package static func stringEquals(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool,
                             _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let contentStart = start &+ 1
        let length = end &- 1 &- contentStart
        if !escaped {
            guard length == key.count else { return false }
            guard length > 0 else { return true }
            return memcmpEqual(p + contentStart, key.baseAddress!, length)
        }
        // Escaped literal: decode on the fly and compare byte by byte.
        guard length >= key.count else { return false }
        var j = contentStart
        var k = 0
        let stop = end &- 1
        while j < stop {
            let c = p[j]
            if c != UInt8(ascii: "\\") {
                guard k < key.count, key[k] == c else { return false }
                k &+= 1
                j &+= 1
                continue
            }
            let (bytes, byteCount, next) = unescape(p, j)
            guard k &+ byteCount <= key.count else { return false }
            var b = bytes
            for m in 0..<byteCount {
                guard key[k &+ m] == UInt8(truncatingIfNeeded: b) else { return false }
                b >>= 8
            }
            k &+= byteCount
            j = next
        }
        return k == key.count
    }

    @inlinable @inline(__always)
    static func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var i = 0
        while i &+ 8 <= count {
            if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self) { return false }
            i &+= 8
        }
        while i < count {
            if a[i] != b[i] { return false }
            i &+= 1
        }
        return true
    }
}
