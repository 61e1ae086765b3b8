import Foundation

/// A parsed, fully validated JSON document: the UTF-8 bytes plus a flat tape indexing every value
/// (see `JSONTapeLayout`). Access through `root` is lazy — strings are decoded and numbers converted
/// only when asked for — which makes "parse, then read a few fields" much cheaper than decoding
/// everything up front.
///
/// The bytes are the caller's `Data`, kept rather than copied: a copy of a large response costs a
/// memory pass and, for fresh pages, a page fault every 4 KB (together about a fifth of indexing
/// twitter.json). `Data` is a value: nothing the caller does later changes what is kept here.
///
/// Reads use a pointer to those bytes taken once, at `init`, rather than `Data.withUnsafeBytes`
/// on every read: each of those calls checks exclusive access at run time (Foundation's storage
/// class has mutable stored properties), which was 5% of the instructions of reading every field
/// of twitter.json and 10% of its time. The pointer stays valid because the bytes are never
/// written while this document holds them: a `Data` larger than its inline capacity (14 bytes)
/// keeps them in a reference-counted buffer that copy-on-write leaves alone while it is shared,
/// and memory given with `bytesNoCopy` belongs to the caller, who must keep it alive (documented
/// on the public initializers). Documents under `copiedBelow` bytes, which may be stored inside
/// the `Data` value itself, are copied into a buffer of the document's own.
///
/// Immutable after `init`, hence safe to share across threads (`@unchecked` only because the tape
/// lives in a manually managed buffer that is never written after construction). The exception is
/// a document still arriving (`init(growingWithMaxDepth:)`): its builder (`growth`) changes the
/// fields below as pieces arrive, and the model library reads it and appends to it under one lock.
///
/// Public, with package members, only so that the model library's reads can inline what is
/// `@inlinable` here (members of a package type are not inlined across modules); the target is
/// no product, so nothing outside this package sees it.
public final class JSONDocument: @unchecked Sendable {
    // The fields are set once, in `init`, except while a document grows (see the type's comment):
    // `var` for that, unchecked, so reading them costs what reading constants does.

    /// The document's bytes; its indices start at 0 (a slice is copied), so tape offsets index it.
    @exclusivity(unchecked) package internal(set) var data: Data
    // Manually allocated by the builder and freed in deinit: one allocation for the whole tape.
    @exclusivity(unchecked) @usableFromInline var tape: UnsafeMutablePointer<JSONTapeLayout.Word>
    /// Number of tape words.
    @exclusivity(unchecked) @usableFromInline var tapeCount: Int
    /// Where each 256 MiB page of offsets after the first begins (see `JSONTapeLayout`): nil, and
    /// `pageCount` 0, for every document below that size.
    @usableFromInline let pageStarts: UnsafeMutablePointer<Int>?
    @usableFromInline let pageCount: Int
    /// See `JSONTapeView.compactNesting`.
    @exclusivity(unchecked) @usableFromInline var compactNesting: Int
    /// The first byte of `data` (or of `ownedCopy`) and the byte count; see the type's comment.
    @exclusivity(unchecked) @usableFromInline var bytes: UnsafePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var byteCount: Int
    /// The builder of a document that arrived in pieces (it owns the bytes); nil for every other document.
    @exclusivity(unchecked) package private(set) var growth: JSONGrowingTape?

    /// The builder of a document still arriving; nil for every other document, and once it is finished.
    package var growing: JSONGrowingTape? {
        guard let growth, !growth.isFinished else { return nil }
        return growth
    }
    /// A copy of a small document's bytes, freed in deinit.
    private let ownedCopy: UnsafeMutablePointer<UInt8>?

    /// Documents smaller than this are copied (a copy is cheap there) so that no pointer ever
    /// refers to bytes stored inside a `Data` value; it is far above `Data`'s inline capacity.
    static let copiedBelow = 256

