import Foundation

/// Serializes native Swift / Foundation values to JSON UTF-8 bytes, much faster than
/// `JSONSerialization.data` on Linux.
///
/// Accepted values: `[String: Any]` (and other `[String: T]`), `[Any]` (and other arrays), `String`,
/// `Substring`, `NSString`, all standard integer types, `Double`, `Float`, `Bool`, `NSNull`,
/// `NSNumber`, `NSArray`, `NSDictionary` (string keys), and `Optional` of any of these (nil → null).
/// Anything else (e.g. `Date`), non-finite numbers, and nesting deeper than `maxDepth` throw
/// `InvalidValue`.
///
/// Number format (stable, exact round trip):
/// - integers: plain decimal digits;
/// - `Double`: Swift's shortest round-trip `description` ("0.1", "1.0", "1e-05", "1e+16"). It always
///   contains "." or "e", so readers (ours, JSONSerialization) get the same Double back, and our
///   reader keeps "integer vs double" distinct through a round trip;
/// - `Float`: its own shortest description, i.e. the Double of that text (Float 0.1 → "0.1").
/// - `NSNumber`: booleans are recognised by class (`__NSCFBoolean`, what JSONSerialization and
///   `NSNumber(value: Bool)` produce) or objCType "B"; objCType "d"/"f" are written as doubles,
///   "Q" as UInt64, anything else as Int64;
/// - `Decimal` and `NSDecimalNumber`: their exact digits (see `writeDecimal`).
///
/// Strings: `"` `\\` and control characters are escaped (\n \r \t \b \f, others \u00XX);
/// "/" and non-ASCII are written as-is (raw UTF-8).
///
/// Recursion is bounded by `maxDepth` (512 containers), so hostile inputs cannot overflow the stack.
///
/// Public, with package members, only so that the model library's writers reach its buffer
/// without a call (stored properties of a package type are reached through accessors across
/// modules); the target is no product, so nothing outside this package sees it.
public struct JSONWriter {
    /// Deepest container nesting accepted; matches `JSONDocument`'s default `maxDepth`.
    @inlinable package static var maxDepth: Int { 512 }

    @usableFromInline package var out: JSONOutputBuffer
    let pretty: Bool
    let sorted: Bool

    package init(options: Options, capacity: Int = 16 * 1024) {
        out = JSONOutputBuffer(capacity: capacity)
        pretty = options.contains(.prettyPrinted)
        sorted = options.contains(.sortedKeys)
    }

    package static func write(_ value: Any, options: Options = []) throws(InvalidValue) -> [UInt8] {
        var writer = JSONWriter(options: options)
        defer { writer.out.release() }
        try writer.writeValue(value, depth: 0)
        return writer.out.copyBytes()
    }

    /// `value` as JSON in `Data` (what model output returns), without an intermediate array.
    package static func writeData(_ value: Any, options: Options = []) throws(InvalidValue) -> Data {
        if let object = value as? OrderedObject { return try writeData(object, options: options) }
        return try data(capacity: 16 * 1024, options: options) { (writer) throws(InvalidValue) in
            try writer.writeValue(value, depth: 0)
        }
    }

    /// Lossless output as `Data`: as ``writeData(_:options:)`` without finding out what the value is.
    package static func writeData(_ object: OrderedObject, options: Options = []) throws(InvalidValue) -> Data {
        // Lossless output of a parsed object is about as long as its source: sized so, the buffer
        // is handed to `Data` as it is instead of copied out of a larger one.
        try data(capacity: object.original.map { $0.byteRange.count &+ 256 } ?? 16 * 1024, options: options) { (writer) throws(InvalidValue) in
            try writer.writeOrderedObject(object, depth: 0)
        }
    }

    /// The bytes `write` puts in a new writer's buffer, handed over as `Data`.
    private static func data(capacity: Int, options: Options,
                             _ write: (inout JSONWriter) throws(InvalidValue) -> Void) throws(InvalidValue) -> Data {
        var writer = JSONWriter(options: options, capacity: capacity)
        do {
            try write(&writer)
        } catch {
            writer.out.release()
            throw error
        }
        return writer.out.takeData()
    }

