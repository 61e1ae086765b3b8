import Foundation
import WrapModelFormats

/// The framed elements of a synchronous source (a file handle, a sequence of chunks): the
/// blocking counterpart of `AsyncFramedElements`.
struct SyncFramedElements {
    /// Reads the next chunk; nil at the end. Owns the source (and closes a file it opened).
    typealias Pull = () throws(WrapStreamError) -> StreamChunk?

    private var cursor: ChunkCursor
    private var pull: Pull?

    init(framer: any ElementFramer, pull: @escaping Pull) {
        cursor = ChunkCursor(framer: framer)
        self.pull = pull
    }

    mutating func next() throws(WrapStreamError) -> FramedElement? {
        while let pull {
            do throws(StreamFramingError) {
                if let element = try cursor.nextInChunk() { return element }
            } catch {
                stop()
                throw WrapStreamError(error)
            }
            let chunk: StreamChunk?
            do throws(WrapStreamError) {
                chunk = try pull()
            } catch {
                stop()
                throw WrapStreamError(elementIndex: error.elementIndex == -1 ? cursor.framedCount : error.elementIndex,
                                      offset: error.offset == -1 ? cursor.streamLength : error.offset, kind: error.kind)
            }
            guard let chunk else {
                stop()
                do throws(StreamFramingError) { return try cursor.finish() } catch { throw WrapStreamError(error) }
            }
            cursor.load(chunk)
        }
        return nil
    }

    /// Ends the iteration and releases the source.
    mutating func stop() { pull = nil }

    /// The next element that `decode` delivers, passing over those it skips. An error, thrown
    /// by the framing or by `decode`, ends the iteration, as ``ElementDecoding/Outcome/end`` does:
    /// every later call returns nil.
    mutating func next<T>(_ decode: (FramedElement) throws(WrapStreamError) -> ElementDecoding.Outcome<T>) throws(WrapStreamError) -> T? {
        while let element = try next() {
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

    /// Chunks read from `handle`, `chunkSize` bytes at a time; `closing` closes it at the end.
    static func reading(_ handle: FileHandle, chunkSize: Int, closing: Bool) -> Pull {
        let source = HandleSource(handle: handle, closing: closing)
        return { () throws(WrapStreamError) in
            do {
                guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else {
                    source.close()
                    return nil
                }
                return .data(data)
            } catch {
                source.close()
                // The position is filled in by `next()`, which knows it.
                throw WrapStreamError(elementIndex: -1, offset: -1, kind: .sourceFailed(error))
            }
        }
    }

    /// A handle the reader opened, closed once when the reader is done with it or goes away.
    private final class HandleSource {
        let handle: FileHandle
        var closing: Bool

        init(handle: FileHandle, closing: Bool) {
            self.handle = handle
            self.closing = closing
        }

        func close() {
            guard closing else { return }
            closing = false
            try? handle.close()
        }

        deinit { close() }
    }
}
