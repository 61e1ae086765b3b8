import Foundation

/// Pulls chunks from an asynchronous source of bytes, of `Data` or of `[UInt8]`.
///
/// Which of the three the source is was decided by the public call that accepted it (its
/// overloads are constrained to these element types), and is recorded in `shape`.
struct AsyncChunkPuller<Source: AsyncSequence> {
    enum Shape: Sendable {
        case bytes
        case data
        case arrays
    }

    private var iterator: Source.AsyncIterator?
    private let shape: Shape

    init(_ source: Source, shape: Shape) {
        iterator = source.makeAsyncIterator()
        self.shape = shape
    }

    /// The source's next element as a chunk; nil once it has ended or was released.
    mutating func next(isolation actor: isolated (any Actor)?) async throws -> StreamChunk? {
        guard iterator != nil else { return nil }
        guard let element = try await iterator!.next(isolation: actor) else {
            iterator = nil
            return nil
        }
        switch shape {
        case .bytes: return .byte(element as! UInt8)
        case .data: return .data(element as! Data)
        case .arrays: return .bytes(element as! [UInt8])
        }
    }

    /// Drops the source's iterator, which releases what it holds (an `AsyncStream` calls its
    /// `onTermination`).
    mutating func release() { iterator = nil }
}

/// The framed elements of an asynchronous source: pulls a chunk only when the current one is
/// used up, checks for cancellation before each pull, and releases the source when it ends,
/// fails or is cancelled.
struct AsyncFramedElements<Source: AsyncSequence> {
    private var cursor: ChunkCursor
    private var puller: AsyncChunkPuller<Source>
    private var finished = false

    init(_ source: Source, shape: AsyncChunkPuller<Source>.Shape, framer: any ElementFramer) {
        cursor = ChunkCursor(framer: framer)
        puller = AsyncChunkPuller(source, shape: shape)
    }

    mutating func next(isolation actor: isolated (any Actor)?) async throws(WrapStreamError) -> FramedElement? {
        while !finished {
            do {
                if let element = try cursor.nextInChunk() { return element }
            } catch {
                stop()
                throw error
            }
            if Task.isCancelled {
                stop()
                throw WrapStreamError(elementIndex: cursor.framedCount, offset: cursor.streamLength, kind: .cancelled)
            }
            let chunk: StreamChunk?
            do {
                chunk = try await puller.next(isolation: actor)
            } catch {
                stop()
                let kind: WrapStreamError.Kind = error is CancellationError ? .cancelled : .sourceFailed(error)
                throw WrapStreamError(elementIndex: cursor.framedCount, offset: cursor.streamLength, kind: kind)
            }
            guard let chunk else {
                stop()
                // Some sources (AsyncStream) end quietly when the task is cancelled: that is
                // not the end of the data, and must not read as a truncated stream.
                if Task.isCancelled {
                    throw WrapStreamError(elementIndex: cursor.framedCount, offset: cursor.streamLength, kind: .cancelled)
                }
                return try cursor.finish()
            }
            cursor.load(chunk)
        }
        return nil
    }

    /// Ends the iteration: later calls return nil, and the source is released.
    mutating func stop() {
        finished = true
        puller.release()
    }

    /// The next element that `decode` delivers, passing over those it skips. An error, thrown
    /// by the source, the framing or `decode`, ends the iteration, as ``ElementDecoding/Outcome/end``
    /// does: every later call returns nil.
    mutating func next<T>(isolation actor: isolated (any Actor)?,
                          _ decode: (FramedElement) throws(WrapStreamError) -> ElementDecoding.Outcome<T>) async throws(WrapStreamError) -> T? {
        while let element = try await next(isolation: actor) {
            let outcome: ElementDecoding.Outcome<T>
            do {
                outcome = try decode(element)
            } catch {
                stop()
                throw error
            }
            switch outcome {
            case .deliver(let value): return value
            case .skip: continue
            case .end:
                stop()
                return nil
            }
        }
        return nil
    }
}

extension WrapStreamFormat {
    /// A new framer for this format.
    func makeFramer(limit: Int) -> any ElementFramer {
        switch framing {
        case .array(let path): return ArrayElementFramer(path: path, limit: limit)
        case .jsonLines: return JSONLinesFramer(limit: limit)
        }
    }
}