    static func writeString(_ value: Any, options: Options = []) throws(InvalidValue) -> String {
        var writer = JSONWriter(options: options)
        defer { writer.out.release() }
        try writer.writeValue(value, depth: 0)
        return String(decoding: UnsafeBufferPointer(start: writer.out.base, count: writer.out.count), as: UTF8.self)
    }

    // MARK: - Dispatch

    package mutating func writeValue(_ value: Any, depth: Int) throws(InvalidValue) {
        // Exact-type checks first: they are pointer comparisons, whereas failed `as?` casts can be
        // slow, and on Linux `as? NSNumber` also matches Swift integers (Int8 would look like a char).
        let type = Swift.type(of: value)
        if type == String.self {
            writeString(value as! String)
        } else if type == Int.self {
            writeInteger(Int64(value as! Int))
        } else if type == [String: Any].self {
            try writeObject(value as! [String: Any], depth: depth)
        } else if type == Bool.self {
            out.append((value as! Bool) ? "true" : "false")
        } else if type == NSNull.self {
            out.append("null")
        } else if type == Double.self {
            try writeDouble(value as! Double)
        } else if type == [Any].self {
            try writeArray(value as! [Any], depth: depth)
        } else {
            try writeOther(value, depth: depth)
        }
    }

    /// Everything that is not one of the common exact types above.
    ///
    /// Order matters on Linux: `as?` bridges between Swift numbers and `NSNumber` in both directions
    /// (an `NSNumber` boolean would cast to `Int8`, an `Int8` to `NSNumber`), so Foundation classes
    /// and Swift scalars are told apart by their exact dynamic type before any `as?` cast.
    private mutating func writeOther(_ value: Any, depth: Int) throws(InvalidValue) {
        let type = Swift.type(of: value)
        if type == VerbatimJSON.self {
            try writeVerbatim(value as! VerbatimJSON, depth: depth)
        } else if type == OrderedObject.self {
            try writeOrderedObject(value as! OrderedObject, depth: depth)
        } else if type is NSNumber.Type {
            try writeNumber(value as! NSNumber)
        } else if type is NSString.Type {
            writeString(String(value as! NSString))
        } else if type == Int64.self {
            writeInteger(value as! Int64)
        } else if type == Int32.self {
            writeInteger(Int64(value as! Int32))
        } else if type == Int16.self {
            writeInteger(Int64(value as! Int16))
        } else if type == Int8.self {
            writeInteger(Int64(value as! Int8))
        } else if type == UInt.self {
            writeUnsigned(UInt64(value as! UInt), negative: false)
        } else if type == UInt64.self {
            writeUnsigned(value as! UInt64, negative: false)
        } else if type == UInt32.self {
            writeInteger(Int64(value as! UInt32))
        } else if type == UInt16.self {
            writeInteger(Int64(value as! UInt16))
        } else if type == UInt8.self {
            writeInteger(Int64(value as! UInt8))
        } else if type == Float.self {
            let v = value as! Float
            guard v.isFinite else { throw InvalidValue(path: "", found: JSONWriter.describeNonFinite(Double(v))) }
            writeASCII(v.description)
        } else if type == Substring.self {
            writeString(String(value as! Substring))
        } else if type == Decimal.self {
            try writeDecimal(value as! Decimal)
        } else if type is NSDictionary.Type {
            try writeObject(try JSONWriter.stringKeyed(value as! NSDictionary), depth: depth)
        } else if type is NSArray.Type {
            try writeArray((value as! NSArray).map { $0 }, depth: depth)
        } else if let optional = value as? any JSONWriterOptional {
            if let wrapped = optional.jsonWrapped {
                try writeValue(wrapped, depth: depth)
            } else {
                out.append("null")
            }
        } else if let object = value as? [String: Any] {
            try writeObject(object, depth: depth)
        } else if let array = value as? [Any] {
            try writeArray(array, depth: depth)
        } else if let dictionary = value as? [AnyHashable: Any] {
            let badKey = dictionary.keys.first { !($0.base is String) }.map { Swift.type(of: $0.base) }
            throw InvalidValue(path: "", found: "non-string key of type \(badKey.map { "\($0)" } ?? "unknown")")
        } else {
            throw InvalidValue(path: "", found: "unsupported type \(type)")
        }
    }

