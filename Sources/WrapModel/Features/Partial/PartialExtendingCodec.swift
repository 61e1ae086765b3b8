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
        guard !added.isEmpty else { return .unchanged }
        values.append(contentsOf: added)
        return .changed
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
    /// The models of an array still arriving: those of complete elements are kept, the one of the
    /// element that was open is brought up to the piece, and each element the piece added (or, with
    /// an embed path, an open element whose embedded object has now started) gets its model.
    func extend(_ models: inout [M], array: JSONNode, level: Int, walk: PartialWalk, context: WrapDecodingContext) -> PartialExtension {
        var added: [M] = []
        let document = array.document
        /// The model for `element`, whose object (the element, or the object at the embed path) is there.
        func make(_ element: JSONNode) {
            let objectValue = embedPath.map { WrapStoredValue.Raw.json(element).lookup($0) } ?? .json(element)
            guard let storage = objectValue?.objectStorage else { return }
            let index = walk.elementCount(before: element, in: array)
            var path = "\(context.keyPath)[\(index)]"
            if let embedPath { path += "." + embedPath.components.joined(separator: ".") }
            added.append(Submodels.make(M.self, storage: storage, context: context, keyPath: path))
        }
        let extended = PartialElements.walk(array, level: level, walk, visitOpen: { element, _ in
            // Its model, when it has one, is the last; it reads an object inside the element.
            let (start, close) = document.withView { view in (element.index, view.closeIndex(element.index)) }
            if let model = models.last, let object = model.storage.jsonObject?.index, object >= start, object <= close {
                if let objectLevel = walk.previousLevel(of: object) { walk.visit(model, level: objectLevel) }
                return true
            }
            // None yet (an embedded object had not started, or the element is not an object).
            make(element)
            return true
        }, add: make)
        guard extended else { return .reconvert }
        guard !added.isEmpty else { return .unchanged }
        models.append(contentsOf: added)
        return .changed
    }
}

extension ModelDictionaryCodec: PartialExtendingCodec {
    /// The models of an object still arriving, by key: the model of the member that was open is
    /// brought up to the piece, and each member the piece added gets one (a later duplicate key
    /// replaces the model, as a whole conversion keeps the last).
    func extend(_ models: inout [String: M], array object: JSONNode, level: Int, walk: PartialWalk,
                context: WrapDecodingContext) -> PartialExtension {
        var changed = false
        PartialMembers.walk(object, level: level, walk, visitOpen: { key, value, valueLevel in
            if let model = models[key], model.storage.jsonObject?.index == value.index {
                walk.visit(model, level: valueLevel)
            } else if let storage = WrapStoredValue.Raw.json(value).objectStorage {
                models[key] = Submodels.make(M.self, storage: storage, context: context, keyPath: "\(context.keyPath).\(key)")
                changed = true
            }
        }, add: { key, value in
            if value.isNull { return }
            if let storage = WrapStoredValue.Raw.json(value).objectStorage {
                models[key] = Submodels.make(M.self, storage: storage, context: context, keyPath: "\(context.keyPath).\(key)")
                changed = true
            } else if models.removeValue(forKey: key) != nil {
                changed = true
            }
        })
        return changed ? .changed : .unchanged
    }
}

/// The members an object gained in the piece `walk` refreshes, and the one that was open.
enum PartialMembers {
    /// Calls `visitOpen` with the member whose value was open before the piece (its key, value
    /// and the value's level among the containers open then), and `add` with each member the
    /// piece added, in order.
    static func walk(_ object: JSONNode, level: Int, _ walk: PartialWalk, visitOpen: (String, JSONNode, Int) -> Void,
                     add: (String, JSONNode) -> Void) {
        let frame = walk.previous[level]
        let document = object.document
        let (first, stop): (Int, Int) = document.withView { view in
            (frame.lastChild >= 0 ? frame.lastChild : view.firstChild(object.index), view.closeIndex(object.index))
        }
        var j = first
        if frame.lastChild >= 0 {
            if level + 1 < walk.previous.count && walk.previous[level + 1].header == frame.lastChild &+ 1,
               let key = JSONNode(document: document, index: frame.lastChild).stringValue {
                visitOpen(key, JSONNode(document: document, index: frame.lastChild &+ 1), level + 1)
            }
            j = document.withView { $0.next(frame.lastChild &+ 1) }
        }
        while j < stop {
            if let key = JSONNode(document: document, index: j).stringValue { add(key, JSONNode(document: document, index: j &+ 1)) }
            j = document.withView { $0.next(j &+ 1) }
        }
    }
}
