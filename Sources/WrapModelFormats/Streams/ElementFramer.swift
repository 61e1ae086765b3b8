/// Finds where elements start and end in a stream given one chunk at a time.
///
/// A framer keeps what it needs across chunk boundaries (inside a string, after a backslash,
/// the depth, an unfinished line) and the bytes of an element that began in an earlier chunk;
/// nothing else. Framers are classes so that the stream's iterator mutates them in place
/// without copying those buffers.
package protocol ElementFramer: AnyObject {
    /// The next element that ends in `buffer` at or after `position`, with `position` moved past
    /// it; nil when the rest of the buffer was consumed without an element ending (`position` is
    /// then `buffer.count`). `streamOffset` is the stream offset of `buffer[0]`.
    func next(in buffer: UnsafeBufferPointer<UInt8>, at position: inout Int, streamOffset: Int) throws(StreamFramingError) -> FramedElement?

    /// Called once the source has ended, `streamLength` bytes in: the last element when one
    /// ends there, nil when the stream ended cleanly; throws when it ended inside an element.
    func finish(streamLength: Int) throws(StreamFramingError) -> FramedElement?
}
