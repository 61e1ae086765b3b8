import Foundation

/// Pulls chunks from an asynchronous source of bytes, of `Data` or of `[UInt8]`.
///
/// Which of the three the source is was decided by the public call that accepted it (its
/// overloads are constrained to these element types), and is recorded in `shape`.
package struct AsyncChunkPuller<Source: AsyncSequence> {
    package enum Shape: Sendable {
        case bytes
        case data
        case arrays
    }

    private var iterator: Source.AsyncIterator?
    private let shape: Shape

    package init(_ source: Source, shape: Shape) {
        iterator = source.makeAsyncIterator()
        self.shape = shape
    }

    /// The source's next element as a chunk; nil once it has ended or was released.
    package mutating func next(isolation actor: isolated (any Actor)?) async throws -> StreamChunk? {
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
    package mutating func release() { iterator = nil }
}
