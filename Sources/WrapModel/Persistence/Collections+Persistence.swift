import Foundation

extension Array where Element: WrapModel {
    /// The models as a JSON array or property-list array of what each stores (see ``WrapModel/data(format:prettyPrinted:)``).
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` for a value the format cannot hold.
    public func data(format: WrapDataFormat = .json, prettyPrinted: Bool = false) throws(WrapModelError) -> Data {
        try PersistenceCoding.encode(map { $0.outputData(options: PersistenceCoding.modelOptions) }, format: format, prettyPrinted: prettyPrinted)
    }

    /// The models as JSON or XML property-list text.
    /// - Throws: as ``data(format:prettyPrinted:)``, and for `.binaryPlist`.
    public func string(format: WrapDataFormat = .json, prettyPrinted: Bool = true) throws(WrapModelError) -> String {
        try PersistenceCoding.string(data(format: format, prettyPrinted: prettyPrinted), format: format)
    }

    /// Writes the models to `url` atomically. Defaults: JSON, pretty printed.
    /// - Throws: ``WrapModelError/unwritable(_:reason:)`` or ``WrapModelError/unencodable(keyPath:found:)``.
    public func write(to url: URL, format: WrapDataFormat = .json, prettyPrinted: Bool = true) throws(WrapModelError) {
        try PersistenceCoding.writeFile(data(format: format, prettyPrinted: prettyPrinted), to: url)
    }

    /// Reads an array of models from a file (format detected when nil).
    /// - Throws: ``WrapModelError/unreadable(_:reason:)``; ``WrapModelError/invalidValue(_:)`` for a
    ///   root that is not an array (key path `""`) or an element that is not an object (`"[3]"`);
    ///   ``WrapModelError/unsupportedVersion(found:current:)``.
    public static func read(from url: URL, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> [Element] {
        try make(from: PersistenceCoding.decodeFile(url, format: format), mutable: mutable)
    }

    /// Reads an array of models from bytes (format detected when nil).
    /// - Throws: the parse errors of the format, and as ``read(from:format:mutable:)-(URL,_,_)``.
    public static func read(from data: Data, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> [Element] {
        try make(from: PersistenceCoding.decode(data, format: format ?? WrapDataFormat.detect(data)), mutable: mutable)
    }

    /// Reads an array of models from JSON or XML property-list text.
    public static func read(from string: String, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> [Element] {
        try read(from: Data(string.utf8), format: format, mutable: mutable)
    }

    static func make(from value: Any, mutable: Bool) throws(WrapModelError) -> [Element] {
        guard let array = value as? [Any] else {
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

extension Dictionary where Key == String, Value: WrapModel {
    /// The models as a JSON object or property-list dictionary of what each stores.
    /// - Throws: ``WrapModelError/unencodable(keyPath:found:)`` for a value the format cannot hold.
    public func data(format: WrapDataFormat = .json, prettyPrinted: Bool = false) throws(WrapModelError) -> Data {
        try PersistenceCoding.encode(mapValues { $0.outputData(options: PersistenceCoding.modelOptions) }, format: format, prettyPrinted: prettyPrinted)
    }

    /// The models as JSON or XML property-list text.
    public func string(format: WrapDataFormat = .json, prettyPrinted: Bool = true) throws(WrapModelError) -> String {
        try PersistenceCoding.string(data(format: format, prettyPrinted: prettyPrinted), format: format)
    }

    /// Writes the models to `url` atomically. Defaults: JSON, pretty printed.
    public func write(to url: URL, format: WrapDataFormat = .json, prettyPrinted: Bool = true) throws(WrapModelError) {
        try PersistenceCoding.writeFile(data(format: format, prettyPrinted: prettyPrinted), to: url)
    }

    /// Reads a dictionary of models from a file (format detected when nil).
    /// - Throws: ``WrapModelError/unreadable(_:reason:)``; ``WrapModelError/notAnObject(found:)`` for a
    ///   root that is not an object; ``WrapModelError/invalidValue(_:)`` for an entry that is not one.
    public static func read(from url: URL, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> [String: Value] {
        try make(from: PersistenceCoding.decodeFile(url, format: format), mutable: mutable)
    }

    /// Reads a dictionary of models from bytes (format detected when nil).
    public static func read(from data: Data, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> [String: Value] {
        try make(from: PersistenceCoding.decode(data, format: format ?? WrapDataFormat.detect(data)), mutable: mutable)
    }

    /// Reads a dictionary of models from JSON or XML property-list text.
    public static func read(from string: String, format: WrapDataFormat? = nil, mutable: Bool = false) throws(WrapModelError) -> [String: Value] {
        try read(from: Data(string.utf8), format: format, mutable: mutable)
    }

    static func make(from value: Any, mutable: Bool) throws(WrapModelError) -> [String: Value] {
        guard let object = value as? [String: Any] else { throw .notAnObject(found: JSONTypeName.of(value)) }
        var models: [String: Value] = [:]
        models.reserveCapacity(object.count)
        for (key, element) in object {
            models[key] = try Value.make(from: element, mutable: mutable, at: key)
        }
        return models
    }
}
