import Foundation

/// Parses JSON input for models.
enum JSONInput {
    /// The root object of `bytes`.
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)`` or ``WrapModelError/notAnObject(found:)``.
    static func object(from bytes: [UInt8]) throws(WrapModelError) -> [String: Any] {
        let root = try value(from: bytes)
        guard let object = root as? [String: Any] else { throw .notAnObject(found: JSONTypeName.of(root)) }
        return object
    }

    static func value(from bytes: [UInt8]) throws(WrapModelError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw .malformedJSON(reason: String(describing: error), offset: nil)
        }
    }
}

/// Writes model output as JSON.
enum JSONOutput {
    static func bytes(_ value: Any, options: WrapOutputOptions) throws(WrapModelError) -> [UInt8] {
        var writing: JSONSerialization.WritingOptions = [.fragmentsAllowed, .withoutEscapingSlashes]
        if options.contains(.prettyPrinted) { writing.insert(.prettyPrinted) }
        if options.contains(.sortedKeys) { writing.insert(.sortedKeys) }
        guard JSONSerialization.isValidJSONObject([value]) else {
            throw .unencodable(keyPath: "", found: JSONTypeName.of(value))
        }
        do {
            return [UInt8](try JSONSerialization.data(withJSONObject: value, options: writing))
        } catch {
            throw .unencodable(keyPath: "", found: String(describing: error))
        }
    }

    static func string(_ value: Any, options: WrapOutputOptions) throws(WrapModelError) -> String {
        String(decoding: try bytes(value, options: options), as: UTF8.self)
    }
}
