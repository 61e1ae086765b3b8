import Foundation
import WrapModelFormats

/// The models of a file's or a chunk sequence's elements, read synchronously, one at a time.
///
/// Made by `models(streaming:format:mutable:strict:options:)` given a `FileHandle` or a
/// sequence of chunks, or by `models(streamingContentsOf:format:mutable:strict:options:)`:
///
/// ```swift
/// let reader = try Status.models(streamingContentsOf: exportURL, format: .jsonLines)
/// while let status = try reader.next() { … }
/// ```
/// Memory is that of ``WrapModelStream``: the chunk being read and one element. A reader is
/// for one thread at a time (it is not `Sendable`).
public final class WrapModelStreamReader<Model: WrapModel> {
    private var elements: SyncFramedElements
    private let decoding: ElementDecoding

    init(elements: SyncFramedElements, decoding: ElementDecoding) {
        self.elements = elements
        self.decoding = decoding
    }

    /// The next model, or nil at the end of the source.
    /// - Throws: ``WrapStreamError``; after an error the reader returns nil.
    public func next() throws(WrapStreamError) -> Model? {
        let decoding = self.decoding
        return try elements.next { element throws(WrapStreamError) in try decoding.model(element, as: Model.self) }
    }
}

/// Server-sent events read synchronously from a file or a chunk sequence (a recorded stream),
/// one at a time; see ``WrapServerSentEventStream``.
public final class WrapServerSentEventReader<Model: WrapModel> {
    private var elements: SyncFramedElements
    private let decoding: ElementDecoding

    init(elements: SyncFramedElements, decoding: ElementDecoding) {
        self.elements = elements
        self.decoding = decoding
    }

    /// The next event with its model, or nil at the end of the source.
    /// - Throws: ``WrapStreamError``; after an error the reader returns nil.
    public func next() throws(WrapStreamError) -> WrapServerSentEvent<Model>? {
        let decoding = self.decoding
        return try elements.next { element throws(WrapStreamError) in try decoding.event(element, as: Model.self) }
    }
}
