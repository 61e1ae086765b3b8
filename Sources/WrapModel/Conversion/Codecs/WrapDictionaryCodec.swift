/// An object whose members all convert with one codec, as `[String: Value]`: `null` members are
/// skipped, members that do not convert are left out and reported by ``WrapModel/validate()``.
public struct WrapDictionaryCodec<Element: WrapValueCodec>: WrapValueCodec {
    /// The codec of each member's value.
    public let element: Element

    /// A dictionary of `element`'s values.
    /// - Parameter element: The codec of each member's value.
    public init(_ element: Element) { self.element = element }

    /// `"object"`.
    public var expectedDescription: String { "object" }

    /// The converted members; nil when the data is not an object.
    /// - Parameters:
    ///   - stored: The value in the data; never absent or `null`.
    ///   - context: Where the value is, and where to report a problem with it.
    public func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> [String: Element.Value]? {
        guard let members = stored.raw.members else { return nil }
        var values: [String: Element.Value] = [:]
        values.reserveCapacity(members.count)
        var dropped = 0
        for (key, item) in members where !item.isNull {
            let itemContext = context.descending(to: "\(context.keyPath).\(key)")
            if let value = element.decode(WrapStoredValue(item), context: itemContext) {
                values[key] = value
            } else {
                dropped += 1
            }
        }
        if dropped > 0 { context.report(.droppedElements(count: dropped)) }
        return values
    }

    /// Each member's data form (members without one are left out).
    /// - Parameters:
    ///   - values: The property's values.
    ///   - context: How the output is being written.
    public func encode(_ values: [String: Element.Value], context: WrapEncodingContext) -> Any? {
        values.compactMapValues { element.encode($0, context: context) }
    }
}
