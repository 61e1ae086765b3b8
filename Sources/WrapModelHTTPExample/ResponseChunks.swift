import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking   // URLSession on Linux
#endif

/// The body of a response in the pieces URLSession receives it, as they arrive.
///
/// On Apple platforms `URLSession.shared.bytes(for:)` gives the body as a byte sequence; Linux's
/// URLSession has no `bytes(for:)`, so this example uses a data delegate, which both have.
/// Pieces that arrive faster than they are read wait in the stream.
enum ResponseChunks {
    static func chunks(for request: URLRequest) -> AsyncThrowingStream<Data, any Error> {
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let session = URLSession(configuration: .ephemeral, delegate: Receiver(continuation), delegateQueue: nil)
        let task = session.dataTask(with: request)
        // Stopping the iteration (or cancelling its task) cancels the download.
        continuation.onTermination = { _ in
            task.cancel()
            session.finishTasksAndInvalidate()
        }
        task.resume()
        return chunks
    }

    // @unchecked: it only forwards to the continuation, which is Sendable.
    private final class Receiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let continuation: AsyncThrowingStream<Data, any Error>.Continuation

        init(_ continuation: AsyncThrowingStream<Data, any Error>.Continuation) { self.continuation = continuation }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            continuation.yield(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            continuation.finish(throwing: error)
        }
    }
}
