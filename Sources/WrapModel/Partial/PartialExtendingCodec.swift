import WrapModelJSON

/// What extending an array's value with a piece did.
enum PartialExtension {
    /// Nothing a read shows changed.
    case unchanged
    /// Elements were added.
    case changed
    /// The value cannot be extended (the element that was open is not a model): convert it again.
    /// The value was left as it was.
    case reconvert
}

/// Codecs of arrays, whose values grow with their array while it arrives: a piece adds the
/// elements it completed or opened, converted one by one, and the element that was open before
/// (a model) is brought up to the piece where it is. Elements already converted are kept, so a
/// view showing them keeps their models.
protocol PartialExtendingCodec<Value>: WrapValueCodec {
    /// Extends `value`, converted from `array` when that array was open at `level` of `walk`'s
    /// containers open before the piece (the document's lock held for writing).
    func extend(_ value: inout Value, array: JSONNode, level: Int, walk: PartialWalk, context: WrapDecodingContext) -> PartialExtension
}

/// The elements an array gained in the piece `walk` refreshes, and what became of the one that
/// was open: calls `visitOpen` with it (nil: none was open) and `add` with each later one.
enum PartialElements {
    /// Returns false when the element that was open cannot be brought up to the piece in place.
    static func walk(_ array: JSONNode, level: Int, _ walk: PartialWalk, visitOpen: (JSONNode, Int) -> Bool,
                     add: (JSONNode) -> Void) -> Bool {
        let frame = walk.previous[level]
        let document = array.document
        let (first, stop): (Int, Int) = document.withView { view in
            (frame.lastChild >= 0 ? frame.lastChild : view.firstChild(array.index), view.closeIndex(array.index))
        }
        var j = first
        if frame.lastChild >= 0 {
            // The last element before the piece: complete then (kept as converted) or open.
            if level + 1 < walk.previous.count && walk.previous[level + 1].header == frame.lastChild {
                guard visitOpen(JSONNode(document: document, index: frame.lastChild), level + 1) else { return false }
            }
            j = document.withView { $0.next(frame.lastChild) }
        }
        while j < stop {
            add(JSONNode(document: document, index: j))
            j = document.withView { $0.next(j) }
        }
        return true
    }
}

extension WrapArrayCodec: PartialExtendingCodec {
    func extend(_ values: inout [Element.Value], array: JSONNode, level: Int, walk: PartialWalk,
                context: WrapDecodingContext) -> PartialExtension {
        let before = values.count
        // Elements are added only after the open one checked out, so `.reconvert` leaves `values` alone.
        var added: [Element.Value] = []
        let extended = PartialElements.walk(array, level: level, walk, visitOpen: { node, childLevel in
            // A model over the open element (the last one converted) is brought up in place; an
            // open array element of a model array was left out and still is; anything else is
            // converted again.
            if let model = values.last.flatMap({ $0 as? WrapModel }), model.storage.jsonObject?.index == node.index {
                walk.visit(model, level: childLevel)
                return true
            }
            return Element.self is any ModelHoldingCodec.Type && node.kind == .array
        }, add: { node in
            if !node.isNull, let value = element.decode(WrapStoredValue(.json(node)), context: context) { added.append(value) }
        })
        guard extended else { return .reconvert }
        values.append(contentsOf: added)
        return values.count == before ? .unchanged : .changed
    }
}

extension WrapOptionalCodec: PartialExtendingCodec where Wrapped: PartialExtendingCodec {
    func extend(_ value: inout Wrapped.Value?, array: JSONNode, level: Int, walk: PartialWalk,
                context: WrapDecodingContext) -> PartialExtension {
        guard var wrapped = value else { return .reconvert }
        value = nil   // the array alone holds its elements, so adding to it does not copy them
        let result = self.wrapped.extend(&wrapped, array: array, level: level, walk: walk, context: context)
        value = wrapped
        return result
    }
}

extension ModelArrayCodec: PartialExtendingCodec {
    func extend(_ models: inout [M], array: JSONNode, level: Int, walk: PartialWalk, context: WrapDecodingContext) -> PartialExtension {
        guard embedPath == nil else { return .reconvert }
        let before = models.count
        var added: [M] = []
        let extended = PartialElements.walk(array, level: level, walk, visitOpen: { node, childLevel in
            if let model = models.last, model.storage.jsonObject?.index == node.index {
                walk.visit(model, level: childLevel)
                return true
            }
            return node.kind == .array
        }, add: { node in
            if let storage = WrapStoredValue.Raw.json(node).objectStorage {
                added.append(Submodels.make(M.self, storage: storage, context: context, keyPath: ""))
            }
        })
        guard extended else { return .reconvert }
        models.append(contentsOf: added)
        return models.count == before ? .unchanged : .changed
    }
}
