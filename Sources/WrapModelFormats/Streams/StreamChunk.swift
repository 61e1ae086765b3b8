import Foundation

/// A piece of a stream, kept in the form its source gave it so that nothing is copied before
/// it is scanned. A byte-at-a-time source gives one byte per piece: an element is then framed
/// as soon as its last byte arrives, which a live stream (events, a slow response) needs.
package enum StreamChunk {
    case data(Data)
    case bytes([UInt8])
    case byte(UInt8)

    @inlinable
    package var count: Int {
        switch self {
        case .data(let data): return data.count
        case .bytes(let bytes): return bytes.count
        case .byte: return 1
        }
    }

    /// Calls `body` with the chunk's bytes.
    @inlinable
    package func withBuffer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws(StreamFramingError) -> R) throws(StreamFramingError) -> R {
        // The standard library's `withUnsafeBytes` rethrows untyped errors: the typed error
        // travels in a Result.
        let result: Result<R, StreamFramingError>
        switch self {
        case .data(let data):
            result = data.withUnsafeBytes { raw in Result { () throws(StreamFramingError) in try body(raw.bindMemory(to: UInt8.self)) } }
        case .bytes(let bytes):
            result = bytes.withUnsafeBufferPointer { buffer in Result { () throws(StreamFramingError) in try body(buffer) } }
        case .byte(let byte):
            result = withUnsafeBytes(of: byte) { raw in Result { () throws(StreamFramingError) in try body(raw.bindMemory(to: UInt8.self)) } }
        }
        return try result.get()
    }
}
