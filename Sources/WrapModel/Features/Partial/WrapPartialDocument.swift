import Foundation
import WrapModelJSON

/// A JSON document that is still arriving, and one model over it that grows with it.
///
/// Make one before the first byte, hand its ``model`` to whatever shows it, and append the
/// document's pieces as they come: bytes, `Data`, or text fragments such as a language model's
/// streamed output. The model can be read at any point, from any thread, and always shows what has
/// arrived (see ``WrapArrival`` and the projection's `arrival` and `receivedText`); with
/// Observation, a piece notifies the properties whose values it changed, and only those.
///
/// ```swift
/// let reply = WrapPartialDocument<Recipe>()
/// let recipe = reply.model                 // the same Recipe from the first byte to the last
/// for try await fragment in fragments {
///     try reply.append(fragment)           // recipe.title, recipe.steps, … fill in
/// }
/// try reply.finish()                       // .truncated if the document stopped early
/// ```
///
/// Each piece extends what was built from the ones before: nothing received is scanned again,
/// the bytes are kept once, and values already complete stay converted. When the last byte has
/// arrived the model reads, validates and writes exactly as `init(parsing:)` makes it of the whole
/// document (lossless output byte for byte), and ``finish()`` applies `strict` as that initialiser
/// does. The document is strict RFC 8259 JSON whose root is an object; a malformed byte is an
/// error as soon as it arrives, with its offset.
///
/// The model is of exactly `Model` (no subclass is chosen from the data, as with `init(parsing:)`).
/// While the document arrives its models take the tree's lock on the reads that convert, as
/// mutable models do, whether or not they are mutable.
public final class WrapPartialDocument<Model: WrapModel>: @unchecked Sendable {
    // @unchecked: the state below is read and changed under `lock`, which every model over the
    // document shares.

    /// The model over the document: one instance from the first byte to the last.
    public let model: Model

    private let document: JSONDocument
    private let growth: JSONGrowingTape
    private let lock: WrapModelLock
    private let walk: PartialWalk
    private let strict: Bool
    private let maxBytes: Int
    @exclusivity(unchecked) private var failure: WrapStreamError?
    /// Whether `failure` is set: tested on every piece, cheaper than the optional error's case.
    @exclusivity(unchecked) private var hasFailed = false
    /// Whether the root is known to be an object: the root's kind is then not looked at again.
    @exclusivity(unchecked) private var rootIsObject = false
    /// The bytes appended (the builder's `byteCount`, kept here: see `JSONGrowingTape.Change`).
    @exclusivity(unchecked) private var received = 0
    @exclusivity(unchecked) private var finished = false

    /// A document none of which has arrived: ``model`` reads every property's default, and its
    /// ``WrapModel/arrival`` is ``WrapArrival/pending``.
    /// - Parameters:
    ///   - mutable: Whether the model's properties may be written. Defaults to `false`. A value
    ///     written wins over what arrives for it later.
    ///   - strict: Make ``finish()`` throw for the first invalid value ``WrapModel/validate()``
    ///     finds, as `init(parsing:mutable:strict:)` does. Defaults to `false`.
    ///   - options: ``WrapStreamOptions/maxElementBytes`` bounds the document (default 16 MiB;
    ///     at most 256 MiB); the other options concern streams of several elements.
    public init(mutable: Bool = false, strict: Bool = false, options: WrapStreamOptions = WrapStreamOptions()) {
        document = JSONDocument(growingWithMaxDepth: NestingLimit.maxDepth)
        growth = document.growth!
        lock = WrapModelLock()
        growth.owner = lock
        let observers = PartialObservers()
        growth.observers = observers
        walk = PartialWalk(document: document, growth: growth, observers: observers)
        self.strict = strict
        maxBytes = min(options.maxElementBytes, JSONGrowingTape.maxBytes)
        model = Model.make(over: ModelStorage(node: JSONNode(document: document, index: 0)), mutable: mutable, lock: lock, selecting: false)
        if ModelClassTable.of(Model.self).versioning != nil {
            // Migrations need the whole object before the model reads it.
            failure = WrapStreamError(elementIndex: 0, offset: 0, kind: .malformedStream(
                reason: "\(Model.self) has data versions: read its documents whole, with init(parsing:)"))
            hasFailed = true
        }
    }

