import WrapModelJSON

extension WrapModel {
    /// How far the object this model reads has arrived: ``WrapArrival/pending`` before the root
    /// object of a ``WrapPartialDocument`` starts, ``WrapArrival/arriving`` until its closing
    /// brace, then ``WrapArrival/complete``, which every model of a whole document is.
    ///
    /// With Observation, reading it registers it: its readers hear when it changes, and only then.
    public var arrival: WrapArrival {
        let slots = self.slots
        return PartialLookup.read(slots, key: PartialKeys.modelArrival(slots), { $0.description }) { PartialLookup.modelArrival(slots) }
    }
}

extension WrapPropertyBase {
    /// How far the property's value has arrived, in a model over a ``WrapPartialDocument``:
    /// ``WrapArrival/pending`` while the object that would hold it is arriving without it yet,
    /// ``WrapArrival/arriving`` once it has started, ``WrapArrival/complete`` once it is whole (or
    /// written), ``WrapArrival/absent`` when that object is complete without it. A property of a
    /// model made from a whole document is complete or absent.
    ///
    /// ```swift
    /// switch recipe.$title.arrival {
    /// case .pending, .arriving: ProgressView()
    /// case .complete: Text(recipe.title)
    /// case .absent: Text("Untitled")
    /// }
    /// ```
    /// With Observation, reading it registers it: its readers hear when it changes, and only then.
    public var arrival: WrapArrival {
        guard let slots else { return .absent }
        let ordinal = Int(index)
        return PartialLookup.read(slots, key: PartialKeys.arrival(ordinal, slots), { $0.description }) { PartialLookup.arrival(slots, ordinal) }
    }
}

extension WrapProperty where T == String {
    /// The text received so far: the whole string once it is complete, while it arrives the part
    /// received (never half an escape sequence or half a UTF-8 character), nil before it starts,
    /// when it is absent or when it is not a string. The property itself reads its default until
    /// the string is complete.
    ///
    /// With Observation, reading it registers it: its readers hear of every piece that adds to it.
    public var receivedText: String? { PartialLookup.receivedText(self) { $0 } }
}

extension WrapProperty where T == String? {
    /// The text received so far, as for a `String` property: the whole string once it is
    /// complete, while it arrives the part received (never half an escape sequence or half a
    /// UTF-8 character), nil before it starts, when it is absent or null, or when it is not a
    /// string.
    public var receivedText: String? { PartialLookup.receivedText(self) { $0 } }
}

/// Where a declaration's value stands in a document still arriving (the tree's read lock held).
enum PartialLookup {
    /// Where a key path leads.
    enum Place {
        /// To the value at this tape index.
        case found(Int)
        /// To the member on its way into an open object.
        case unfinished(JSONGrowingTape.UnfinishedMember)
        /// To an open object that does not hold it yet.
        case pending
        /// Nowhere, for good.
        case absent
    }

    /// `value()` read under the tree's read lock; when the model observes reads, the read of
    /// `key` is registered with Observation and, while the document arrives, what it read
    /// (`reading`) is recorded with the document's observers, under the same lock as the read.
    static func read<V>(_ slots: ModelSlots, key: Int, _ reading: (V) -> String, _ value: () -> V) -> V {
        guard slots.observesReads else { return slots.withReadAccess(value) }
        slots.registerKeyRead(key)
        return slots.withReadAccess {
            let read = value()
            if let observers = slots.storage.jsonObject?.document.growing?.observers as? PartialObservers {
                observers.record(slots, key, reading(read))
            }
            return read
        }
    }

    /// What `receivedText` reads at `ordinal`, converted afresh (the lock held).
    static func textReading(_ slots: ModelSlots, _ ordinal: Int) -> String? {
        // A written value does not change with the document.
        if CacheBox.isMutation(slots.slot(ordinal).pointee.load(ordering: .acquiring)) { return "\u{1}" }
        switch place(of: slots.descriptor(ordinal), in: slots) {
        case .found:
            return slots.descriptor(ordinal).storedValueAsRead(slots).flatMap { OptionalFlattening.flattened($0) as? String }
        case .unfinished(let member):
            guard let value = member.value, value.isString, let growth = slots.storage.jsonObject?.document.growing else { return nil }
            return growth.string(from: value.start, to: value.prefixEnd &+ 1, escaped: value.isEscaped)
        case .pending, .absent:
            return nil
        }
    }

