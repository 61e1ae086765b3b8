import Foundation
import Testing
import WrapModel

/// A generated stream: `[` then copies of one tweet separated by commas, then `{}]`, handed
/// out in 64 KB `Data` chunks made on demand, so the test holds no more of it than a chunk.
struct GeneratedTweetChunks: AsyncSequence {
    typealias Element = Data
    let unit: [UInt8]
    let units: Int
    let chunkSize = 64 * 1024

    var totalBytes: Int { 1 + unit.count * units + 3 }

    func makeAsyncIterator() -> Iterator { Iterator(unit: unit, total: totalBytes, chunkSize: chunkSize) }

    struct Iterator: AsyncIteratorProtocol {
        let unit: [UInt8]
        let total: Int
        let chunkSize: Int
        var produced = 0

        mutating func next() async -> Data? {
            guard produced < total else { return nil }
            let count = Swift.min(chunkSize, total - produced)
            let tailStart = total - 3
            var out: [UInt8] = []
            out.reserveCapacity(count)
            var offset = produced
            while out.count < count {
                if offset == 0 {
                    out.append(UInt8(ascii: "["))
                    offset += 1
                } else if offset >= tailStart {
                    out.append(Array("{}]".utf8)[offset - tailStart])
                    offset += 1
                } else {
                    let start = (offset - 1) % unit.count
                    let length = Swift.min(unit.count - start, count - out.count, tailStart - offset)
                    out.append(contentsOf: unit[start..<(start + length)])
                    offset += length
                }
            }
            produced += count
            return Data(out)
        }
    }
}

@Suite("Streaming: bounded memory")
struct StreamingMemoryTests {
    /// Resident size in bytes, from /proc/self/statm (Linux only; nil elsewhere).
    static func residentBytes() -> Int? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }

    @Test("1 GB of generated elements through 64 KB chunks (32 MB unless WRAPMODEL_FULL_TESTS=1): resident size stays flat")
    func boundedMemory() async throws {
        let tweet = try StreamFixture.resource("tweet")
        let unit = tweet + Array(",\n".utf8)
        let target = TestScale.pick(reduced: 32, full: 1024) * 1024 * 1024
        let source = GeneratedTweetChunks(unit: unit, units: target / unit.count + 1)
        #expect(source.totalBytes >= target)
        var count = 0
        var baseline: Int?
        var peak = 0
        var lastID = 0
        for try await status in StreamTweet.models(streaming: source) {
            lastID = status.id
            count += 1
            guard count % 1000 == 0, let resident = Self.residentBytes() else { continue }
            // The baseline is taken once the first 2,000 elements have warmed the allocator.
            if count == 2000 { baseline = resident }
            peak = max(peak, resident)
        }
        #expect(count == source.units + 1)
        #expect(lastID == 0)   // the closing `{}` has no id
        if let baseline {
            let growth = peak - baseline
            print("WrapModel streaming: \(source.totalBytes / 1_048_576) MB, \(count) elements in 64 KB chunks; resident \(baseline / 1_048_576) MB after 2,000 elements, peak \(peak / 1_048_576) MB (growth \(growth / 1024) KB)")
            #expect(growth < 16 * 1024 * 1024)
        }
    }
}
