import Foundation

extension WrapModel {
    /// Parses `json` and wraps its root object.
    ///
    /// The parser is strict RFC 8259: a leading byte-order mark or a trailing comma is malformed
    /// JSON here, with its byte offset (``init(json:mutable:)`` accepts both, as `JSONSerialization` does).
    /// - Parameters:
    ///   - json: JSON text whose root is an object.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also throw for the first invalid value ``validate()`` finds (other than a
    ///     missing one). Defaults to `false`.
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)``, ``WrapModelError/notAnObject(found:)``,
    ///   or in strict mode ``WrapModelError/invalidValue(_:)``.
    public convenience init(parsing json: String, mutable: Bool = false, strict: Bool = false) throws(WrapModelError) {
        try self.init(parsing: Data(json.utf8), mutable: mutable, strict: strict)
    }

    /// Parses UTF-8 `json` and wraps its root object; see ``init(parsing:mutable:strict:)-(String,_,_)``.
    /// - Throws: ``WrapModelError/malformedJSON(reason:offset:)``, ``WrapModelError/notAnObject(found:)``,
    ///   ``WrapModelError/unsupportedVersion(found:current:)`` for data of a newer model version,
    ///   or in strict mode ``WrapModelError/invalidValue(_:)``.
    /// - Parameters:
    ///   - json: UTF-8 JSON whose root is an object.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Whether a value of the wrong type throws `WrapModelError.invalidValue` instead of reading as the property's default. Defaults to `false`.
    public convenience init(parsing json: Data, mutable: Bool = false, strict: Bool = false) throws(WrapModelError) {
        self.init(storage: try JSONInput.storage(from: json), mutable: mutable)
        try checkParsedModel(strict: strict)
    }

    /// The checks of the throwing parsers after the model is made: a supported data version and,
    /// when `strict`, no invalid value.
    func checkParsedModel(strict: Bool) throws(WrapModelError) {
        try checkVersionIsSupported()
        if strict, let issue = validate().first(where: { $0.kind != .missing }) {
            throw .invalidValue(issue)
        }
    }
}