    private static func stringKeyed(_ dictionary: NSDictionary) throws(InvalidValue) -> [String: Any] {
        var converted: [String: Any] = [:]
        converted.reserveCapacity(dictionary.count)
        for (key, element) in dictionary {
            if let k = key as? String {
                converted[k] = element
            } else {
                throw InvalidValue(path: "", found: "non-string key of type \(Swift.type(of: key))")
            }
        }
        return converted
    }

    // MARK: - Containers

    private mutating func writeObject(_ object: [String: Any], depth: Int) throws(InvalidValue) {
        guard !object.isEmpty else {
            out.append("{}")
            return
        }
        guard depth < JSONWriter.maxDepth else {
            throw InvalidValue(path: "", found: "nesting deeper than \(JSONWriter.maxDepth)")
        }
        out.append(UInt8(ascii: "{"))
        var first = true
        if sorted {
            // Sort an index permutation on the first 8 key bytes (one integer compare), falling back
            // to a full byte comparison only on ties; the keys and values themselves never move.
            var keys: [String] = []
            var values: [Any] = []
            var prefixes: [UInt64] = []
            keys.reserveCapacity(object.count)
            values.reserveCapacity(object.count)
            prefixes.reserveCapacity(object.count)
            for (key, value) in object {
                keys.append(key)
                values.append(value)
                prefixes.append(JSONWriter.sortPrefix(key))
            }
            var order = [Int](0..<keys.count)
            keys.withUnsafeBufferPointer { k in
                prefixes.withUnsafeBufferPointer { p in
                    order.sort { a, b in
                        p[a] != p[b] ? p[a] < p[b] : JSONWriter.utf8Precedes(k[a], k[b])
                    }
                }
            }
            for index in order {
                try writeMember(keys[index], values[index], depth: depth, first: first)
                first = false
            }
        } else {
            for (key, value) in object {
                try writeMember(key, value, depth: depth, first: first)
                first = false
            }
        }
        if pretty { newline(depth) }
        out.append(UInt8(ascii: "}"))
    }

    @inline(__always)
    package mutating func writeMember(_ key: String, _ value: Any, depth: Int, first: Bool) throws(InvalidValue) {
        if !first { out.append(UInt8(ascii: ",")) }
        if pretty { newline(depth &+ 1) }
        writeString(key)
        if pretty { out.append(" : ") } else { out.append(UInt8(ascii: ":")) }
        do {
            try writeValue(value, depth: depth &+ 1)
        } catch {
            throw error.inMember(key)
        }
    }

