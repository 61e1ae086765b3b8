import Foundation
internal import WrapModelJSONIndex

/// Builds the tape of a document that arrives in pieces (see `JSONTapeLayout`): each piece
/// extends what was built, and the document it belongs to can be read between pieces.
///
/// Why a builder of its own: `JSONTapeBuilder` keeps its whole state in locals of one loop, which
/// is what makes it fast; a builder that can stop anywhere and go on later keeps its state in
/// fields (what it expects next, the open containers, the unfinished token), and would slow that
/// loop down. The two produce the same words: a finished document's tape is word for word the
/// one `JSONTapeBuilder` builds from the same bytes, and a malformed byte is reported with the
/// same reason and offset, as soon as it arrives (a wrong continuation byte or hexadecimal digit
/// does not wait for the rest of its sequence).
///
/// Nothing received is scanned twice except an unfinished number or literal at the end of a
/// piece (a few bytes): a string stops at the end of its last complete character or escape and
/// goes on from there. `scannedBytes` counts the bytes looked at, for the tests that show it.
///
/// What readers see between pieces (the *closed view*, published to the document after each
/// piece): the committed entries, then one close entry for every open container, innermost first,
/// with the open containers' extent words pointing past them, so every reader of a tape works on
/// it unchanged. A member is committed with its value (a key's entry is written when its scalar
/// is complete or its container opens), so the view never holds a key without a value; the
/// unfinished member or element is not in it. The provisional closes take offsets from the
/// start of that unfinished token upwards: between the last committed scalar and them there is
/// only what may follow a scalar (whitespace, a comma or a colon), so `JSONTapeView.scalarEnd`
/// finds its end as in any tape. Before the root value has started the view is an empty object.
///
/// The bytes live in one buffer that grows by an eighth (amortised: offsets index it, so moving
/// it changes nothing on the tape); the tape grows by a quarter. When the document is finished both
/// are cut to size and the document is then what `JSONDocument(data:)` makes of the same bytes.
///
/// Documents are limited to 256 MiB (offsets stay in the tape word's first page). Not thread-safe:
/// the model library appends and reads under one lock.
package final class JSONGrowingTape {
    /// What the scanner expects next.
    enum Phase: UInt8 {
        /// The root value (after leading whitespace).
        case root
        /// A value: after `[`'s first element, a `,` in an array, or a `:`.
        case value
        /// A value or `]`, right after `[`.
        case firstValue
        /// A key or `}`, right after `{`.
        case firstKey
        /// A key, after a `,` in an object.
        case key
        /// The `:` after a key.
        case colon
        /// A `,` or the container's closing bracket, after a value.
        case afterValue
        /// Nothing but whitespace: the root value is complete.
        case done
    }

    /// What the unfinished token is.
    enum TokenKind: UInt8 {
        case string
        case key
        case number
        case literal
    }

    /// An open container.
    package struct Frame: Equatable {
        /// The tape index of its open entry.
        package var header: Int
        package var isObject: Bool
        /// The tape index of its last member's key or last element; -1 when it has none yet.
        package var lastChild: Int
    }

    /// The largest document (offsets must stay in the first 256 MiB page; the provisional closes
    /// take a few more).
    package static let maxBytes = (1 << JSONTapeLayout.pageShift) - 1024

    private unowned(unsafe) let document: JSONDocument
    /// What the model library keeps with the document while it grows: the lock every reader of
    /// it takes.
    @exclusivity(unchecked) package var owner: AnyObject?
    /// What the model library keeps about observers of the document's models while it grows.
    @exclusivity(unchecked) package var observers: AnyObject?
    private let maxDepth: Int

    @exclusivity(unchecked) private var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var byteCapacity: Int
    /// The bytes received.
    @exclusivity(unchecked) package private(set) var byteCount = 0

    @exclusivity(unchecked) private var tape: UnsafeMutablePointer<JSONTapeLayout.Word>
    @exclusivity(unchecked) private var tapeCapacity: Int
    /// Committed tape words.
    @exclusivity(unchecked) package private(set) var count = 0

    /// The open containers, outermost first.
    @exclusivity(unchecked) package private(set) var stack: [Frame] = []
    @exclusivity(unchecked) private var phase = Phase.root
    /// Where scanning goes on.
    @exclusivity(unchecked) private var position = 0

    /// The unfinished token: its first byte (-1: none), kind, where its scan goes on (strings: the
    /// end of their last complete character or escape) and whether it holds an escape so far.
    @exclusivity(unchecked) private var tokenStart = -1
    @exclusivity(unchecked) private var tokenKind = TokenKind.string
    @exclusivity(unchecked) private var tokenResume = 0
    @exclusivity(unchecked) private var tokenEscaped = false

    /// A complete key whose value is not committed yet: its first byte (-1: none), its end (past
    /// the closing quote) and whether it holds an escape.
    @exclusivity(unchecked) private var keyStart = -1
    @exclusivity(unchecked) private var keyEnd = 0
    @exclusivity(unchecked) private var keyEscaped = false

    @exclusivity(unchecked) private var isCompact = true
    @exclusivity(unchecked) private var deepest = 0

    /// Bytes looked at by the scanner since the document started.
    @exclusivity(unchecked) package private(set) var scannedBytes = 0
    /// The error that stopped the document: every later append throws it again.
    @exclusivity(unchecked) package private(set) var failure: JSONParseError?
    /// Whether `finish` completed the document.
    @exclusivity(unchecked) package private(set) var isFinished = false

    // What the last append changed (read by the model library under the same lock).

    /// `count` before the last append: entries at this index and beyond are new.
    @exclusivity(unchecked) package private(set) var firstNew = 0
    /// The open containers before the last append.
    @exclusivity(unchecked) package private(set) var previousStack: [Frame] = []
    /// The unfinished token's start and the end of its complete prefix before the last append.
    @exclusivity(unchecked) package private(set) var previousUnfinished: (start: Int, prefixEnd: Int) = (-1, -1)

    /// A builder for `document`, which owns it (see `JSONDocument.init(growingWithMaxDepth:)`), with
    /// an empty byte buffer and a tape holding the empty object of a root that has not arrived.
    init(document: JSONDocument, maxDepth: Int, tape: UnsafeMutablePointer<JSONTapeLayout.Word>, tapeCapacity: Int,
         bytes: UnsafeMutablePointer<UInt8>, byteCapacity: Int) {
        self.document = document
        self.maxDepth = maxDepth
        self.tape = tape
        self.tapeCapacity = tapeCapacity
        self.bytes = bytes
        self.byteCapacity = byteCapacity
        stack.reserveCapacity(16)
        previousStack.reserveCapacity(16)
    }

    deinit {
        free(bytes)
    }

    /// Words of the view before anything was committed: an empty object at offset 0.
    static func writeEmptyRoot(_ tape: UnsafeMutablePointer<JSONTapeLayout.Word>) {
        tape[0] = JSONTapeLayout.object << JSONTapeLayout.tagShift
        tape[1] = 3
        tape[2] = JSONTapeLayout.close << JSONTapeLayout.tagShift
    }

    // MARK: - Appending

    /// Appends `chunk`, scans it and publishes the new view to the document.
    /// - Throws: the first problem, with its offset (after publishing what came before it).
    package func append(_ chunk: UnsafeRawBufferPointer) throws(JSONParseError) {
        if let failure { throw failure }
        guard !isFinished else { throw JSONParseError(reason: "data after the end of the document", offset: byteCount) }
        firstNew = count
        previousStack.removeAll(keepingCapacity: true)
        previousStack.append(contentsOf: stack)
        previousUnfinished = unfinishedToken
        guard chunk.count > 0 else { return }
        guard chunk.count <= Self.maxBytes - byteCount else {
            try fail(JSONParseError(reason: "document too large", offset: byteCount))
        }
        reserveBytes(byteCount + chunk.count)
        (bytes + byteCount).update(from: chunk.baseAddress!.assumingMemoryBound(to: UInt8.self), count: chunk.count)
        byteCount += chunk.count
        do {
            try scan(final: false)
        } catch {
            try fail(error)
        }
        publish()
    }

    /// Ends the document: a number at the very end completes (a bare top-level number), anything
    /// else unfinished is an error. Then the buffers are cut to size and handed to the document.
    /// - Throws: `unexpected end of input` at the end of the bytes when the document is not complete.
    package func finish() throws(JSONParseError) {
        if let failure { throw failure }
        if isFinished { return }
        firstNew = count
        previousStack.removeAll(keepingCapacity: true)
        previousStack.append(contentsOf: stack)
        previousUnfinished = unfinishedToken
        if phase == .root && tokenStart >= 0 && tokenKind == .number {
            do { try scan(final: true) } catch { try fail(error) }
        }
        guard phase == .done else { throw JSONParseError.endOfInput(at: byteCount) }
        isFinished = true
        if count < tapeCapacity, let smaller = realloc(tape, max(count, 1) &* MemoryLayout<JSONTapeLayout.Word>.stride) {
            tape = smaller.bindMemory(to: JSONTapeLayout.Word.self, capacity: max(count, 1))
            tapeCapacity = max(count, 1)
        }
        if byteCount < byteCapacity, let smaller = realloc(bytes, byteCount) {
            bytes = smaller.bindMemory(to: UInt8.self, capacity: byteCount)
            byteCapacity = byteCount
        }
        document.finishGrowing(tape: tape, count: count, bytes: bytes, byteCount: byteCount,
                               compactNesting: isCompact ? deepest : -1)
    }

    /// Records `error` as the document's end, publishes what was committed before it, and throws it.
    private func fail(_ error: JSONParseError) throws(JSONParseError) -> Never {
        failure = error
        publish()
        throw error
    }

    /// Makes room for `needed` bytes (and the slack the 16-byte scans may look at).
    @inline(__always)
    private func reserveBytes(_ needed: Int) {
        guard needed > byteCapacity else { return }
        let grown = max(needed, byteCapacity + byteCapacity / 8 + 64)
        guard let moved = realloc(bytes, grown) else { fatalError("out of memory for a JSON document of \(grown) bytes") }
        bytes = moved.bindMemory(to: UInt8.self, capacity: grown)
        byteCapacity = grown
        document.data = Data(bytesNoCopy: bytes, count: byteCapacity, deallocator: .none)
    }

    /// Makes room on the tape for `extra` more words, the provisional closes and two spare words.
    @inline(__always)
    private func reserveTape(_ extra: Int) {
        let needed = count &+ extra &+ stack.count &+ 4
        guard needed > tapeCapacity else { return }
        let grown = max(needed, tapeCapacity + tapeCapacity / 4 + 64)
        guard let moved = realloc(tape, grown &* MemoryLayout<JSONTapeLayout.Word>.stride) else {
            fatalError("out of memory for a JSON tape of \(grown) words")
        }
        tape = moved.bindMemory(to: JSONTapeLayout.Word.self, capacity: grown)
        tapeCapacity = grown
    }

    // MARK: - The closed view

    /// What the last append changed, read in one call: read one by one from another module, each
    /// of these fields is checked for exclusive access (`@exclusivity(unchecked)` holds in this
    /// module only), which cost more than the rest of a small piece's walk.
    package struct Change {
        /// Entries at this tape index and beyond are new.
        package let firstNew: Int
        /// Committed tape words.
        package let count: Int
        /// The open containers before the append and after it, outermost first.
        package let previousStack: [Frame]
        package let stack: [Frame]
        /// Whether the unfinished token's start or complete prefix moved.
        package let unfinishedMoved: Bool
    }

    /// See ``Change``.
    package var lastChange: Change {
        Change(firstNew: firstNew, count: count, previousStack: previousStack, stack: stack,
               unfinishedMoved: unfinishedToken != previousUnfinished)
    }

    /// The start of the unfinished member (its key) or token, and the end of the token's complete
    /// prefix; (-1, -1) when nothing is unfinished.
    package var unfinishedToken: (start: Int, prefixEnd: Int) {
        if keyStart >= 0 { return (keyStart, tokenStart >= 0 ? tokenResume : keyEnd) }
        if tokenStart >= 0 { return (tokenStart, tokenResume) }
        return (-1, -1)
    }

    /// Writes the provisional closes after the committed entries and points the document at the view.
    private func publish() {
        reserveTape(0)
        let viewCount: Int
        if count == 0 {
            JSONGrowingTape.writeEmptyRoot(tape)
            viewCount = 3
        } else {
            let unfinished = unfinishedToken.start
            var offset = unfinished >= 0 ? unfinished : byteCount
            var index = count
            var level = stack.count
            while level > 0 {
                level -= 1
                tape[index] = JSONTapeLayout.close << JSONTapeLayout.tagShift | JSONTapeLayout.Word(truncatingIfNeeded: offset)
                index += 1
                tape[stack[level].header &+ 1] = JSONTapeLayout.Word(truncatingIfNeeded: index)
                offset += 1
            }
            viewCount = index
        }
        document.publishGrowth(tape: tape, tapeCount: viewCount, bytes: bytes, byteCount: byteCount)
    }

    /// Whether the container whose open entry is at `header` is open now.
    package func isOpen(_ header: Int) -> Bool { Self.level(of: header, in: stack) != nil }

    /// The level (0: the root) of the container at `header` among the containers open before the
    /// last append; nil when it was not open then.
    package func previousLevel(of header: Int) -> Int? { Self.level(of: header, in: previousStack) }

    /// Binary search: open entries rise with their level.
    private static func level(of header: Int, in frames: [Frame]) -> Int? {
        var low = 0
        var high = frames.count
        while low < high {
            let middle = (low + high) / 2
            let value = frames[middle].header
            if value == header { return middle }
            if value < header { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The member or element on its way into the innermost open container: its key (for an
    /// object's member: the offset of the opening quote, the end past the closing one, whether it
    /// is escaped), and the value's token if it has started. Nil when nothing is on its way.
    package var unfinishedMember: UnfinishedMember? {
        guard let container = stack.last?.header else { return nil }
        let value: UnfinishedMember.Value? = tokenStart >= 0 && tokenKind != .key
            ? .init(start: tokenStart, isString: tokenKind == .string, prefixEnd: tokenResume, isEscaped: tokenEscaped)
            : nil
        if keyStart >= 0 {
            return UnfinishedMember(container: container, keyStart: keyStart, keyEnd: keyEnd, keyEscaped: keyEscaped, value: value)
        }
        guard let value, stack.last?.isObject == false else { return nil }
        return UnfinishedMember(container: container, keyStart: -1, keyEnd: -1, keyEscaped: false, value: value)
    }

    /// The text of the string literal whose opening quote is at `start`, up to `end` (past the
    /// closing quote, or past the end of a prefix): the key or text of an unfinished member.
    package func string(from start: Int, to end: Int, escaped: Bool) -> String {
        JSONScalarDecoder.string(UnsafePointer(bytes), start, end, escaped: escaped)
    }

    /// See ``unfinishedMember``.
    package struct UnfinishedMember {
        package struct Value {
            /// The token's first byte (a string's opening quote).
            package let start: Int
            package let isString: Bool
            /// A string's complete prefix ends here (never inside an escape or a UTF-8 sequence).
            package let prefixEnd: Int
            package let isEscaped: Bool
        }
        /// The open entry of the container it goes into.
        package let container: Int
        /// -1 for an array's element.
        package let keyStart: Int
        package let keyEnd: Int
        package let keyEscaped: Bool
        package let value: Value?
    }

    // MARK: - Scanning

    @inline(__always)
    private static func head(_ tag: JSONTapeLayout.Word, flag: Bool = false) -> JSONTapeLayout.Word {
        tag << JSONTapeLayout.tagShift | (flag ? JSONTapeLayout.flagBit : 0)
    }

    @inline(__always)
    private func emit(_ head: JSONTapeLayout.Word, at offset: Int) {
        tape[count] = head | JSONTapeLayout.Word(truncatingIfNeeded: offset)
        count &+= 1
    }

    /// Commits a complete scalar at `start` (with its key, in an object).
    @inline(__always)
    private func commitScalar(_ head: JSONTapeLayout.Word, at start: Int) {
        reserveTape(2)
        let child = count
        if keyStart >= 0 {
            emit(Self.head(JSONTapeLayout.string, flag: keyEscaped), at: keyStart)
            keyStart = -1
        }
        emit(head, at: start)
        if stack.isEmpty {
            phase = .done
        } else {
            stack[stack.count &- 1].lastChild = child
            phase = .afterValue
        }
    }

    /// Opens the container whose bracket is at `i` (with its key, in an object).
    @inline(__always)
    private func open(_ isObject: Bool, at i: Int) throws(JSONParseError) {
        guard stack.count < maxDepth else { throw JSONParseError(reason: "nesting deeper than \(maxDepth)", offset: i) }
        reserveTape(4)
        let child = count
        if keyStart >= 0 {
            emit(Self.head(JSONTapeLayout.string, flag: keyEscaped), at: keyStart)
            keyStart = -1
        }
        if !stack.isEmpty { stack[stack.count &- 1].lastChild = child }
        let header = count
        emit(Self.head(isObject ? JSONTapeLayout.object : JSONTapeLayout.array), at: i)
        emit(0, at: 0) // where the container ends: filled in when it closes (or by the view)
        stack.append(Frame(header: header, isObject: isObject, lastChild: -1))
        if stack.count > deepest { deepest = stack.count }
        phase = isObject ? .firstKey : .firstValue
    }

    /// Closes the innermost container at the bracket at `i`.
    @inline(__always)
    private func close(at i: Int) {
        reserveTape(1)
        emit(Self.head(JSONTapeLayout.close), at: i)
        let frame = stack.removeLast()
        tape[frame.header &+ 1] = JSONTapeLayout.Word(truncatingIfNeeded: count)
        phase = stack.isEmpty ? .done : .afterValue
    }

    @inline(__always)
    private func skipWhitespace(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> Int {
        var i = start
        guard i < n, JSONTapeView.isWhitespace(p[i]) else { return i }
        isCompact = false
        i &+= 1
        guard i < n, JSONTapeView.isWhitespace(p[i]) else { return i }
        i = wrapmodel_skip_whitespace(p, i &+ 1, n)
        while i < n && JSONTapeView.isWhitespace(p[i]) { i &+= 1 }
        return i
    }

    /// Scans from `position` to the end of the bytes received. With `final`, the end of the bytes
    /// ends a number (the only token that needs the byte after it to be complete).
    private func scan(final: Bool) throws(JSONParseError) {
        let p = UnsafePointer(bytes)
        let n = byteCount
        var i = tokenStart >= 0 && (tokenKind == .number || tokenKind == .literal) ? tokenStart : position
        if tokenStart >= 0 && (tokenKind == .string || tokenKind == .key) { i = tokenResume }
        scannedBytes &+= n &- i
        defer { position = i }
        while true {
            if tokenStart >= 0 {
                // Go on with the unfinished token.
                let start = tokenStart
                switch tokenKind {
                case .string, .key:
                    guard let end = try continueString(p, n) else { i = n; return }
                    tokenStart = -1
                    if tokenKind == .key {
                        keyStart = start
                        keyEnd = end
                        keyEscaped = tokenEscaped
                        phase = .colon
                    } else {
                        commitScalar(Self.head(JSONTapeLayout.string, flag: tokenEscaped), at: start)
                    }
                    i = end
                case .number:
                    guard let (end, integral) = try scanNumber(p, start, n, final: final) else { i = n; return }
                    tokenStart = -1
                    commitScalar(Self.head(JSONTapeLayout.number, flag: integral), at: start)
                    i = end
                case .literal:
                    let c = p[start]
                    let (word, length, tag): (UInt64, Int, JSONTapeLayout.Word) = c == UInt8(ascii: "t")
                        ? (0x74_72_75_65, 4, JSONTapeLayout.trueValue)
                        : c == UInt8(ascii: "f") ? (0x66_61_6C_73_65, 5, JSONTapeLayout.falseValue) : (0x6E_75_6C_6C, 4, JSONTapeLayout.null)
                    guard try literalIsComplete(p, start, n, word, length) else { i = n; return }
                    tokenStart = -1
                    commitScalar(Self.head(tag), at: start)
                    i = start &+ length
                }
                continue
            }
            switch phase {
            case .root, .value, .firstValue:
                i = skipWhitespace(p, i, n)
                guard i < n else { return }
                let c = p[i]
                switch c {
                case UInt8(ascii: "\""):
                    startToken(.string, at: i)
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    startToken(.number, at: i)
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    startToken(.literal, at: i)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    try open(c == UInt8(ascii: "{"), at: i)
                    i &+= 1
                case UInt8(ascii: "]") where phase == .firstValue:
                    close(at: i)
                    i &+= 1
                default:
                    throw JSONParseError.unexpected(c, at: i)
                }
            case .firstKey, .key:
                i = skipWhitespace(p, i, n)
                guard i < n else { return }
                let c = p[i]
                if c == UInt8(ascii: "}") && phase == .firstKey {
                    close(at: i)
                    i &+= 1
                } else if c == UInt8(ascii: "\"") {
                    startToken(.key, at: i)
                } else {
                    throw JSONParseError.unexpected(c, at: i)
                }
            case .colon:
                // Compact input has the colon right after the key; anything else is whitespace first.
                if i < n && p[i] == UInt8(ascii: ":") {
                    i &+= 1
                    phase = .value
                    continue
                }
                i = skipWhitespace(p, i, n)
                guard i < n else { return }
                guard p[i] == UInt8(ascii: ":") else { throw JSONParseError.unexpected(p[i], at: i) }
                i &+= 1
                phase = .value
            case .afterValue:
                i = skipWhitespace(p, i, n)
                guard i < n else { return }
                let d = p[i]
                let inObject = stack[stack.count &- 1].isObject
                if d == UInt8(ascii: ",") {
                    i &+= 1
                    phase = inObject ? .key : .value
                } else if d == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    close(at: i)
                    i &+= 1
                } else {
                    throw JSONParseError.unexpected(d, at: i)
                }
            case .done:
                i = skipWhitespace(p, i, n)
                guard i < n else { return }
                throw JSONParseError.unexpected(p[i], at: i)
            }
        }
    }

    @inline(__always)
    private func startToken(_ kind: TokenKind, at i: Int) {
        tokenStart = i
        tokenKind = kind
        tokenResume = i &+ 1
        tokenEscaped = false
    }

    /// Whether the literal at `start` (packed big-endian in `expected`, `length` bytes) is
    /// complete; throws at its first wrong byte as soon as that byte has arrived.
    @inline(__always)
    private func literalIsComplete(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int, _ expected: UInt64, _ length: Int) throws(JSONParseError) -> Bool {
        var k = 1
        while k < length {
            guard start &+ k < n else { return false }
            let want = UInt8(truncatingIfNeeded: expected >> UInt64(8 * (length - 1 - k)))
            guard p[start &+ k] == want else { throw JSONParseError.unexpected(p[start &+ k], at: start &+ k) }
            k &+= 1
        }
        return true
    }

    // MARK: Strings

    /// Goes on with the string (or key) token from `tokenResume`; returns the index past its
    /// closing quote, or nil when it runs to the end of the bytes (then `tokenResume` is the end of
    /// its last complete character or escape).
    @inline(__always)
    private func continueString(_ p: UnsafePointer<UInt8>, _ n: Int) throws(JSONParseError) -> Int? {
        var j = tokenResume
        while true {
            j = wrapmodel_skip_plain_string_bytes(p, j, n)
            while j < n {
                let c = p[j]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
                j &+= 1
            }
            guard j < n else {
                tokenResume = j
                return nil
            }
            let c = p[j]
            if c == UInt8(ascii: "\"") { return j &+ 1 }
            let next: Int?
            if c == UInt8(ascii: "\\") {
                tokenEscaped = true
                next = try escapeEnd(p, j, n)
            } else if c < 0x20 {
                throw JSONParseError(reason: "unescaped control character in string", offset: j)
            } else {
                next = try utf8End(p, j, n)
            }
            guard let next else {
                tokenResume = j
                return nil
            }
            j = next
        }
    }

    /// The end of the escape at `j` (its backslash), nil when it is not all here yet. A byte that
    /// makes it invalid throws as soon as it arrives, with `JSONTapeBuilder`'s reason and offset.
    private func escapeEnd(_ p: UnsafePointer<UInt8>, _ j: Int, _ n: Int) throws(JSONParseError) -> Int? {
        guard j &+ 1 < n else { return nil }
        switch p[j &+ 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return j &+ 2
        case UInt8(ascii: "u"):
            guard let unit = try hex4(p, j &+ 2, n, escapeStart: j) else { return nil }
            if unit & 0xF800 != 0xD800 { return j &+ 6 }
            guard unit < 0xDC00 else { throw JSONParseError(reason: "lone surrogate in \\u escape", offset: j) }
            guard j &+ 6 < n else { return nil }
            guard p[j &+ 6] == UInt8(ascii: "\\") else { throw JSONParseError(reason: "lone surrogate in \\u escape", offset: j) }
            guard j &+ 7 < n else { return nil }
            guard p[j &+ 7] == UInt8(ascii: "u") else { throw JSONParseError(reason: "lone surrogate in \\u escape", offset: j) }
            guard let low = try hex4(p, j &+ 8, n, escapeStart: j &+ 6) else { return nil }
            guard low & 0xFC00 == 0xDC00 else { throw JSONParseError(reason: "lone surrogate in \\u escape", offset: j) }
            return j &+ 12
        default:
            throw JSONParseError(reason: "invalid escape sequence", offset: j)
        }
    }

    /// The four hexadecimal digits at `at`, nil while they are not all here (those that are must
    /// be digits).
    private func hex4(_ p: UnsafePointer<UInt8>, _ at: Int, _ n: Int, escapeStart: Int) throws(JSONParseError) -> UInt32? {
        guard at &+ 4 <= n else {
            var k = at
            while k < n {
                let letter = p[k] | 0x20
                guard p[k] &- UInt8(ascii: "0") < 10 || letter &- UInt8(ascii: "a") < 6 else {
                    throw JSONParseError(reason: "invalid \\u escape", offset: escapeStart)
                }
                k &+= 1
            }
            return nil
        }
        let word = UInt32(littleEndian: UnsafeRawPointer(p + at).loadUnaligned(as: UInt32.self))
        guard let value = JSONScalarDecoder.hex4(word) else { throw JSONParseError(reason: "invalid \\u escape", offset: escapeStart) }
        return value
    }

    /// The end of the UTF-8 sequence whose lead byte (>= 0x80) is at `j`, nil when it is not all
    /// here yet; a wrong byte throws as soon as it arrives (at the lead byte, as `JSONTapeBuilder`).
    private func utf8End(_ p: UnsafePointer<UInt8>, _ j: Int, _ n: Int) throws(JSONParseError) -> Int? {
        let c = p[j]
        let invalid = JSONParseError(reason: "invalid UTF-8", offset: j)
        @inline(__always) func continuation(_ k: Int) throws(JSONParseError) -> Bool {
            guard k < n else { return false }
            guard p[k] & 0xC0 == 0x80 else { throw invalid }
            return true
        }
        if c < 0xC2 { throw invalid }
        if c < 0xE0 {
            return try continuation(j &+ 1) ? j &+ 2 : nil
        }
        let (low, high, length): (UInt8, UInt8, Int)
        if c < 0xF0 {
            (low, high, length) = (c == 0xE0 ? 0xA0 : 0x80, c == 0xED ? 0x9F : 0xBF, 3)
        } else if c < 0xF5 {
            (low, high, length) = (c == 0xF0 ? 0x90 : 0x80, c == 0xF4 ? 0x8F : 0xBF, 4)
        } else {
            throw invalid
        }
        guard j &+ 1 < n else { return nil }
        let b1 = p[j &+ 1]
        guard b1 >= low, b1 <= high else { throw invalid }
        var k = j &+ 2
        while k < j &+ length {
            guard try continuation(k) else { return nil }
            k &+= 1
        }
        return j &+ length
    }

    // MARK: Numbers

    @inline(__always)
    private func skipDigits(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> Int {
        var j = start
        while j &+ 8 <= n {
            let flagged = JSONTapeView.nonDigitBytes(UInt64(littleEndian: UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self)))
            if flagged != 0 { return j &+ flagged.trailingZeroBitCount >> 3 }
            j &+= 8
        }
        while j < n && p[j] &- UInt8(ascii: "0") < 10 { j &+= 1 }
        return j
    }

    /// The number at `start`: its end and whether it is an integral literal, or nil while it runs to
    /// the end of the bytes (unless `final`). Errors as `JSONTapeBuilder.scanNumber`'s.
    private func scanNumber(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int, final: Bool) throws(JSONParseError) -> (Int, Bool)? {
        var j = start
        if p[j] == UInt8(ascii: "-") { j &+= 1 }
        guard j < n else {
            if final { throw JSONParseError.endOfInput(at: j) }
            return nil
        }
        let digitsStart = j
        let first = p[j]
        if first == UInt8(ascii: "0") {
            j &+= 1
        } else if first &- UInt8(ascii: "1") < 9 {
            j = skipDigits(p, j &+ 1, n)
        } else {
            throw JSONParseError.unexpected(first, at: j)
        }
        let integerDigits = j &- digitsStart
        guard j < n else { return final ? (j, true) : nil }
        var integral = true
        if p[j] == UInt8(ascii: ".") {
            integral = false
            j &+= 1
            guard j < n else {
                if final { throw JSONParseError.endOfInput(at: j) }
                return nil
            }
            guard p[j] &- UInt8(ascii: "0") < 10 else { throw JSONParseError.unexpected(p[j], at: j) }
            j = skipDigits(p, j &+ 1, n)
            if j == n && !final { return nil }
        }
        var exponent = 0
        if j < n && p[j] | 0x20 == UInt8(ascii: "e") {
            integral = false
            j &+= 1
            var negative = false
            if j < n && (p[j] == UInt8(ascii: "+") || p[j] == UInt8(ascii: "-")) {
                negative = p[j] == UInt8(ascii: "-")
                j &+= 1
            }
            guard j < n else {
                if final { throw JSONParseError.endOfInput(at: j) }
                return nil
            }
            guard p[j] &- UInt8(ascii: "0") < 10 else { throw JSONParseError.unexpected(p[j], at: j) }
            while j < n && p[j] &- UInt8(ascii: "0") < 10 {
                if exponent < 100_000 { exponent = exponent &* 10 &+ Int(p[j] &- UInt8(ascii: "0")) }
                j &+= 1
            }
            if j == n && !final { return nil }
            if negative { exponent = -exponent }
        }
        if integerDigits &+ exponent > 308 {
            if !JSONScalarDecoder.double(p, start, j).isFinite {
                throw JSONParseError(reason: "number out of range", offset: start)
            }
        }
        return (j, integral)
    }
}
