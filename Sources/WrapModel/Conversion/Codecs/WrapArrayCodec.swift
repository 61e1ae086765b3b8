import WrapModelJSON
/// An array converted element by element: elements that do not convert (or are `null`) are left
/// out, and ``WrapModel/validate()`` reports how many.
public struct WrapArrayCodec<Element: WrapValueCodec>: WrapValueCodec {
    /// The codec of each element.
    public let element: Element

    /// An array of `element`'s values.
    /// - Parameter element: The codec of each element.
    public init(_ element: Element) { self.element = element }

    /// `"array"`.
    public var expectedDescription: String { "array" }

    /// The converted elements; nil when the data is not an array.
    /// - Parameters:
    ///   - stored: The value in the data; never absent or `null`.
    ///   - context: Where the value is, and where to report a problem with it.
    public func decode(_ stored: WrapStoredValue, context: WrapDecodingContext) -> [Element.Value]? {
        guard let elements = stored.raw.elements else { return nil }
        var values: [Element.Value] = []
        values.reserveCapacity(elements.count)
        var dropped = 0
        for (index, item) in elements.enumerated() {
            let itemContext = context.descending(to: "\(context.keyPath)[\(index)]")
            if !item.isNull, let value = element.decode(WrapStoredValue(item), context: itemContext) {
                values.append(value)
            } else {
                dropped += 1
            }
        }
        if dropped > 0 { context.report(.droppedElements(count: dropped)) }
        return values
    }

    /// Each element's data form (elements without one are left out).
    /// - Parameters:
    ///   - values: The property's values.
    ///   - context: How the output is being written.
    public func encode(_ values: [Element.Value], context: WrapEncodingContext) -> Any? {
        // 1.3.7 writes a Float array as `[Float]` (code casts it back `as? [Float]`), and the JSON
        // writer prints each Float in its own shortest form (7.7, not 7.699999809265137).
        if Element.Value.self == Float.self { return values }
        return values.compactMap { element.encode($0, context: context) }
    }
}

extension WrapArrayCodec: ModelHoldingCodec where Element: ModelHoldingCodec {
    var modelClass: WrapModel.Type { element.modelClass }

    func adopt(_ value: [Element.Value], into parent: WrapModel) -> [Element.Value] {
        value.map { element.adopt($0, into: parent) }
    }

    func containsMutations(_ value: [Element.Value]) -> Bool { value.contains(where: element.containsMutations) }

    func forEachModel(in value: [Element.Value], _ body: (WrapModel) -> Void) {
        for item in value { element.forEachModel(in: item, body) }
    }

    func writeJSON(_ values: [Element.Value], into writer: inout JSONWriter, context: WrapEncodingContext,
                   depth: Int) throws(JSONWriter.InvalidValue) -> Bool {
        try writer.writeElements(count: values.count, depth: depth) { (index, writer) throws(JSONWriter.InvalidValue) in
            try element.writeJSON(values[index], into: &writer, context: context, depth: depth &+ 1)
        }
        return true
    }
}
