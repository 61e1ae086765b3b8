import Foundation

/// The formats models are stored in.
///
/// ```swift
/// try customer.write(to: url, format: .binaryPlist)
/// let back = try Customer.read(from: url)             // the format is detected from the bytes
/// ```
public enum WrapDataFormat: Sendable, CaseIterable {
    /// UTF-8 JSON: compact or pretty printed, keys sorted when pretty.
    case json
    /// An XML property list.
    case xmlPlist
    /// A binary property list (not text: `string(format:)` refuses it).
    case binaryPlist

    /// The format of `data`, judged from its first bytes: `bplist` is binary, `<?xml` or `<plist`
    /// XML, anything else JSON.
    /// - Parameter data: The bytes.
    public static func detect(_ data: Data) -> WrapDataFormat {
        let head = data.prefix(64)
        if head.starts(with: Array("bplist".utf8)) { return .binaryPlist }
        let text = String(decoding: head, as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if text.hasPrefix("<?xml") || text.hasPrefix("<plist") || text.hasPrefix("<!DOCTYPE plist") { return .xmlPlist }
        return .json
    }
}
