import WrapModelJSON
/// An optional value: the wrapped codec's value, nil when the data has none; nil writes nothing.
///
/// The codec of every `T?` property, e.g. `WrapOptionalCodec(MoneyCodec())` for a `Money?`.
public struct WrapOptionalCodec<Wrapped: WrapValueCodec>: WrapValueCodec {
    /// The codec of the value inside.
    public let wrapped: Wrapped

    /// Wraps `wrapped`, so its value becomes optional.
    /// - Parameter wrapped: The codec of the value, when there is one.
    public init(_ wrapped: Wrapped) { self.wrapped = wrapped }

    /// The wrapped codec's description.
    public var expectedDescription: String { wrapped.expectedDescription }

    /// The wrapped codec's value, or nil (so the property reads its default) when it gives none.
    /// - Parameters:
    ///   - stored: The value in the data; never absent or `null`.
    ///   - context: Where the value is, and where to report a problem with it.
    public func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> Wrapped.Value?? {
        wrapped.decode(stored, context: context).map { .some($0) }
    }

    /// The wrapped codec's value, or `defaultValue` when it gives none (without building the
    /// doubly optional value ``decode(_:context:)`` returns).
    /// - Parameters:
    ///   - stored: The value in the data; never absent or `null`.
    ///   - context: Where the value is, and where to report a problem with it.
    ///   - defaultValue: Read when the data has no convertible value.
    public func decode(_ stored: WrapStoredValue, context: WrapDecodingContext, default defaultValue: Wrapped.Value?) -> Wrapped.Value? {
        wrapped.decode(stored, context: context) ?? defaultValue
    }

    /// The wrapped codec's data form; nil for nil.
    /// - Parameters:
    ///   - value: The property's value.
    ///   - context: How the output is being written.
    public func encode(_ value: Wrapped.Value?, context: WrapEncodingContext) -> Any? {
        value.flatMap { wrapped.encode($0, context: context) }
    }

    /// True for nil.
    /// - Parameter value: A value of the property.
    public func isNoValue(_ value: Wrapped.Value?) -> Bool { value == nil }
}

extension WrapOptionalCodec: ModelHoldingCodec where Wrapped: ModelHoldingCodec {
    var modelClass: WrapModel.Type { wrapped.modelClass }
    var holdsOneModel: Bool { wrapped.holdsOneModel }
    var holdsModelsByKey: Bool { wrapped.holdsModelsByKey }

    func adopt(_ value: Wrapped.Value?, into parent: WrapModel) -> Wrapped.Value? {
        value.map { wrapped.adopt($0, into: parent) }
    }

    func containsMutations(_ value: Wrapped.Value?) -> Bool { value.map(wrapped.containsMutations) ?? false }

    func forEachModel(in value: Wrapped.Value?, _ body: (WrapModel) -> Void) {
        if let value { wrapped.forEachModel(in: value, body) }
    }

    func writeJSON(_ value: Wrapped.Value?, into writer: inout JSONWriter, context: WrapEncodingContext,
                   depth: Int) throws(JSONWriter.InvalidValue) -> Bool {
        guard let value else { return false }
        return try wrapped.writeJSON(value, into: &writer, context: context, depth: depth)
    }
}

extension WrapOptionalCodec: EmbeddedReferenceImporting where Wrapped: EmbeddedReferenceImporting {
    func importEmbeddedObjects(from object: [String: Any], at path: KeyPathComponents, prefix: String,
                               issues: inout [WrapModelIssue]) {
        wrapped.importEmbeddedObjects(from: object, at: path, prefix: prefix, issues: &issues)
    }
}
