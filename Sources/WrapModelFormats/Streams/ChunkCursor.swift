/// A framer and the chunk it is working through: the part of a stream's iteration that is the
/// same for every source, asynchronous or not. It holds one chunk at a time; the next is asked
/// for only when this one is used up, so nothing is read ahead.
package struct ChunkCursor {
    package let framer: any ElementFramer
    @usableFromInline var chunk: StreamChunk?
    @usableFromInline var position = 0
    /// The stream offset of the current chunk's first byte.
    @usableFromInline var chunkStart = 0
    @usableFromInline var chunkCount = 0
    /// Elements handed out so far, for errors that are not about an element's bytes.
    package private(set) var framedCount = 0

    package init(framer: any ElementFramer) { self.framer = framer }

    /// The stream offset just past the bytes received so far.
    @inlinable
    package var streamLength: Int { chunkStart + chunkCount }

    /// The next element that ends in the current chunk, or nil when the chunk is used up. Not
    /// inlinable: it calls the framer through its protocol, which no inlining would remove.
    package mutating func nextInChunk() throws(StreamFramingError) -> FramedElement? {
        guard let chunk, position < chunkCount else { return nil }
        let framer = self.framer
        let start = chunkStart
        var position = self.position
        defer { self.position = position }
        let element = try chunk.withBuffer { buffer throws(StreamFramingError) in
            try framer.next(in: buffer, at: &position, streamOffset: start)
        }
        if element != nil { framedCount += 1 }
        return element
    }

    /// Makes `next` the current chunk (the previous one is released).
    @inlinable
    package mutating func load(_ next: StreamChunk) {
        chunkStart += chunkCount
        chunkCount = next.count
        chunk = next
        position = 0
    }

    /// The end of the source: the last element if one ends there.
    package mutating func finish() throws(StreamFramingError) -> FramedElement? {
        load(.bytes([]))
        chunk = nil
        let element = try framer.finish(streamLength: streamLength)
        if element != nil { framedCount += 1 }
        return element
    }
}