    /// How many bytes have arrived.
    public var byteCount: Int { lock.reading { growth.byteCount } }

    /// Whether ``finish()`` completed the document.
    public var isFinished: Bool { lock.reading { finished } }

    // MARK: Appending

    /// Appends the next bytes of the document.
    /// - Parameter bytes: The next bytes, which may end anywhere: inside a string, a number or a
    ///   UTF-8 character.
    /// - Throws: ``WrapStreamError`` (element 0, the byte offset in the document):
    ///   ``WrapStreamError/Kind/badElement(_:)`` with `malformedJSON(reason:offset:)` for a
    ///   malformed byte (the reason and offset `init(parsing:)` reports) or `notAnObject(found:)`
    ///   for a root that is not an object, ``WrapStreamError/Kind/nestingTooDeep(limit:)`` at the
    ///   513th nested bracket, ``WrapStreamError/Kind/elementTooLarge(limit:)`` beyond
    ///   `maxElementBytes`, and ``WrapStreamError/Kind/malformedStream(reason:)`` for bytes after
    ///   ``finish()``. What arrived before the problem stays readable; every later call throws
    ///   the same error.
    public func append(_ bytes: Data) throws(WrapStreamError) {
        let result: Result<Void, WrapStreamError> = bytes.withUnsafeBytes { raw in Result { () throws(WrapStreamError) in try append(raw) } }
        try result.get()
    }

    /// Appends the next bytes of the document; see ``append(_:)-(Data)``.
    /// - Parameter bytes: The next bytes, which may end anywhere.
    /// - Throws: as ``append(_:)-(Data)``.
    public func append(_ bytes: [UInt8]) throws(WrapStreamError) {
        let result: Result<Void, WrapStreamError> = bytes.withUnsafeBytes { raw in Result { () throws(WrapStreamError) in try append(raw) } }
        try result.get()
    }

    /// Appends the next fragment of the document's text (its UTF-8 bytes): a language model's
    /// streamed output, the text deltas of server-sent events. A fragment may end anywhere,
    /// inside a string or a number.
    /// - Parameter text: The next fragment of the text.
    /// - Throws: as ``append(_:)-(Data)``.
    public func append(_ text: String) throws(WrapStreamError) {
        var text = text
        let result: Result<Void, WrapStreamError> = text.withUTF8 { utf8 in
            Result { () throws(WrapStreamError) in try append(UnsafeRawBufferPointer(utf8)) }
        }
        try result.get()
    }

