import Foundation
import WrapModelFormats

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
            do throws(StreamFramingError) {
                if let element = try cursor.nextInChunk() { return element }
            } catch {
                stop()
                throw WrapStreamError(error)
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
                do throws(StreamFramingError) { return try cursor.finish() } catch { throw WrapStreamError(error) }
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
