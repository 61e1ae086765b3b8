import Foundation
import WrapModelJSON

extension WrapModel {
    /// The model as bytes of `format`: its original data with the current values written over it
    /// (keys it does not declare and `serializeForOutput: false` properties included), so reading
    /// it back loses nothing. Versioned types record their current version.
    /// - Parameters:
    ///   - format: Defaults to JSON.
    ///   - prettyPrinted: Indented JSON with sorted keys (plists are always formatted the same way).
    ///     Defaults to `false`.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` for a value the format cannot hold;
    ///   for data this model left unmigrated, ``WrapModelError/unsupportedVersion(found:current:)``
    ///   (a newer version) or ``WrapModelError/invalidValue(_:)`` (an unreadable version), so that
    ///   a file is never written with a version its data does not have.
    public func data(format: WrapDataFormat = .json, prettyPrinted: Bool = false) throws(WrapModelError) -> Data {
        try data(format: format, options: prettyPrinted ? WrapOutputOptions.persistence.union([.prettyPrinted, .sortedKeys]) : .persistence)
    }

    /// The model as text: JSON or an XML property list.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` for `.binaryPlist` or an unencodable value.
    /// - Parameters:
    ///   - format: `.json` or `.xmlPlist`. Defaults to `.json`.
    ///   - prettyPrinted: Whether JSON is indented, with its keys sorted (property lists ignore it). Defaults to `true`.
    public func string(format: WrapDataFormat = .json, prettyPrinted: Bool = true) throws(WrapModelError) -> String {
        try PersistenceCoding.string(data(format: format, prettyPrinted: prettyPrinted), format: format)
    }

    /// Writes the model to `url` atomically (a temporary file renamed over the old one).
    /// - Parameters:
    ///   - format: Defaults to JSON.
    ///   - prettyPrinted: Defaults to `true`.
    ///   - url: The file to write.
    /// - Throws: ``WrapModelError/unwritable(_:reason:)``, ``WrapModelError/unencodable(keyPath:found:)``,
    ///   or a version error as ``data(format:prettyPrinted:)``.
    public func write(to url: URL, format: WrapDataFormat = .json, prettyPrinted: Bool = true) throws(WrapModelError) {
        try PersistenceCoding.writeFile(data(format: format, prettyPrinted: prettyPrinted), to: url)
    }

    /// Reads a model from a file, migrating older versioned data.
    /// - Parameters:
    ///   - format: nil (the default) detects it from the bytes.
    ///   - mutable: Defaults to `false`.
    ///   - url: The file to read.
    /// - Throws: ``WrapModelError/unreadable(_:reason:)`` for a missing, unreadable or corrupt file;
    ///   ``WrapModelError/notAnObject(found:)``; ``WrapModelError/unsupportedVersion(found:current:)``.
    public static func read(from url: URL, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> Self {
        try make(from: PersistenceCoding.decodeFile(url, format: format), mutable: mutable)
    }

    /// Reads a model from bytes of `format` (nil: detected).
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)``, ``WrapModelError/malformedPropertyList(reason:)``,
    ///   ``WrapModelError/notAnObject(found:)``, ``WrapModelError/unsupportedVersion(found:current:)``.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - format: The format of the bytes; nil detects it from them.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    public static func read(from data: Data, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> Self {
        let format = format ?? WrapDataFormat.detect(data)
        if format == .json {
            let model = wrapping(try JSONInput.storage(from: data, lenient: true), mutable: mutable)
            try model.checkVersionIsSupported()
            return model
        }
        return try make(from: PersistenceCoding.decode(data, format: format), mutable: mutable)
    }

    /// Reads a model from JSON or XML property list text.
    /// - Throws: as ``read(from:format:mutable:)-(Data,_,_)``.
    /// - Parameters:
    ///   - string: The text.
    ///   - format: The format of the bytes; nil detects it from them.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    public static func read(from string: String, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> Self {
        try read(from: Data(string.utf8), format: format, mutable: mutable)
    }

    /// A model of this class over a decoded value, which must be an object.
    static func make(from value: Any, mutable: Bool, at keyPath: String? = nil) throws(WrapModelError) -> Self {
        guard let object = NativeValue.object(value) else {
            if let keyPath {
                throw .invalidValue(WrapModelIssue(keyPath: keyPath, kind: .wrongType(expected: "object", found: JSONTypeName.of(value))))
            }
            throw .notAnObject(found: JSONTypeName.of(value))
        }
        let model = wrapping(ModelStorage(object), mutable: mutable)
        try model.checkVersionIsSupported()
        return model
    }
}
