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

/// What one run of the stream measured.
struct StreamMemoryFigures: Equatable {
    var totalBytes = 0
    var elements = 0
    var lastID = -1
    /// Resident size after the first 2,000 elements (the allocator warmed up), and the largest seen.
    var baseline = 0
    var peak = 0

    var line: String {
        "WRAPMODEL-STREAM-RSS total=\(totalBytes) elements=\(elements) last=\(lastID) baseline=\(baseline) peak=\(peak)"
    }

    init() {}

    init?(line: Substring) {
        var values: [String: Int] = [:]
        for field in line.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]) else { return nil }
            values[String(parts[0])] = value
        }
        guard let total = values["total"], let elements = values["elements"], let last = values["last"],
              let baseline = values["baseline"], let peak = values["peak"] else { return nil }
        (totalBytes, self.elements, lastID, self.baseline, self.peak) = (total, elements, last, baseline, peak)
    }
}

/// Streams the generated statuses, reading each one's id and dropping it, and samples the
/// resident size every 1,000 elements.
func streamGeneratedStatuses() async throws -> (StreamMemoryFigures, units: Int) {
    let tweet = try StreamFixture.resource("tweet")
    let unit = tweet + Array(",\n".utf8)
    let target = TestScale.pick(reduced: 32, full: 1024) * 1024 * 1024
    let source = GeneratedTweetChunks(unit: unit, units: target / unit.count + 1)
    var figures = StreamMemoryFigures()
    figures.totalBytes = source.totalBytes
    for try await status in StreamTweet.models(streaming: source) {
        figures.lastID = status.id
        figures.elements += 1
        guard figures.elements % 1000 == 0, let resident = StreamingMemoryTests.residentBytes() else { continue }
        if figures.elements == 2000 { figures.baseline = resident }
        figures.peak = max(figures.peak, resident)
    }
    return (figures, source.units)
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

    /// Set in the child process that measures.
    static let probeVariable = "WRAPMODEL_STREAM_MEMORY_PROBE"

    /// On Linux the stream runs in a child process (this test binary, running only
    /// `StreamingMemoryProbe`): the other tests run in parallel in this process, and a 100 MB
    /// document parsed next door would show in this process's resident size.
    @Test("1 GB of generated elements through 64 KB chunks (32 MB unless WRAPMODEL_FULL_TESTS=1): resident size stays flat")
    func boundedMemory() async throws {
        #if os(Linux)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--testing-library", "swift-testing", "--filter", "StreamingMemoryProbe"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.probeVariable] = "1"
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        let line = text.split(separator: "\n").first { $0.hasPrefix("WRAPMODEL-STREAM-RSS ") }
        let figures = try #require(line.flatMap { StreamMemoryFigures(line: $0) }, "the probe printed no figures: \(text)")
        #expect(figures.totalBytes >= TestScale.pick(reduced: 32, full: 1024) * 1024 * 1024)
        #expect(figures.lastID == 0)   // the closing `{}` has no id
        let growth = figures.peak - figures.baseline
        print("WrapModel streaming: \(figures.totalBytes / 1_048_576) MB, \(figures.elements) elements in 64 KB chunks; resident \(figures.baseline / 1_048_576) MB after 2,000 elements, peak \(figures.peak / 1_048_576) MB (growth \(growth / 1024) KB)")
        #expect(figures.baseline > 0)
        #expect(growth < 16 * 1024 * 1024)
        #else
        let (figures, units) = try await streamGeneratedStatuses()
        #expect(figures.elements == units + 1)
        #expect(figures.lastID == 0)
        #endif
    }
}

/// The measuring side of `StreamingMemoryTests`: does nothing unless started by it.
@Suite("Streaming: bounded memory, measured in a child process")
struct StreamingMemoryProbe {
    @Test("Stream the generated statuses and print the resident sizes",
          .enabled(if: ProcessInfo.processInfo.environment[StreamingMemoryTests.probeVariable] != nil, "runs in the measuring child process only"))
    func probe() async throws {
        let (figures, units) = try await streamGeneratedStatuses()
        #expect(figures.elements == units + 1)
        print(figures.line)
    }
}
