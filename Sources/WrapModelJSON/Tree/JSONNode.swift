/// A lightweight handle to one value inside a `JSONDocument` (the document plus a tape index).
///
/// Copying a node is cheap (one retain). Accessors decode on demand; `member(_:)` compares the key's
/// UTF-8 bytes with the raw bytes in the document, so looking up a field allocates nothing.
///
/// Public, with package members, only so that the model library's reads can inline what is
/// `@inlinable` here (members of a package type are not inlined across modules); the target is
/// no product, so nothing outside this package sees it.
public struct JSONNode: Sendable {
    @usableFromInline package let document: JSONDocument
    /// Tape word index of this value's entry.
    @usableFromInline package let index: Int

    /// The value whose entry is tape word `index` of `document`.
    @inlinable @inline(__always)
    package init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    @inlinable @inline(__always)
    package var kind: JSONKind {
        document.withView { view in
            switch view.tag(index) {
            case JSONTapeLayout.object: return .object
            case JSONTapeLayout.array: return .array
            case JSONTapeLayout.string: return .string
            case JSONTapeLayout.number: return .number
            case JSONTapeLayout.trueValue, JSONTapeLayout.falseValue: return .bool
            default: return .null
            }
        }
    }

    /// The value of `key` in this object (nil if absent or not an object). With duplicate keys the
    /// last one wins, matching what materializing into a dictionary produces.
    package func member(_ key: String) -> JSONNode? {
        let found: Int? = document.withView { view in
            guard view.tag(index) == JSONTapeLayout.object else { return nil }
            if let hit = key.utf8.withContiguousStorageIfAvailable({ view.member(index, $0) }) {
                return hit
            }
            // Non-contiguous (bridged) strings are rare; copying them is acceptable.
            let copy = Array(key.utf8)
            return copy.withUnsafeBufferPointer { view.member(index, $0) }
        }
        return found.map { JSONNode(document: document, index: $0) }
    }

    /// An object's members in document order, each key once: a repeated key keeps the place where
    /// it first appears and the value it has last, the value models read. Empty for other kinds.
    package var members: [(key: String, value: JSONNode)] {
        var result: [(key: String, value: JSONNode)] = []
        var places: [String: Int] = [:]
        forEachMember { key, value in
            if let place = places[key] {
                result[place].value = value
            } else {
                places[key] = result.count
                result.append((key, value))
            }
        }
        return result
    }

    /// Calls `body` with each key (decoded) and value, in document order (duplicates included).
    package func forEachMember(_ body: (String, JSONNode) throws -> Void) rethrows {
        let stop = document.withView { view in view.tag(index) == JSONTapeLayout.object ? view.closeIndex(index) : 0 }
        var j = index &+ 2 // the first key (see `JSONTapeView.firstChild`)
        while j < stop {
            let (key, valueIndex, following) = document.withView { view in
                (view.string(j), j &+ 1, view.next(j &+ 1))
            }
            try body(key, JSONNode(document: document, index: valueIndex))
            j = following
        }
    }

    /// Number of members (objects) or elements (arrays); 0 for scalars.
    var count: Int { document.withView { $0.count(index) } }

    /// Calls `body` with each element of this array, in order (nothing for non-arrays).
    func forEachElement(_ body: (JSONNode) throws -> Void) rethrows {
        let stop = document.withView { view in view.tag(index) == JSONTapeLayout.array ? view.closeIndex(index) : 0 }
        var j = index &+ 2 // the first element (see `JSONTapeView.firstChild`)
        while j < stop {
            try body(JSONNode(document: document, index: j))
            j = document.withView { $0.next(j) }
        }
    }

    /// The elements of this array (empty for non-arrays).
    package var elements: [JSONNode] {
        var result: [JSONNode] = []
        result.reserveCapacity(count)
        forEachElement { result.append($0) }
        return result
    }

    /// Decoded text; only for `.string`.
    package var stringValue: String? {
        document.withView { view in view.tag(index) == JSONTapeLayout.string ? view.string(index) : nil }
    }

    /// Only for integral number literals (no fraction or exponent) that fit in `Int`; `-0` gives 0.
    @inlinable
    package var intValue: Int? {
        document.withView { view in
            guard view.tag(index) == JSONTapeLayout.number, view.flag(index) else { return nil }
            return JSONScalarDecoder.int(view.bytes, view.start(index), view.end(index))
        }
    }

    /// Any number, correctly rounded (nil for other kinds).
    package var doubleValue: Double? {
        document.withView { view in
            guard view.tag(index) == JSONTapeLayout.number else { return nil }
            return JSONScalarDecoder.double(view.bytes, view.start(index), view.end(index))
        }
    }

    /// A `true` or `false` literal (nil for other kinds).
    package var boolValue: Bool? {
        document.withView { view in
            switch view.tag(index) {
            case JSONTapeLayout.trueValue: return true
            case JSONTapeLayout.falseValue: return false
            default: return nil
            }
        }
    }

    @inlinable @inline(__always)
    package var isNull: Bool { document.withView { $0.tag(index) == JSONTapeLayout.null } }

    /// Native Swift values: `[String: Any]`, `[Any]`, `String`, `Int` (integral literal that fits) or
    /// `Double` (anything else, and `-0`), `Bool`, `NSNull`.
    package func materialize() -> Any { document.withView { $0.materialize(index) } }

    /// A number's text exactly as written (`0.10`, `1e3`); nil for other kinds.
    package var numberText: String? {
        guard kind == .number else { return nil }
        return String(decoding: document.data[byteRange], as: UTF8.self)
    }

    /// Where this value sits in the input bytes (containers include their brackets, strings their quotes).
    package var byteRange: Range<Int> { document.withView { $0.start(index)..<$0.end(index) } }
}

extension JSONDocument {
    /// The document's top-level value (declared here, above the reader, which knows nothing of nodes).
    package var root: JSONNode { JSONNode(document: self, index: 0) }
}
