import Foundation
import WrapModelFormats

/// Streaming: models made one element at a time from bytes that are still arriving, beside
/// `init(parsing:)` (one document) and `importModels(from:)` (a whole array).
///
/// Every call takes the same arguments:
/// - `format`: ``WrapStreamFormat/array`` (the default: the elements of a top-level array),
///   ``WrapStreamFormat/array(at:)`` (the array at a key path of the root object) or
///   ``WrapStreamFormat/jsonLines`` (one document per line);
/// - `mutable`, `strict`: as in `init(parsing:)`, for each element;
/// - `options`: the largest element, what to do with a bad element, the read size for files.
///
/// Each element becomes a model exactly as `model(parsing:)` makes it of the element's bytes —
/// strict RFC 8259, lazy, with subclass selection, migrations and validation — over its own
/// copy of those bytes, so models are independent of each other and of the stream.
extension WrapModelImportable where Self: WrapModel {
    // MARK: Asynchronous sources

    /// The models of the elements of a byte sequence (`URLSession.AsyncBytes`,
    /// `FileHandle.AsyncBytes`), each as soon as its last byte arrives.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: url)
    /// for try await status in Status.models(streaming: bytes) { … }
    /// ```
    /// A byte sequence is read a byte at a time, which suits live streams; a source of `Data`
    /// chunks is faster for bulk data.
    /// - Parameters:
    ///   - source: The bytes.
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - mutable: Whether the models' properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``.
    /// - Returns: A sequence whose iteration throws ``WrapStreamError``.
    public static func models<Source: AsyncSequence>(streaming source: Source, format: WrapStreamFormat = .array,
                                                     mutable: Bool = false, strict: Bool = false,
                                                     options: WrapStreamOptions = WrapStreamOptions()) -> WrapModelStream<Self, Source>
    where Source.Element == UInt8 {
        WrapModelStream(source: source, shape: .bytes, format: format, decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// The models of the elements of a sequence of `Data` chunks (an `AsyncStream<Data>` fed by a
    /// `URLSessionDataDelegate`, a socket, a decompressor); see
    /// `models(streaming:format:mutable:strict:options:)` over a sequence of bytes.
    /// - Parameters:
    ///   - source: The bytes as they arrive.
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func models<Source: AsyncSequence>(streaming source: Source, format: WrapStreamFormat = .array,
                                                     mutable: Bool = false, strict: Bool = false,
                                                     options: WrapStreamOptions = WrapStreamOptions()) -> WrapModelStream<Self, Source>
    where Source.Element == Data {
        WrapModelStream(source: source, shape: .data, format: format, decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// The models of the elements of a sequence of `[UInt8]` chunks; see
    /// `models(streaming:format:mutable:strict:options:)` over a sequence of bytes.
    /// - Parameters:
    ///   - source: The bytes as they arrive.
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func models<Source: AsyncSequence>(streaming source: Source, format: WrapStreamFormat = .array,
                                                     mutable: Bool = false, strict: Bool = false,
                                                     options: WrapStreamOptions = WrapStreamOptions()) -> WrapModelStream<Self, Source>
    where Source.Element == [UInt8] {
        WrapModelStream(source: source, shape: .arrays, format: format, decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// Server-sent events (`text/event-stream`) whose data is JSON, each with its model, event
    /// name and id, from a byte sequence.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(for: request)
    /// for try await event in Delta.events(streaming: bytes, options: .init(onBadElement: .endStream)) {
    ///     print(event.name, event.model.text)
    /// }
    /// ```
    /// - Parameters:
    ///   - source: The bytes of the event stream.
    ///   - mutable: Whether the models' properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value in an event's data as a bad element. Defaults to `false`.
    ///   - options: Limits and choices; ``WrapStreamOptions/onBadElement`` decides what an event
    ///     whose data is not a JSON object (such as `[DONE]`) does.
    /// - Returns: A sequence of ``WrapServerSentEvent``s whose iteration throws ``WrapStreamError``.
    public static func events<Source: AsyncSequence>(streaming source: Source, mutable: Bool = false, strict: Bool = false,
                                                     options: WrapStreamOptions = WrapStreamOptions()) -> WrapServerSentEventStream<Self, Source>
    where Source.Element == UInt8 {
        WrapServerSentEventStream(source: source, shape: .bytes, decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// Server-sent events from a sequence of `Data` chunks; see
    /// `events(streaming:mutable:strict:options:)` over a sequence of bytes.
    /// - Parameters:
    ///   - source: The bytes as they arrive.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func events<Source: AsyncSequence>(streaming source: Source, mutable: Bool = false, strict: Bool = false,
                                                     options: WrapStreamOptions = WrapStreamOptions()) -> WrapServerSentEventStream<Self, Source>
    where Source.Element == Data {
        WrapServerSentEventStream(source: source, shape: .data, decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// Server-sent events from a sequence of `[UInt8]` chunks; see
    /// `events(streaming:mutable:strict:options:)` over a sequence of bytes.
    /// - Parameters:
    ///   - source: The bytes as they arrive.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func events<Source: AsyncSequence>(streaming source: Source, mutable: Bool = false, strict: Bool = false,
                                                     options: WrapStreamOptions = WrapStreamOptions()) -> WrapServerSentEventStream<Self, Source>
    where Source.Element == [UInt8] {
        WrapServerSentEventStream(source: source, shape: .arrays, decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    // MARK: Synchronous sources

    /// The models of the elements read from `handle`, synchronously, ``WrapStreamOptions/chunkSize``
    /// bytes at a time. The handle is read from its current position and is not closed.
    ///
    /// ```swift
    /// let reader = Status.models(streaming: FileHandle.standardInput, format: .jsonLines)
    /// while let status = try reader.next() { … }
    /// ```
    /// Parameters and errors are those of `models(streaming:format:mutable:strict:options:)` over a sequence of bytes;
    /// a failed read ends the reader with ``WrapStreamError/Kind/sourceFailed(_:)``.
    /// - Parameters:
    ///   - handle: The handle, read from its current position; it is not closed.
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func models(streaming handle: FileHandle, format: WrapStreamFormat = .array,
                              mutable: Bool = false, strict: Bool = false,
                              options: WrapStreamOptions = WrapStreamOptions()) -> WrapModelStreamReader<Self> {
        WrapModelStreamReader(elements: SyncFramedElements(framer: format.makeFramer(limit: options.maxElementBytes),
                                                           pull: SyncFramedElements.reading(handle, chunkSize: options.effectiveChunkSize, closing: false)),
                              decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// The models of the elements of the file at `url`, read synchronously; the file is closed
    /// when the reader reaches its end, fails or is released.
    /// - Throws: ``WrapStreamError/Kind/sourceFailed(_:)`` at offset 0 when the file cannot be opened.
    /// - Parameters:
    ///   - url: The file.
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func models(streamingContentsOf url: URL, format: WrapStreamFormat = .array,
                              mutable: Bool = false, strict: Bool = false,
                              options: WrapStreamOptions = WrapStreamOptions()) throws(WrapStreamError) -> WrapModelStreamReader<Self> {
        let handle = try openForStreaming(url)
        return WrapModelStreamReader(elements: SyncFramedElements(framer: format.makeFramer(limit: options.maxElementBytes),
                                                                  pull: SyncFramedElements.reading(handle, chunkSize: options.effectiveChunkSize, closing: true)),
                                     decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// The models of the elements of a sequence of `Data` chunks, read synchronously.
    /// - Parameters:
    ///   - chunks: The chunks, in order.
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func models<Chunks: Sequence>(streaming chunks: Chunks, format: WrapStreamFormat = .array,
                                                mutable: Bool = false, strict: Bool = false,
                                                options: WrapStreamOptions = WrapStreamOptions()) -> WrapModelStreamReader<Self>
    where Chunks.Element == Data {
        var iterator = chunks.makeIterator()
        return WrapModelStreamReader(elements: SyncFramedElements(framer: format.makeFramer(limit: options.maxElementBytes),
                                                                  pull: { () throws(WrapStreamError) in iterator.next().map(StreamChunk.data) }),
                                     decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// The models of the elements of a sequence of `[UInt8]` chunks, read synchronously.
    /// - Parameters:
    ///   - chunks: The chunks, in order.
    ///   - format: How elements are framed. Defaults to ``WrapStreamFormat/array``.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func models<Chunks: Sequence>(streaming chunks: Chunks, format: WrapStreamFormat = .array,
                                                mutable: Bool = false, strict: Bool = false,
                                                options: WrapStreamOptions = WrapStreamOptions()) -> WrapModelStreamReader<Self>
    where Chunks.Element == [UInt8] {
        var iterator = chunks.makeIterator()
        return WrapModelStreamReader(elements: SyncFramedElements(framer: format.makeFramer(limit: options.maxElementBytes),
                                                                  pull: { () throws(WrapStreamError) in iterator.next().map(StreamChunk.bytes) }),
                                     decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// Server-sent events read synchronously from `handle` (a recorded stream); the handle is not closed.
    /// - Parameters:
    ///   - handle: The handle, read from its current position; it is not closed.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func events(streaming handle: FileHandle, mutable: Bool = false, strict: Bool = false,
                              options: WrapStreamOptions = WrapStreamOptions()) -> WrapServerSentEventReader<Self> {
        WrapServerSentEventReader(elements: SyncFramedElements(framer: ServerSentEventFramer(limit: options.maxElementBytes),
                                                               pull: SyncFramedElements.reading(handle, chunkSize: options.effectiveChunkSize, closing: false)),
                                  decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// Server-sent events read synchronously from a sequence of `Data` chunks.
    /// - Parameters:
    ///   - chunks: The chunks, in order.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func events<Chunks: Sequence>(streaming chunks: Chunks, mutable: Bool = false, strict: Bool = false,
                                                options: WrapStreamOptions = WrapStreamOptions()) -> WrapServerSentEventReader<Self>
    where Chunks.Element == Data {
        var iterator = chunks.makeIterator()
        return WrapServerSentEventReader(elements: SyncFramedElements(framer: ServerSentEventFramer(limit: options.maxElementBytes),
                                                                      pull: { () throws(WrapStreamError) in iterator.next().map(StreamChunk.data) }),
                                         decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }

    /// Server-sent events read synchronously from a sequence of `[UInt8]` chunks.
    /// - Parameters:
    ///   - chunks: The chunks, in order.
    ///   - mutable: Whether properties may be written. Defaults to `false`.
    ///   - strict: Also treat the first invalid value ``WrapModel/validate()`` finds in an element as a
    ///     bad element. Defaults to `false`.
    ///   - options: Limits and choices; see ``WrapStreamOptions``. Defaults to `WrapStreamOptions()`.
    public static func events<Chunks: Sequence>(streaming chunks: Chunks, mutable: Bool = false, strict: Bool = false,
                                                options: WrapStreamOptions = WrapStreamOptions()) -> WrapServerSentEventReader<Self>
    where Chunks.Element == [UInt8] {
        var iterator = chunks.makeIterator()
        return WrapServerSentEventReader(elements: SyncFramedElements(framer: ServerSentEventFramer(limit: options.maxElementBytes),
                                                                      pull: { () throws(WrapStreamError) in iterator.next().map(StreamChunk.bytes) }),
                                         decoding: ElementDecoding(mutable: mutable, strict: strict, options: options))
    }
}

/// Opens `url` for reading, as a stream's source.
func openForStreaming(_ url: URL) throws(WrapStreamError) -> FileHandle {
    do {
        return try FileHandle(forReadingFrom: url)
    } catch {
        throw WrapStreamError(elementIndex: 0, offset: 0, kind: .sourceFailed(error))
    }
}
