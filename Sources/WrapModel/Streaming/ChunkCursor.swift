/// A framer and the chunk it is working through: the part of a stream's iteration that is the
/// same for every source, asynchronous or not. It holds one chunk at a time; the next is asked
/// for only when this one is used up, so nothing is read ahead.
struct ChunkCursor {
    let framer: any ElementFramer
    private var chunk: StreamChunk?
    private var position = 0
    /// The stream offset of the current chunk's first byte.
    private var chunkStart = 0
    private var chunkCount = 0
    /// Elements handed out so far, for errors that are not about an element's bytes.
    private(set) var framedCount = 0

    init(framer: any ElementFramer) { self.framer = framer }

    /// The stream offset just past the bytes received so far.
    var streamLength: Int { chunkStart + chunkCount }

    /// The next element that ends in the current chunk, or nil when the chunk is used up.
    mutating func nextInChunk() throws(WrapStreamError) -> FramedElement? {
        guard let chunk, position < chunkCount else { return nil }
        let framer = self.framer
        let start = chunkStart
        var position = self.position
        defer { self.position = position }
        let element = try chunk.withBuffer { buffer throws(WrapStreamError) in
            try framer.next(in: buffer, at: &position, streamOffset: start)
        }
        if element != nil { framedCount += 1 }
        return element
    }

    /// Makes `next` the current chunk (the previous one is released).
    mutating func load(_ next: StreamChunk) {
        chunkStart += chunkCount
        chunkCount = next.count
        chunk = next
        position = 0
    }

    /// The end of the source: the last element if one ends there.
    mutating func finish() throws(WrapStreamError) -> FramedElement? {
        load(.bytes([]))
        chunk = nil
        let element = try framer.finish(streamLength: streamLength)
        if element != nil { framedCount += 1 }
        return element
    }
}
