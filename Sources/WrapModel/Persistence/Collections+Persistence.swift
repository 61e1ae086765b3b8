import Foundation
import WrapModelJSON

/// Collections of models that persist as one document: `[Model]` (a JSON or property-list array)
/// and `[String: Model]` (an object or dictionary). Each model stores what
/// ``WrapModel/data(format:prettyPrinted:)`` stores.
///
/// ```swift
/// try customers.write(to: url, format: .xmlPlist)
/// let back = try [Customer].read(from: url)
/// ```
public protocol WrapModelCollection {
    /// The JSON-shaped value the collection stores.
    func persistedValue() -> Any
    /// The collection read back from a decoded value.
    /// - Throws: ``WrapModelError`` when the value is not of the collection's shape.
    /// - Parameters:
    ///   - value: The decoded value.
    ///   - mutable: Whether properties may be written.
    static func collection(from value: Any, mutable: Bool) throws(WrapModelError) -> Self
}

extension WrapModelCollection {
    /// The collection as bytes of `format` (default JSON; `prettyPrinted`, default `false`, indents
    /// JSON and sorts its keys).
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` for a value the format cannot hold.
    /// - Parameters:
    ///   - format: `.json`, `.xmlPlist` or `.binaryPlist`. Defaults to `.json`.
    ///   - prettyPrinted: Whether JSON is indented, with its keys sorted (property lists ignore it). Defaults to `false`.
    public func data(format: WrapDataFormat = .json, prettyPrinted: Bool = false) throws(WrapModelError) -> Data {
        try PersistenceCoding.encode(persistedValue(), format: format, prettyPrinted: prettyPrinted)
    }

    /// The collection as JSON or XML property-list text.
    /// - Throws: as ``data(format:prettyPrinted:)``, and for `.binaryPlist` (not text).
    /// - Parameters:
    ///   - format: `.json` or `.xmlPlist`. Defaults to `.json`.
    ///   - prettyPrinted: Whether JSON is indented, with its keys sorted (property lists ignore it). Defaults to `true`.
    public func string(format: WrapDataFormat = .json, prettyPrinted: Bool = true) throws(WrapModelError) -> String {
        try PersistenceCoding.string(data(format: format, prettyPrinted: prettyPrinted), format: format)
    }

    /// Writes the collection to `url` atomically. Defaults: JSON, pretty printed.
    /// - Throws: ``WrapModelError/unwritable(_:reason:)`` or ``WrapModelError/unencodable(keyPath:found:)``.
    /// - Parameters:
    ///   - url: The file.
    ///   - format: `.json`, `.xmlPlist` or `.binaryPlist`. Defaults to `.json`.
    ///   - prettyPrinted: Whether JSON is indented, with its keys sorted (property lists ignore it). Defaults to `true`.
    public func write(to url: URL, format: WrapDataFormat = .json, prettyPrinted: Bool = true) throws(WrapModelError) {
        try PersistenceCoding.writeFile(data(format: format, prettyPrinted: prettyPrinted), to: url)
    }

    /// Reads the collection from a file (format detected when nil; models immutable by default).
    /// - Throws: ``WrapModelError/unreadable(_:reason:)``, a shape error, or
    ///   ``WrapModelError/unsupportedVersion(found:current:)``.
    /// - Parameters:
    ///   - url: The file.
    ///   - format: The format of the bytes; nil detects it from them.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    public static func read(from url: URL, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> Self {
        try collection(from: PersistenceCoding.decodeFile(url, format: format), mutable: mutable)
    }

    /// Reads the collection from bytes (format detected when nil).
    /// - Throws: the format's parse errors, a shape error, or ``WrapModelError/unsupportedVersion(found:current:)``.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - format: The format of the bytes; nil detects it from them.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    public static func read(from data: Data, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> Self {
        try collection(from: PersistenceCoding.decode(data, format: format ?? WrapDataFormat.detect(data)), mutable: mutable)
    }

    /// Reads the collection from JSON or XML property-list text.
    /// - Parameters:
    ///   - string: The text.
    ///   - format: The format of the bytes; nil detects it from them.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    /// - Throws: As ``read(from:format:mutable:)-(Data,_,_)``.
    public static func read(from string: String, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> Self {
        try read(from: Data(string.utf8), format: format, mutable: mutable)
    }
}

extension Array: WrapModelCollection where Element: WrapModel {
    /// What the collection stores: each model's data (see ``WrapModel/data(format:prettyPrinted:)``).
    public func persistedValue() -> Any {
        map { $0.outputData(options: .persistence) }
    }

    /// - Throws: ``WrapModelError/invalidValue(_:)`` for a root that is not an array (key path `""`)
    ///   or an element that is not an object (key path `"[3]"`).
    /// - Parameters:
    ///   - value: The decoded value.
    ///   - mutable: Whether properties may be written.
    public static func collection(from value: Any, mutable: Bool) throws(WrapModelError) -> [Element] {
        guard let array = NativeValue.array(value) else {
            throw .invalidValue(WrapModelIssue(keyPath: "", kind: .wrongType(expected: "array", found: JSONTypeName.of(value))))
        }
        var models: [Element] = []
        models.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            models.append(try Element.make(from: element, mutable: mutable, at: "[\(index)]"))
        }
        return models
    }
}

extension Dictionary: WrapModelCollection where Key == String, Value: WrapModel {
    /// What the collection stores: each model's data (see ``WrapModel/data(format:prettyPrinted:)``).
    public func persistedValue() -> Any {
        mapValues { $0.outputData(options: .persistence) }
    }

    /// - Throws: ``WrapModelError/notAnObject(found:)`` for a root that is not an object, and
    ///   ``WrapModelError/invalidValue(_:)`` for an entry that is not one (key path: the entry's key).
    /// - Parameters:
    ///   - value: The decoded value.
    ///   - mutable: Whether properties may be written.
    public static func collection(from value: Any, mutable: Bool) throws(WrapModelError) -> [String: Value] {
        guard let object = NativeValue.object(value) else { throw .notAnObject(found: JSONTypeName.of(value)) }
        var models: [String: Value] = [:]
        models.reserveCapacity(object.count)
        for (key, element) in object {
            models[key] = try Value.make(from: element, mutable: mutable, at: key)
        }
        return models
    }
}