    /// Appends the next bytes of the document, read where they are; see ``append(_:)-(Data)``.
    /// - Parameter bytes: The next bytes, copied into the document (the buffer is not kept).
    /// - Throws: as ``append(_:)-(Data)``.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(WrapStreamError) {
        // The notes and the error are set under the lock and used after it: nothing is carried
        // out of the lock's closure (a tuple of them was copied and destroyed on every piece).
        var notes = PartialNotes()
        var thrown: WrapStreamError?
        lock.writing {
            if hasFailed {
                thrown = failure
                return
            }
            if finished {
                thrown = WrapStreamError(elementIndex: 0, offset: growth.byteCount, kind: .malformedStream(reason: "data after the end of the document"))
                return
            }
            guard bytes.count <= maxBytes - received else {
                fail(WrapStreamError(elementIndex: 0, offset: 0, kind: .elementTooLarge(limit: maxBytes)))
                thrown = failure
                return
            }
            received &+= bytes.count
            do throws(JSONParseError) {
                try growth.append(bytes)
            } catch {
                fail(Self.streamError(error))
            }
            if !hasFailed && !rootIsObject {
                if let kind = rootKindIfNotObject() {
                    fail(WrapStreamError(elementIndex: 0, offset: 0, kind: .badElement(.notAnObject(found: kind))))
                } else {
                    rootIsObject = growth.count > 0
                }
            }
            notes = walk.run(root: model)
            if hasFailed { thrown = failure }
        }
        if !notes.isEmpty { notes.deliver() }
        if let thrown { throw thrown }
    }

    /// Records `error` as the one every later call throws (the lock held for writing).
    private func fail(_ error: WrapStreamError) {
        failure = error
        hasFailed = true
    }

    /// Ends the document: call it once the last piece has been appended.
    /// - Returns: ``model``, now the model `init(parsing:)` makes of the whole document.
    /// - Throws: ``WrapStreamError``: ``WrapStreamError/Kind/truncated`` when the document
    ///   is not complete (the model keeps what arrived); the error an earlier append threw; in
    ///   strict mode ``WrapStreamError/Kind/badElement(_:)`` with the
    ///   `WrapModelError.invalidValue(_:)` that `init(parsing:strict: true)` throws.
    @discardableResult
    public func finish() throws(WrapStreamError) -> Model {
        let outcome: (notes: PartialNotes, error: WrapStreamError?, wasFinished: Bool) = lock.writing {
            if let failure { return (PartialNotes(), failure, false) }
            if finished { return (PartialNotes(), nil, true) }
            do throws(JSONParseError) {
                try growth.finish()
            } catch {
                let kind: WrapStreamError.Kind = error.reason == "unexpected end of input" ? .truncated : Self.streamError(error).kind
                let failed = WrapStreamError(elementIndex: 0, offset: kind == .truncated ? growth.byteCount : error.offset, kind: kind)
                if kind != .truncated { fail(failed) }
                return (PartialNotes(), failed, false)
            }
            if let kind = rootKindIfNotObject() {
                fail(WrapStreamError(elementIndex: 0, offset: 0, kind: .badElement(.notAnObject(found: kind))))
                return (PartialNotes(), failure, false)
            }
            finished = true
            let notes = walk.run(root: model)
            return (notes, nil, false)
        }
        outcome.notes.deliver()
        if let error = outcome.error { throw error }
        if !outcome.wasFinished {
            do throws(WrapModelError) {
                try model.checkParsedModel(strict: strict)
            } catch {
                throw WrapStreamError(elementIndex: 0, offset: 0, kind: .badElement(error))
            }
        }
        return model
    }

    /// The JSON type of the root when it is known and is not an object (the lock held).
    private func rootKindIfNotObject() -> String? {
        guard growth.count > 0 else { return nil }
        let root = JSONNode(document: document, index: 0)
        return root.kind == .object ? nil : JSONTypeName.of(root)
    }

    /// The stream error for a parse error of the document.
    private static func streamError(_ error: JSONParseError) -> WrapStreamError {
        if error.reason.hasPrefix("nesting deeper than") {
            return WrapStreamError(elementIndex: 0, offset: error.offset, kind: .nestingTooDeep(limit: NestingLimit.maxDepth))
        }
        if error.reason == "document too large" {
            return WrapStreamError(elementIndex: 0, offset: 0, kind: .elementTooLarge(limit: JSONGrowingTape.maxBytes))
        }
        return WrapStreamError(elementIndex: 0, offset: error.offset, kind: .badElement(.malformedJSON(reason: error.reason, offset: error.offset)))
    }

    // MARK: Asynchronous sources

    /// Appends every piece of `source` as it arrives, then finishes the document.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(for: request)
    /// let recipe = try await reply.read(from: bytes)
    /// ```
    /// - Parameters:
    ///   - source: The document's bytes, one at a time.
    ///   - actor: The actor the source is read on. Defaults to the caller's (`#isolation`).
    /// - Returns: ``model``, complete.
    /// - Throws: ``WrapStreamError``: what ``append(_:)-(Data)`` and ``finish()`` throw,
    ///   ``WrapStreamError/Kind/sourceFailed(_:)`` when the source throws, and
    ///   ``WrapStreamError/Kind/cancelled`` when the task is cancelled (the source is then released).
    @discardableResult
    public func read<Source: AsyncSequence>(from source: Source, isolation actor: isolated (any Actor)? = #isolation)
        async throws(WrapStreamError) -> Model where Source.Element == UInt8 {
        try await read(source, isolation: actor) { (byte) throws(WrapStreamError) in
            let result: Result<Void, WrapStreamError> = withUnsafeBytes(of: byte) { raw in Result { () throws(WrapStreamError) in try append(raw) } }
            try result.get()
        }
    }

    /// Appends every `Data` piece of `source` (an `AsyncThrowingStream` fed by a
    /// `URLSessionDataDelegate`), then finishes; see ``read(from:isolation:)-(Source,_)``.
    /// - Parameters:
    ///   - source: The document's `Data` pieces, in order.
    ///   - actor: The actor the source is read on. Defaults to the caller's (`#isolation`).
    /// - Returns: ``model``, complete.
    /// - Throws: as ``read(from:isolation:)-(Source,_)``.
    @discardableResult
    public func read<Source: AsyncSequence>(from source: Source, isolation actor: isolated (any Actor)? = #isolation)
        async throws(WrapStreamError) -> Model where Source.Element == Data {
        try await read(source, isolation: actor) { (data) throws(WrapStreamError) in try append(data) }
    }

    /// Appends every `[UInt8]` piece of `source`, then finishes; see ``read(from:isolation:)-(Source,_)``.
    /// - Parameters:
    ///   - source: The document's `[UInt8]` pieces, in order.
    ///   - actor: The actor the source is read on. Defaults to the caller's (`#isolation`).
    /// - Returns: ``model``, complete.
    /// - Throws: as ``read(from:isolation:)-(Source,_)``.
    @discardableResult
    public func read<Source: AsyncSequence>(from source: Source, isolation actor: isolated (any Actor)? = #isolation)
        async throws(WrapStreamError) -> Model where Source.Element == [UInt8] {
        try await read(source, isolation: actor) { (bytes) throws(WrapStreamError) in try append(bytes) }
    }

    /// Appends every text fragment of `source` (the text deltas of server-sent events), then
    /// finishes; see ``read(from:isolation:)-(Source,_)``.
    /// - Parameters:
    ///   - source: The document's text fragments, in order.
    ///   - actor: The actor the source is read on. Defaults to the caller's (`#isolation`).
    /// - Returns: ``model``, complete.
    /// - Throws: as ``read(from:isolation:)-(Source,_)``.
    @discardableResult
    public func read<Source: AsyncSequence>(from source: Source, isolation actor: isolated (any Actor)? = #isolation)
        async throws(WrapStreamError) -> Model where Source.Element == String {
        try await read(source, isolation: actor) { (text) throws(WrapStreamError) in try append(text) }
    }

    private func read<Source: AsyncSequence>(_ source: Source, isolation actor: isolated (any Actor)?,
                                             _ appendElement: (Source.Element) throws(WrapStreamError) -> Void) async throws(WrapStreamError) -> Model {
        var iterator = source.makeAsyncIterator()
        while true {
            if Task.isCancelled { throw cancelled }
            let element: Source.Element?
            do {
                element = try await iterator.next(isolation: actor)
            } catch {
                throw error is CancellationError ? cancelled : WrapStreamError(elementIndex: 0, offset: byteCount, kind: .sourceFailed(error))
            }
            guard let element else {
                // Some sources (AsyncStream) end quietly when the task is cancelled: that is not
                // the end of the document.
                if Task.isCancelled { throw cancelled }
                return try finish()
            }
            try appendElement(element)
        }
    }

    private var cancelled: WrapStreamError { WrapStreamError(elementIndex: 0, offset: byteCount, kind: .cancelled) }
}