    /// Parses and validates `data` completely (syntax, UTF-8, escapes, number range, depth).
    /// - Parameters:
    ///   - maxDepth: maximum number of nested containers; one more throws "nesting deeper than N".
    ///   - lenient: also accept a leading byte-order mark and trailing commas (see `JSONTapeBuilder`).
    package init(data: Data, maxDepth: Int = 512, lenient: Bool = false) throws(JSONParseError) {
        // A slice such as `body[headerEnd...]` has indices that do not start at 0 (tape offsets
        // would not index it), and keeping it would keep its base's whole buffer: it is copied.
        let data = data.startIndex == 0 ? data : Data(data)
        let built: Result<(tape: UnsafeMutablePointer<JSONTapeLayout.Word>, count: Int, pageStarts: [Int], compactNesting: Int), JSONParseError> = data.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in
                try JSONTapeBuilder.build(raw.bindMemory(to: UInt8.self), maxDepth: maxDepth, lenient: lenient)
            }
        }
        let (tape, tapeCount, pages, compactNesting) = try built.get()
        self.compactNesting = compactNesting
        self.data = data
        self.tape = tape
        self.tapeCount = tapeCount
        if pages.isEmpty {
            pageStarts = nil
        } else {
            let starts = UnsafeMutablePointer<Int>.allocate(capacity: pages.count)
            starts.initialize(from: pages, count: pages.count)
            pageStarts = starts
        }
        pageCount = pages.count
        byteCount = data.count
        if data.count < JSONDocument.copiedBelow {
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: data.count)
            _ = data.copyBytes(to: UnsafeMutableBufferPointer(start: copy, count: data.count))
            ownedCopy = copy
            bytes = UnsafePointer(copy)
        } else {
            ownedCopy = nil
            // A successfully parsed document is never empty, so `baseAddress` exists.
            bytes = data.withUnsafeBytes { UnsafePointer($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        }
        #if DEBUG
        // Every document a debug build (the test suite) parses is checked against the layout.
        checkInvariants()
        #endif
    }

    /// A document that has not arrived yet: `growth` appends its pieces. Until its root value
    /// starts it reads as an empty object. Strict RFC 8259, as `init(data:)` without `lenient`.
    /// - Parameter maxDepth: maximum number of nested containers; one more is an error.
    package init(growingWithMaxDepth maxDepth: Int = 512) {
        let tapeCapacity = 64
        let tape = JSONTapeBuilder.allocate(tapeCapacity)
        JSONGrowingTape.writeEmptyRoot(tape)
        let byteCapacity = 256
        guard let buffer = malloc(byteCapacity) else { fatalError("out of memory for a JSON document") }
        let bytes = buffer.bindMemory(to: UInt8.self, capacity: byteCapacity)
        self.tape = tape
        tapeCount = 3
        pageStarts = nil
        pageCount = 0
        compactNesting = -1
        self.bytes = UnsafePointer(bytes)
        byteCount = 0
        ownedCopy = nil
        data = Data(bytesNoCopy: bytes, count: byteCapacity, deallocator: .none)
        growth = JSONGrowingTape(document: self, maxDepth: max(0, maxDepth), tape: tape, tapeCapacity: tapeCapacity,
                                 bytes: bytes, byteCapacity: byteCapacity)
    }

    /// Points the document at the view its builder published (the lock held).
    func publishGrowth(tape: UnsafeMutablePointer<JSONTapeLayout.Word>, tapeCount: Int, bytes: UnsafeMutablePointer<UInt8>, byteCount: Int) {
        self.tape = tape
        self.tapeCount = tapeCount
        self.bytes = UnsafePointer(bytes)
        self.byteCount = byteCount
    }

    /// Makes the document what `init(data:)` makes of the same bytes: the finished tape and the
    /// bytes (which the builder keeps owning: `Data` copies a few bytes inline and frees them).
    func finishGrowing(tape: UnsafeMutablePointer<JSONTapeLayout.Word>, count: Int, bytes: UnsafeMutablePointer<UInt8>,
                       byteCount: Int, compactNesting: Int) {
        self.tape = tape
        tapeCount = count
        self.bytes = UnsafePointer(bytes)
        self.byteCount = byteCount
        self.compactNesting = compactNesting
        data = Data(bytesNoCopy: bytes, count: byteCount, deallocator: .none)
        #if DEBUG
        checkInvariants()
        #endif
    }

    convenience init(bytes: [UInt8], maxDepth: Int = 512, lenient: Bool = false) throws(JSONParseError) {
        try self.init(data: Data(bytes), maxDepth: maxDepth, lenient: lenient)
    }

    deinit {
        JSONTapeBuilder.release(tape)
        ownedCopy?.deallocate()
        pageStarts?.deallocate()
    }

    /// Runs `body` with a view of the tape and bytes (valid only inside `body`).
    @inlinable @inline(__always)
    package func withView<R, E: Error>(_ body: (JSONTapeView) throws(E) -> R) throws(E) -> R {
        try body(JSONTapeView(tape: UnsafePointer(tape), tapeCount: tapeCount, bytes: bytes, byteCount: byteCount,
                              pageStarts: UnsafePointer(pageStarts), pageCount: pageCount, compactNesting: compactNesting))
    }
}
