import Foundation

/// The bytes of the element being framed: a start in the current chunk, and what earlier chunks
/// held of it. An element that lies inside one chunk is copied once, straight into its own
/// `Data`; one that spans chunks is gathered in `carried` first.
struct ElementBytes {
    /// Bytes of the element from earlier chunks.
    private(set) var carried: [UInt8] = []
    /// Where the element starts in the current chunk (0 when it began in an earlier one).
    var start = 0
    /// The stream offset of the element's first byte.
    var offset = 0
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Begins an element at `start` of the chunk whose first byte is at `streamOffset`.
    mutating func begin(at start: Int, streamOffset: Int) {
        self.start = start
        offset = streamOffset + start
    }

    /// How many bytes the element has up to `end` of the current chunk.
    func count(upTo end: Int) -> Int { carried.count + end - start }

    /// Keeps the element's bytes of a chunk that ends before the element does.
    mutating func carry(_ buffer: UnsafeBufferPointer<UInt8>, upTo end: Int) {
        carried.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<end]))
        start = 0
    }

    /// The whole element, ending at `end` of the current chunk; the carried bytes are reset.
    mutating func take(_ buffer: UnsafeBufferPointer<UInt8>, upTo end: Int) -> Data {
        if carried.isEmpty {
            return Data(UnsafeBufferPointer(rebasing: buffer[start..<end]))
        }
        carried.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<end]))
        let bytes = Data(carried)
        // One large element must not keep its buffer for the rest of the stream.
        carried.removeAll(keepingCapacity: carried.capacity <= 1 << 20)
        return bytes
    }

    /// The carried bytes as the whole element (the stream ended where the element may end).
    mutating func takeCarried() -> Data {
        let bytes = Data(carried)
        carried = []
        return bytes
    }

    /// Forgets the element.
    mutating func reset() {
        carried.removeAll(keepingCapacity: carried.capacity <= 1 << 20)
        start = 0
    }
}
