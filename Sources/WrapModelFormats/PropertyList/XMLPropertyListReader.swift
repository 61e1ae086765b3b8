import Foundation
import WrapModelJSON

/// Reads XML property lists itself, so that what `XMLPropertyListWriter` wrote comes back exactly.
///
/// Foundation's reader on Linux drops a U+FEFF at the start of a string or key, so a value could
/// change silently and two keys could become one, losing a value: `{"\u{FEFF}k": "v", "k": "x"}`
/// read back as `{"k": "v"}`. This reader keeps the text between the tags as it is.
///
/// It reads the standard XML property list: an optional XML declaration (UTF-8), comments and
/// a `DOCTYPE` without internal subset, then `<plist>` holding one value — `dict` (with `key`s),
/// `array`, `string`, `integer`, `real`, `true`, `false`, `date` and `data` — with the five
/// predefined entities, character references and CDATA sections in text. A document using
/// anything else (another encoding, other elements) is left to Foundation: ``value(from:)``
/// gives nil for it, and for malformed documents, so that Foundation reports their errors.
///
/// Values come back as the model library's `PropertyListValues.native(_:depth:)` gives Foundation's: `Bool`, `Int`
/// (an unsigned `NSNumber` above `Int.max`), `Double`, `String`, `Date`, `Data`, `[Any]` and
/// `[String: Any]` (a repeated key keeps its last value).
package struct XMLPropertyListReader {
    private let bytes: [UInt8]
    private var position = 0

    private init(_ data: Data) { bytes = [UInt8](data) }

    /// The value of the XML property list in `data`; nil when it is malformed or uses something
    /// this reader leaves to Foundation.
    /// - Throws: ``PropertyListError/malformed(reason:)`` for nesting deeper than
    ///   ``NestingLimit/maxDepth`` (the limit the package applies to every property list).
    package static func value(from data: Data) throws(PropertyListError) -> Any? {
        var reader = XMLPropertyListReader(data)
        return try reader.document()
    }

    private struct Unreadable: Error {}

    private mutating func document() throws(PropertyListError) -> Any? {
        do {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
            try prolog()
            guard skip("<plist") else { throw Unreadable() }
            let attributes = try until(">")
            guard attributes.last != UInt8(ascii: "/") else { throw Unreadable() }
            try skipMisc()
            let value = try readValue(depth: 0)
            try skipMisc()
            guard skip("</plist>") else { throw Unreadable() }
            try skipMisc()
            guard position == bytes.count else { throw Unreadable() }
            return value
        } catch let error as PropertyListError {
            throw error
        } catch {
            return nil
        }
    }

    // MARK: - Markup

    /// The XML declaration (UTF-8 only), comments, processing instructions and the DOCTYPE.
    private mutating func prolog() throws {
        while true {
            skipWhitespace()
            if skip("<?") {
                let declaration = String(decoding: try until("?>"), as: UTF8.self).lowercased()
                if declaration.hasPrefix("xml"), let range = declaration.range(of: "encoding=") {
                    let value = declaration[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
                    guard value == "utf-8" else { throw Unreadable() }
                }
            } else if skip("<!--") {
                _ = try until("-->")
            } else if skip("<!DOCTYPE") {
                guard !(try until(">")).contains(UInt8(ascii: "[")) else { throw Unreadable() }
            } else {
                return
            }
        }
    }

    /// Whitespace and comments between elements.
    private mutating func skipMisc() throws {
        while true {
            skipWhitespace()
            guard skip("<!--") else { return }
            _ = try until("-->")
        }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Moves past `literal` when the input continues with it.
    private mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            expected.indices.allSatisfy { bytes[position + $0] == expected[$0] }
        }
        if matches { position += count }
        return matches
    }

    /// The bytes up to `terminator`, moving past it.
    private mutating func until(_ terminator: StaticString) throws -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.count {
            if skip(terminator) { return bytes[start..<(position - terminator.utf8CodeUnitCount)] }
            position += 1
        }
        throw Unreadable()
    }

    /// The name of the element starting here (after `<`), and whether it closes itself (`<true/>`).
    private mutating func openTag() throws -> (name: String, empty: Bool) {
        guard skip("<") else { throw Unreadable() }
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/"),
              !Self.isWhitespace(bytes[position]) {
            position += 1
        }
        let name = String(decoding: bytes[start..<position], as: UTF8.self)
        skipWhitespace()
        if skip("/>") { return (name, true) }
        guard skip(">") else { throw Unreadable() }
        return (name, false)
    }

    // MARK: - Values

    private mutating func readValue(depth: Int) throws -> Any {
        let (name, empty) = try openTag()
        switch name {
        case "dict":
            return try dictionary(depth: depth, empty: empty)
        case "array":
            return try array(depth: depth, empty: empty)
        case "true", "false":
            if !empty { try close(name) }
            return name == "true"
        default:
            let text = empty ? "" : try text(closing: name)
            guard let value = Self.scalar(name, text) else { throw Unreadable() }
            return value
        }
    }

    private mutating func dictionary(depth: Int, empty: Bool) throws -> [String: Any] {
        guard !empty else { return [:] }
        guard depth < NestingLimit.maxDepth else { throw Self.tooDeep }
        var result: [String: Any] = [:]
        while true {
            try skipMisc()
            if skip("</dict>") { return result }
            let (name, empty) = try openTag()
            guard name == "key" else { throw Unreadable() }
            let key = empty ? "" : try text(closing: "key")
            try skipMisc()
            result[key] = try readValue(depth: depth + 1)
        }
    }

    private mutating func array(depth: Int, empty: Bool) throws -> [Any] {
        guard !empty else { return [] }
        guard depth < NestingLimit.maxDepth else { throw Self.tooDeep }
        var result: [Any] = []
        while true {
            try skipMisc()
            if skip("</array>") { return result }
            result.append(try readValue(depth: depth + 1))
        }
    }

    private static var tooDeep: PropertyListError {
        .malformed(reason: "nesting deeper than \(NestingLimit.maxDepth)")
    }

    private mutating func close(_ name: String) throws {
        guard skip("</"), String(decoding: try until(">"), as: UTF8.self) == name else { throw Unreadable() }
    }

    /// The character data up to `</name>`: every byte as written, entities and character
    /// references decoded, CDATA sections taken as they are. Must be valid UTF-8.
    private mutating func text(closing name: String) throws -> String {
        var decoded: [UInt8] = []
        var runStart = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                decoded += bytes[runStart..<position]
                if skip("<![CDATA[") {
                    decoded += try until("]]>")
                    runStart = position
                    continue
                }
                try close(name)
                guard let text = String(validating: decoded, as: UTF8.self) else { throw Unreadable() }
                return text
            }
            if byte == UInt8(ascii: "&") {
                decoded += bytes[runStart..<position]
                position += 1
                decoded += try Self.entity(String(decoding: try until(";"), as: UTF8.self))
                runStart = position
                continue
            }
            position += 1
        }
        throw Unreadable()
    }

    /// The UTF-8 bytes of the entity or character reference `name` (between `&` and `;`).
    private static func entity(_ name: String) throws -> [UInt8] {
        switch name {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            var digits = Substring(name)
            guard digits.popFirst() == "#" else { throw Unreadable() }
            let radix = digits.first == "x" ? 16 : 10
            if radix == 16 { digits = digits.dropFirst() }
            guard let code = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(code) else { throw Unreadable() }
            return Array(String(Character(scalar)).utf8)
        }
    }

    /// A `string`, `integer`, `real`, `date` or `data` element's value; nil for another element
    /// or text that does not read as its type.
    private static func scalar(_ name: String, _ text: String) -> Any? {
        switch name {
        case "string":
            return text
        case "integer":
            let digits = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if let int = Int(digits) { return int }
            return UInt64(digits).map { NSNumber(value: $0) }
        case "real":
            let digits = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch digits.lowercased() {
            case "nan": return Double.nan
            case "+infinity", "infinity", "+inf", "inf": return Double.infinity
            case "-infinity", "-inf": return -Double.infinity
            default: return Double(digits)
            }
        case "date":
            return try? Date(text.trimmingCharacters(in: .whitespacesAndNewlines), strategy: XMLPropertyListWriter.dateFormat)
        case "data":
            return Data(base64Encoded: text, options: .ignoreUnknownCharacters)
        default:
            return nil
        }
    }
}