    private mutating func writeArray(_ array: [Any], depth: Int) throws(InvalidValue) {
        guard !array.isEmpty else {
            out.append("[]")
            return
        }
        guard depth < JSONWriter.maxDepth else {
            throw InvalidValue(path: "", found: "nesting deeper than \(JSONWriter.maxDepth)")
        }
        out.append(UInt8(ascii: "["))
        for (index, element) in array.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if pretty { newline(depth &+ 1) }
            do {
                try writeValue(element, depth: depth &+ 1)
            } catch {
                throw error.inElement(index)
            }
        }
        if pretty { newline(depth) }
        out.append(UInt8(ascii: "]"))
    }

    @inline(__always)
    mutating func newline(_ depth: Int) {
        out.append(UInt8(ascii: "\n"))
        out.append(repeating: UInt8(ascii: " "), count: depth &* 2)
    }

    /// Byte-wise (UTF-8) ordering of keys, which is also Unicode scalar order. (Swift's `<` on
    /// `String` orders by canonical equivalence instead, and is slower.)
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        let fast = a.utf8.withContiguousStorageIfAvailable { ab in
            b.utf8.withContiguousStorageIfAvailable { bb in JSONWriter.bytesPrecede(ab, bb) }
        }
        if let result = fast ?? nil { return result }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The first 8 UTF-8 bytes of `key` as a big-endian integer (zero-padded), so that integer order
    /// agrees with byte order whenever the prefixes differ.
    @inline(__always)
    static func sortPrefix(_ key: String) -> UInt64 {
        let fast = key.utf8.withContiguousStorageIfAvailable { bytes -> UInt64 in
            var prefix: UInt64 = 0
            var shift: UInt64 = 56
            for byte in bytes.prefix(8) {
                prefix |= UInt64(byte) &<< shift
                shift &-= 8
            }
            return prefix
        }
        if let fast { return fast }
        var prefix: UInt64 = 0
        var shift: UInt64 = 56
        for byte in key.utf8.prefix(8) {
            prefix |= UInt64(byte) &<< shift
            shift &-= 8
        }
        return prefix
    }

    @inline(__always)
    static func bytesPrecede(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(a.count, b.count)
        guard common > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return a.count < b.count }
        var i = 0
        // Keys are short: comparing big-endian words beats calling memcmp.
        while i &+ 8 <= common {
            let x = UInt64(bigEndian: UnsafeRawPointer(pa + i).loadUnaligned(as: UInt64.self))
            let y = UInt64(bigEndian: UnsafeRawPointer(pb + i).loadUnaligned(as: UInt64.self))
            if x != y { return x < y }
            i &+= 8
        }
        while i < common {
            if pa[i] != pb[i] { return pa[i] < pb[i] }
            i &+= 1
        }
        return a.count < b.count
    }

    // MARK: - Scalars

    @inlinable
    package mutating func writeString(_ string: String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { writeEscaped($0) }
        if done == nil {
            let bytes = Array(string.utf8)
            bytes.withUnsafeBufferPointer { writeEscaped($0) }
        }
    }

    @usableFromInline static let hexDigits: StaticString = "0123456789abcdef"

    @inlinable
    mutating func writeEscaped(_ s: UnsafeBufferPointer<UInt8>) {
        let n = s.count
        out.reserve(n &+ 2)
        out.appendUnchecked(UInt8(ascii: "\""))
        guard let p = s.baseAddress else {
            out.appendUnchecked(UInt8(ascii: "\""))
            return
        }
        var runStart = 0
        var i = 0
        while i < n {
            // Skip 8 bytes at a time while none needs escaping.
            while i &+ 8 <= n {
                let x = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                let special = JSONWriter.escapeBytes(UInt64(littleEndian: x))
                if special != 0 {
                    i &+= special.trailingZeroBitCount >> 3
                    break
                }
                i &+= 8
            }
            guard i < n else { break }
            let c = p[i]
            guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else {
                i &+= 1
                continue
            }
            if i > runStart { out.append(p + runStart, count: i &- runStart) }
            out.reserve(6 &+ (n &- i) &+ 1)
            out.appendUnchecked(UInt8(ascii: "\\"))
            switch c {
            case UInt8(ascii: "\""): out.appendUnchecked(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.appendUnchecked(UInt8(ascii: "\\"))
            case 0x0A: out.appendUnchecked(UInt8(ascii: "n"))
            case 0x0D: out.appendUnchecked(UInt8(ascii: "r"))
            case 0x09: out.appendUnchecked(UInt8(ascii: "t"))
            case 0x08: out.appendUnchecked(UInt8(ascii: "b"))
            case 0x0C: out.appendUnchecked(UInt8(ascii: "f"))
            default:
                out.appendUnchecked(UInt8(ascii: "u"))
                out.appendUnchecked(UInt8(ascii: "0"))
                out.appendUnchecked(UInt8(ascii: "0"))
                out.appendUnchecked(JSONWriter.hexDigits.utf8Start[Int(c >> 4)])
                out.appendUnchecked(JSONWriter.hexDigits.utf8Start[Int(c & 0xF)])
            }
            i &+= 1
            runStart = i
        }
        if n > runStart { out.append(p + runStart, count: n &- runStart) }
        out.append(UInt8(ascii: "\""))
    }

    /// Nonzero iff some byte of `x` is '"', '\\' or < 0x20; the lowest set bit marks the first one.
    @inline(__always)
    @usableFromInline static func escapeBytes(_ x: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let q = x ^ (ones &* 0x22)
        let b = x ^ (ones &* 0x5C)
        let hasQuote = (q &- ones) & ~q
        let hasBackslash = (b &- ones) & ~b
        let hasControl = (x &- ones &* 0x20) & ~x
        return (hasQuote | hasBackslash | hasControl) & (ones &* 0x80)
    }

    @inline(__always)
    @inlinable
    package mutating func writeInteger(_ value: Int64) {
        writeUnsigned(value.magnitude, negative: value < 0)
    }

    @inlinable
    mutating func writeUnsigned(_ magnitude: UInt64, negative: Bool) {
        out.reserve(21)
        if negative { out.appendUnchecked(UInt8(ascii: "-")) }
        if magnitude < 10 {
            out.appendUnchecked(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        var digits = 0
        var probe = magnitude
        while probe > 0 {
            digits &+= 1
            probe /= 10
        }
        var v = magnitude
        let dst = out.base + out.count
        var k = digits
        while k > 0 {
            k &-= 1
            dst[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
            v /= 10
        }
        out.advance(digits)
    }

    package mutating func writeDouble(_ value: Double) throws(InvalidValue) {
        guard value.isFinite else { throw InvalidValue(path: "", found: JSONWriter.describeNonFinite(value)) }
        writeASCII(value.description)
    }

    private mutating func writeASCII(_ text: String) {
        var text = text
        text.withUTF8 { out.append($0.baseAddress!, count: $0.count) }
    }

    /// A decimal's own digits (`-65.61361699999998`, `12345678901234567890123`), never through
    /// `Double`: `Decimal`s are money, and an `NSDecimalNumber` is how `JSONSerialization` keeps a
    /// literal with more digits than a `Double` holds.
    ///
    /// JSON numbers have no precision limit, so the writer keeps the exact digits, as property
    /// lists do (see `PropertyListValues.plistForm(of:)`) and as Apple's `JSONSerialization` does;
    /// a reader that wants a `Double` (the package's own included) rounds them to the nearest one,
    /// the value `NumberReading.doubleValue(_:)` reads. Going through `Double` here would lose
    /// the digits, and Linux Foundation's `doubleValue` also misses the nearest `Double` by a few
    /// units in the last place.
    private mutating func writeDecimal(_ decimal: Decimal) throws(InvalidValue) {
        guard !decimal.isNaN else { throw InvalidValue(path: "", found: "NaN") }
        writeASCII(decimal.description)
    }

    private mutating func writeNumber(_ number: NSNumber) throws(InvalidValue) {
        if Swift.type(of: number) == JSONWriter.booleanClass {
            out.append(number.boolValue ? "true" : "false")
            return
        }
        switch number.objCType.pointee {
        case CChar(UInt8(ascii: "B")):
            out.append(number.boolValue ? "true" : "false")
        case CChar(UInt8(ascii: "d")):
            // NSDecimalNumber reports "d" too.
            if let decimal = NumberReading.decimal(of: number) { return try writeDecimal(decimal) }
            try writeDouble(number.doubleValue)
        case CChar(UInt8(ascii: "f")):
            let f = number.floatValue
            guard f.isFinite else { throw InvalidValue(path: "", found: JSONWriter.describeNonFinite(Double(f))) }
            writeASCII(f.description)
        case CChar(UInt8(ascii: "Q")):
            writeUnsigned(number.uint64Value, negative: false)
        default:
            writeInteger(number.int64Value)
        }
    }

    /// The class Foundation uses for boxed booleans (`__NSCFBoolean`).
    private static let booleanClass: AnyClass = Swift.type(of: NSNumber(value: true))

    private static func describeNonFinite(_ value: Double) -> String {
        value.isNaN ? "NaN" : (value < 0 ? "-infinity" : "infinity")
    }
}

/// Lets the writer see through `Optional` values stored in `Any`.
private protocol JSONWriterOptional {
    var jsonWrapped: Any? { get }
}

extension Optional: JSONWriterOptional {
    fileprivate var jsonWrapped: Any? { map { $0 as Any } }
}
