import Foundation
import WrapModelJSON

/// Parses JSON input for models with the package's own reader, mapping its errors to `WrapModelError`.
enum JSONInput {
    /// Lazy storage over the root object of `bytes`: the document is indexed, nothing is converted.
    /// - Parameter lenient: Accept what `JSONSerialization` accepts beyond RFC 8259: a leading
    ///   UTF-8 byte-order mark and a trailing comma after the last member or element.
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)`` or ``WrapModelError/notAnObject(found:)``.
    static func storage(from bytes: Data, lenient: Bool = false) throws(WrapModelError) -> ModelStorage {
        let root = try document(from: bytes, lenient: lenient).root
        guard root.kind == .object else { throw .notAnObject(found: JSONTypeName.of(root)) }
        return ModelStorage(node: root)
    }

    /// The indexed document of `bytes`, whatever its root.
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)``.
    static func document(from bytes: Data, lenient: Bool = false) throws(WrapModelError) -> JSONDocument {
        do {
            return try JSONDocument(data: bytes, lenient: lenient)
        } catch {
            throw .malformedJSON(reason: error.reason, offset: error.offset)
        }
    }

    /// The root object of `bytes` as a dictionary.
    static func object(from bytes: [UInt8]) throws(WrapModelError) -> [String: Any] {
        let root = try value(from: bytes)
        guard let object = NativeValue.object(root) else { throw .notAnObject(found: JSONTypeName.of(root)) }
        return object
    }

    /// Any JSON value, eagerly converted to Swift values. Reads `bytes` in place (`Data` or
    /// `[UInt8]`): eager values never point into the input, so there is nothing to copy it for.
    static func value(from bytes: some ContiguousBytes, lenient: Bool = false) throws(WrapModelError) -> Any {
        // `withUnsafeBytes` rethrows untyped errors, so the parse error is recovered by cast.
        do {
            return try bytes.withUnsafeBytes { buffer in try JSONDocument.parseValue(buffer, lenient: lenient) }
        } catch let error as JSONParseError {
            throw .malformedJSON(reason: error.reason, offset: error.offset)
        } catch {
            throw .malformedJSON(reason: String(describing: error), offset: nil)
        }
    }
}
