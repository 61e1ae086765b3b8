/// Limits and choices of a stream of models; the defaults suit most uses.
public struct WrapStreamOptions: Sendable {
    /// What a stream does with an element whose bytes were framed (a line, an event's data, an
    /// array element whose end was found) but which does not give a model: malformed JSON, a value
    /// that is not an object, a newer data version, or in strict mode an invalid value.
    ///
    /// Errors in the framing itself — garbage between array elements, a trailing comma, an element
    /// larger than ``WrapStreamOptions/maxElementBytes``, nesting deeper than 512 containers, a
    /// stream that ends inside an element — always end the stream with an error, whatever this
    /// says.
    public enum BadElement: Sendable, Equatable {
        /// Throw a ``WrapStreamError`` for it (the default). Every element before it was delivered.
        case fail
        /// Pass over it and go on, after handing its error to ``WrapStreamOptions/onSkip``.
        /// Suits JSON Lines exports with a few broken lines, and events whose data is not JSON.
        case skip
        /// End the stream quietly there, without reading further: for the `data: [DONE]` event
        /// some streaming APIs send last.
        case endStream
    }

    /// The largest element, in bytes, that a stream accepts. A longer one ends the stream with
    /// ``WrapStreamError/Kind/elementTooLarge(limit:)`` once that many bytes have been read
    /// (the bytes are never all kept), so a stream that never closes an element cannot take all
    /// memory. Default: 16 MiB. For server-sent events it bounds one line and one event's data.
    public var maxElementBytes: Int
    /// What to do with an element that does not give a model. Default: ``BadElement/fail``.
    public var onBadElement: BadElement
    /// Called with the error of every element that ``BadElement/skip`` passes over, in stream order,
    /// on the task iterating the stream. Default: nil.
    public var onSkip: (@Sendable (WrapStreamError) -> Void)?
    /// The size of each read from a `FileHandle` or a file. Default: 64 KiB. (Asynchronous
    /// sources decide their own chunk sizes.)
    public var chunkSize: Int

    /// Options with the given values; every argument has its default.
    /// - Parameters:
    ///   - maxElementBytes: The most bytes one element may take. Defaults to 16 MiB.
    ///   - onBadElement: What an element that does not give a model does. Defaults to
    ///     ``BadElement/fail``.
    ///   - onSkip: Called with the error of each element ``BadElement/skip`` passes over. Defaults
    ///     to nil.
    ///   - chunkSize: The size of each read from a `FileHandle` or a file. Defaults to 64 KiB.
    public init(maxElementBytes: Int = 16 << 20, onBadElement: BadElement = .fail,
                onSkip: (@Sendable (WrapStreamError) -> Void)? = nil, chunkSize: Int = 64 << 10) {
        precondition(maxElementBytes > 0, "WrapStreamOptions: maxElementBytes must be positive")
        precondition(chunkSize > 0, "WrapStreamOptions: chunkSize must be positive")
        self.maxElementBytes = maxElementBytes
        self.onBadElement = onBadElement
        self.onSkip = onSkip
        self.chunkSize = chunkSize
    }
}
