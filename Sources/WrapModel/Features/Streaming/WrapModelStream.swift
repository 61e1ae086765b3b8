import Foundation
import WrapModelFormats

/// The models of a stream's elements, each made as soon as its last byte arrives.
///
/// Made by `models(streaming:format:mutable:strict:options:)`; iterate it with `for try await`.
/// Each element is copied into its own buffer and becomes a model exactly as
/// `init(parsing:)` would make it of those bytes; the stream keeps only the chunk being read
/// and the part of an element that began in an earlier chunk. Iteration pulls: the source is
/// asked for a chunk only when the previous one is used up. Cancelling the task ends iteration
/// with ``WrapStreamError/Kind/cancelled`` before the next pull and releases the source.
///
/// Iterating it twice reads the source twice, as the source's own sequence would.
public struct WrapModelStream<Model: WrapModel, Source: AsyncSequence>: AsyncSequence {
    public typealias Element = Model
    public typealias Failure = WrapStreamError

    let source: Source
    let shape: AsyncChunkPuller<Source>.Shape
    let format: WrapStreamFormat
    let decoding: ElementDecoding

    public func makeAsyncIterator() -> Iterator {
        Iterator(elements: AsyncFramedElements(source, shape: shape, framer: format.makeFramer(limit: decoding.options.maxElementBytes)),
                 decoding: decoding)
    }

    /// Gives the stream's models in order.
    public struct Iterator: AsyncIteratorProtocol {
        var elements: AsyncFramedElements<Source>
        let decoding: ElementDecoding

        /// The next model, or nil at the end of the stream.
        /// - Throws: ``WrapStreamError``; after an error the iterator returns nil.
        public mutating func next() async throws(WrapStreamError) -> Model? {
            try await next(isolation: nil)
        }

        /// The next model, or nil at the end of the stream, reading the source on `actor`.
        /// - Throws: ``WrapStreamError``; after an error the iterator returns nil.
        /// - Parameter actor: The actor the source is read on.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(WrapStreamError) -> Model? {
            let decoding = self.decoding
            return try await elements.next(isolation: actor) { element throws(WrapStreamError) in try decoding.model(element, as: Model.self) }
        }
    }
}

extension WrapModelStream: Sendable where Source: Sendable {}

/// Server-sent events whose data is JSON, each with its model, as they arrive.
///
/// Made by `events(streaming:mutable:strict:options:)`; see ``WrapServerSentEvent`` for the
/// fields and ``WrapModelStream`` for memory, pulling and cancellation, which are the same.
/// An event whose data does not give a model follows ``WrapStreamOptions/onBadElement``: pass
/// `.endStream` for the `data: [DONE]` that some streaming APIs send last.
public struct WrapServerSentEventStream<Model: WrapModel, Source: AsyncSequence>: AsyncSequence {
    public typealias Element = WrapServerSentEvent<Model>
    public typealias Failure = WrapStreamError

    let source: Source
    let shape: AsyncChunkPuller<Source>.Shape
    let decoding: ElementDecoding

    public func makeAsyncIterator() -> Iterator {
        Iterator(elements: AsyncFramedElements(source, shape: shape, framer: ServerSentEventFramer(limit: decoding.options.maxElementBytes)),
                 decoding: decoding)
    }

    /// Gives the stream's events in order.
    public struct Iterator: AsyncIteratorProtocol {
        var elements: AsyncFramedElements<Source>
        let decoding: ElementDecoding

        /// The next event with its model, or nil at the end of the stream.
        /// - Throws: ``WrapStreamError``; after an error the iterator returns nil.
        public mutating func next() async throws(WrapStreamError) -> WrapServerSentEvent<Model>? {
            try await next(isolation: nil)
        }

        /// The next event with its model, reading the source on `actor`.
        /// - Throws: ``WrapStreamError``; after an error the iterator returns nil.
        /// - Parameter actor: The actor the source is read on.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(WrapStreamError) -> WrapServerSentEvent<Model>? {
            let decoding = self.decoding
            return try await elements.next(isolation: actor) { element throws(WrapStreamError) in try decoding.event(element, as: Model.self) }
        }
    }
}

extension WrapServerSentEventStream: Sendable where Source: Sendable {}