    static func modelArrival(_ slots: ModelSlots) -> WrapArrival {
        guard let node = slots.storage.jsonObject, let growth = node.document.growing else { return .complete }
        if growth.count == 0 { return .pending }
        return growth.isOpen(node.index) ? .arriving : .complete
    }

    static func arrival(_ slots: ModelSlots, _ ordinal: Int) -> WrapArrival {
        if CacheBox.isMutation(slots.slot(ordinal).pointee.load(ordering: .acquiring)) { return .complete }
        switch place(of: slots.descriptor(ordinal), in: slots) {
        case .found(let index):
            guard let growth = slots.storage.jsonObject?.document.growing else { return .complete }
            return growth.isOpen(index) ? .arriving : .complete
        case .unfinished: return .arriving
        case .pending: return .pending
        case .absent: return .absent
        }
    }

    /// What `receivedText` reads for `property`; `text` turns its value into the text.
    static func receivedText<T>(_ property: WrapProperty<T>, _ text: (T) -> String?) -> String? {
        guard let slots = property.slots else { return nil }
        let ordinal = Int(property.index)
        if slots.observesReads {
            _ = read(slots, key: PartialKeys.text(ordinal, slots), { $0 ?? "\u{0}" }) { textReading(slots, ordinal) }
        }
        let answer: ReceivedText = slots.withReadAccess {
            if CacheBox.isMutation(slots.slot(ordinal).pointee.load(ordering: .acquiring)) { return .value }
            switch place(of: slots.descriptor(ordinal), in: slots) {
            case .found(let index):
                let descriptor = slots.descriptor(ordinal)
                let isString: Bool
                if index >= 0, let document = slots.storage.jsonObject?.document {
                    isString = JSONNode(document: document, index: index).kind == .string
                } else {
                    isString = descriptor.storedValue(in: slots.storage).map { WrapStoredValue($0).string != nil } ?? false
                }
                return isString ? .value : .none
            case .unfinished(let member):
                guard let value = member.value, value.isString, let growth = slots.storage.jsonObject?.document.growing else { return .none }
                return .text(growth.string(from: value.start, to: value.prefixEnd &+ 1, escaped: value.isEscaped))
            case .pending, .absent: return .none
            }
        }
        switch answer {
        case .value: return text(property.value)
        case .text(let received): return received
        case .none: return nil
        }
    }

    /// Where `descriptor`'s value is in `slots`' data: the first of its key paths that leads to a
    /// value, else to the unfinished member, else to an open object.
    static func place(of descriptor: PropertyDescriptor, in slots: ModelSlots) -> Place {
        let storage = slots.storage
        let paths = [descriptor.path] + descriptor.alternatives
        guard let node = storage.jsonObject, let growth = node.document.growing else {
            // A whole document, or a dictionary: there or not.
            return descriptor.storedValue(in: storage) == nil ? .absent : .found(-1)
        }
        if growth.count == 0 { return .pending }
        var fallback = Place.absent
        for path in paths {
            let place = place(of: path, from: node, growth)
            switch place {
            case .found(let index):
                if path == descriptor.path && paths.count == 1 { return place }
                if !JSONNode(document: node.document, index: index).isNull { return place }
                if case .absent = fallback { fallback = place }
            case .unfinished:
                if case .found = fallback {} else { fallback = place }
            case .pending:
                if case .absent = fallback { fallback = place }
            case .absent:
                break
            }
        }
        return fallback
    }

    private static func place(of path: KeyPathComponents, from object: JSONNode, _ growth: JSONGrowingTape) -> Place {
        if path.isRoot { return .found(object.index) }
        let components = path.components
        var container = object
        for (position, component) in components.enumerated() {
            guard container.kind == .object else { return .absent }
            if let found = container.member(component) {
                if position == components.count - 1 { return .found(found.index) }
                container = found
                continue
            }
            guard growth.isOpen(container.index) else { return .absent }
            if position == components.count - 1, let member = growth.unfinishedMember, member.container == container.index,
               member.keyStart >= 0, named(member, component, in: object.document) {
                return .unfinished(member)
            }
            return .pending
        }
        return .absent
    }

    private static func named(_ member: JSONGrowingTape.UnfinishedMember, _ key: String, in document: JSONDocument) -> Bool {
        var key = key
        return key.withUTF8 { utf8 in
            document.withView { view in
                JSONScalarDecoder.stringEquals(view.bytes, member.keyStart, member.keyEnd, escaped: member.keyEscaped, utf8)
            }
        }
    }
}

/// What `receivedText` shows: the property's value, the text so far, or nothing.
private enum ReceivedText {
    case value
    case text(String)
    case none
}
